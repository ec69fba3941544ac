// Run the gateway: read the environment, open the database (PGlite under DATA_DIR, or DATABASE_URL),
// migrate, seed the demo tenant (a no-op after the first start), listen, and run the daily job in the background.
import { buildApp } from './app';
import { systemClock } from './clock';
import { LISTENING_PREFIX, loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase, takePreparedMarker } from './db/prepare';
import { collectWhenIdle } from './idle-collect';
import { stopDocumentRenderers } from './documents/render-document';

const config = loadConfig();
// The one clock of this process: the demo seed dates from it, and every rule of the app reads it.
const clock = systemClock;
const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
// A copy of a data directory prepared a moment before by this same code needs none of it (db/prepare.ts).
if (config.databaseUrl || !(await takePreparedMarker(config.dataDir)))
  await prepareDatabase(db, kind, clock, config.filesDir);

const app = await buildApp({
  db,
  now: clock,
  database: kind,
  staticDir: config.staticDir,
  encryptEnabled: config.encryptEnabled,
  tokenIdleMinutes: config.tokenIdleMinutes,
  tokenMaxHours: config.tokenMaxHours,
  logLevel: config.logLevel,
  filesDir: config.filesDir,
  maxUploadBytes: config.maxUploadBytes,
  // The daily job (at start and at each 00:10 Beijing, one process of several winning the claim) and PGlite's
  // hourly vacuum, both stopped by app.close().
  background: true,
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => db.destroy())
      .then(() => stopDocumentRenderers())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: kind, node: process.version }, 'gateway ready');
  // PORT=0 lets the system choose a free port, so whoever started the gateway (the browser tests, the
  // benchmark) cannot lose it between choosing and binding; one line on stdout tells them which it is, and on
  // which Node the gateway runs.
  if (config.port === 0) {
    const { port } = app.server.address() as { port: number };
    process.stdout.write(`${LISTENING_PREFIX}${JSON.stringify({ port, node: process.version })}\n`);
  }
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await db.destroy();
  process.exit(1);
}

collectWhenIdle();
