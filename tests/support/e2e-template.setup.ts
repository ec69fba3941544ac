// Vitest global setup of the browser tests: one data directory migrated, seeded and vacuumed once, with the
// seeded documents' bytes drawn into its files folder, which every spec's gateway process starts from as a copy
// (tests/e2e/support/gateway-process.ts) instead of creating its own PGlite cluster and drawing the same PDFs
// again; marked prepared, so that those gateways do not migrate, seed and vacuum it again (db/prepare.ts); and
// the gateway compiled once, which every spec runs as npm start does instead of transpiling its sources
// through tsx at each start.
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { systemClock } from '../../gateway/src/clock';
import { openDatabase } from '../../gateway/src/db/database';
import { markPrepared, prepareDatabase, vacuumPglite } from '../../gateway/src/db/prepare';
import { BlobStore } from '../../gateway/src/modules/file/blob-store';
import { DEFAULT_CJK_FONT } from '../../gateway/src/modules/file/pdf-convert';
import { storeSeededContents } from '../../gateway/src/modules/file/seeded-contents';
import { buildGateway } from '../../scripts/gateway-build.mjs';
import { COMPILED_SERVER_ENV, DATA_TEMPLATE_ENV } from '../e2e/support/gateway-process';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(resolve('.tmp', 'e2e-data-'));
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
  process.env[DATA_TEMPLATE_ENV] = dir;
  process.env[COMPILED_SERVER_ENV] = await buildGateway();
  return () => rmSync(dir, { recursive: true, force: true });
}
