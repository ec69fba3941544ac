// Run the gateway: read the environment, open the database (PGlite under DATA_DIR, or DATABASE_URL),
// migrate, seed the demo tenant (a no-op after the first start), and listen.
import { buildApp } from './app';
import { LISTENING_PREFIX, loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase, takePreparedMarker, vacuumPglite } from './db/prepare';
import { expireLapsedDecisions } from './modules/decision/expiry';
import { collectWhenIdle } from './idle-collect';
import { expireLapsedPreCredits } from './modules/pre-credit/store';

const config = loadConfig();
const { db, kind } = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
// A copy of a data directory prepared a moment before by this same code needs none of it (db/prepare.ts).
if (config.databaseUrl || !(await takePreparedMarker(config.dataDir))) await prepareDatabase(db, kind);

// PGlite's vacuum (on start, in prepareDatabase) again hourly; a table unchanged since the last run costs
// next to nothing.
const PGLITE_VACUUM_MS = 3_600_000;
const vacuumTimer =
  kind === 'pglite' ? setInterval(() => void vacuumPglite(db).catch(() => undefined), PGLITE_VACUUM_MS) : undefined;
vacuumTimer?.unref();

const app = await buildApp({
  db,
  database: kind,
  staticDir: config.staticDir,
  encryptEnabled: config.encryptEnabled,
  tokenIdleMinutes: config.tokenIdleMinutes,
  tokenMaxHours: config.tokenMaxHours,
  logLevel: config.logLevel,
  filesDir: config.filesDir,
  maxUploadBytes: config.maxUploadBytes,
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

// The daily job's expiry, once every module has registered its rules and effects (the reservations a lapsed
// business gives back), then hourly: a pre-credit past its last day carries no application, and a decision past
// its 90 days is not lent on.
const EXPIRY_MS = 3_600_000;
const expire = async () => {
  try {
    const now = new Date();
    const moved = (await expireLapsedPreCredits(db, now)) + (await expireLapsedDecisions(db, now));
    if (moved > 0) app.log.info({ moved }, 'lapsed pre-credits and decisions expired');
  } catch (error) {
    app.log.error({ err: error }, 'expiry failed');
  }
};
void expire();
setInterval(() => void expire(), EXPIRY_MS).unref();
collectWhenIdle();
