// Vitest global setup of the browser tests: one data directory migrated, seeded and vacuumed once, with the
// seeded documents' bytes drawn into its files folder, which every spec's gateway process starts from as a copy
// (tests/e2e/support/gateway-process.ts) instead of creating its own PGlite cluster and drawing the same PDFs
// again; marked prepared, so that those gateways do not migrate, seed and vacuum it again (db/prepare.ts); and
// the gateway compiled once, which every spec runs as npm start does instead of transpiling its sources
// through tsx at each start.
// When the run has a PostgreSQL server (TEST_DATABASE_URL), a template database is prepared there the same way,
// with a files folder of its own, and every spec's gateway runs on a copy of it (tests/e2e/support/pg-databases.ts)
// except the few kept on PGlite, which still start from the data directory, made meanwhile.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { systemClock } from '../../gateway/src/clock';
import { openDatabase } from '../../gateway/src/db/database';
import { markPrepared, prepareDatabase, vacuumPglite } from '../../gateway/src/db/prepare';
import { BlobStore } from '../../gateway/src/modules/file/blob-store';
import { DEFAULT_CJK_FONT } from '../../gateway/src/modules/file/pdf-convert';
import { storeSeededContents } from '../../gateway/src/modules/file/seeded-contents';
import { buildGateway } from '../../scripts/gateway-build.mjs';
import {
  COMPILED_SERVER_ENV,
  DATA_TEMPLATE_ENV,
  templateFailedFile,
  templateReadyFile,
} from '../e2e/support/gateway-process';
import {
  createTemplateDatabase,
  databaseName,
  dropDatabase,
  dropLeftovers,
  PG_SERVER_ENV,
  PG_TEMPLATE_ENV,
  PG_TEMPLATE_FILES_ENV,
} from '../e2e/support/pg-databases';
import { withDatabase } from '../../gateway/src/testing/pg-server';

async function pgliteTemplate(dir: string): Promise<void> {
  const { db, kind } = await openDatabase({ dataDir: dir });
  try {
    await prepareDatabase(db, kind, systemClock, join(dir, 'files'));
    await storeSeededContents(db, new BlobStore(join(dir, 'files')), DEFAULT_CJK_FONT);
    // Once more over the rows that now name their bytes, as a gateway's start vacuums before it serves.
    await vacuumPglite(db);
  } finally {
    await db.destroy();
  }
  await markPrepared(dir);
}

async function pgTemplate(server: string, name: string, files: string): Promise<void> {
  await createTemplateDatabase(server, name);
  const { db, kind } = await openDatabase({ url: withDatabase(server, name) });
  try {
    await prepareDatabase(db, kind, systemClock, files);
    await storeSeededContents(db, new BlobStore(files), DEFAULT_CJK_FONT);
    // The planner's statistics are copied with the database: every copy starts knowing its tables' sizes.
    await sql`vacuum (analyze)`.execute(db);
  } finally {
    await db.destroy();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(resolve('.tmp', 'e2e-data-'));
  const server = process.env.TEST_DATABASE_URL;
  const pgFiles = server ? mkdtempSync(resolve('.tmp', 'e2e-pg-files-')) : '';
  const template = server ? databaseName('tmpl') : '';
  if (server) await dropLeftovers(server);
  // The data directory tells the gateways waiting for it when it is ready, or why it never will be
  // (tests/e2e/support/gateway-process.ts). With PostgreSQL only the specs kept on PGlite need it: it is made
  // while the others run rather than before, since preparing PGlite takes longer than all the rest of the setup.
  const embedded = pgliteTemplate(dir).then(
    () => writeFileSync(templateReadyFile(dir), ''),
    (error: unknown) =>
      writeFileSync(templateFailedFile(dir), error instanceof Error ? (error.stack ?? '') : String(error)),
  );
  let compiled: string;
  try {
    [compiled] = await Promise.all([buildGateway(), server ? pgTemplate(server, template, pgFiles) : embedded]);
  } catch (error) {
    await embedded;
    removeTemplate(dir);
    if (server) {
      rmSync(pgFiles, { recursive: true, force: true });
      await dropDatabase(server, template);
    }
    throw error;
  }
  process.env[DATA_TEMPLATE_ENV] = dir;
  process.env[COMPILED_SERVER_ENV] = compiled;
  if (server) {
    process.env[PG_SERVER_ENV] = server;
    process.env[PG_TEMPLATE_ENV] = template;
    process.env[PG_TEMPLATE_FILES_ENV] = pgFiles;
  }
  return async () => {
    await embedded;
    removeTemplate(dir);
    if (!server) return;
    rmSync(pgFiles, { recursive: true, force: true });
    await dropDatabase(server, template);
  };
}

function removeTemplate(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  rmSync(templateReadyFile(dir), { force: true });
  rmSync(templateFailedFile(dir), { force: true });
}
