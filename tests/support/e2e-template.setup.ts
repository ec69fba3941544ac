// Vitest global setup of the browser tests: one data directory migrated and seeded once, with the seeded
// documents' bytes drawn into its files folder, which every spec's gateway process starts from as a copy
// (tests/e2e/support/gateway-process.ts) instead of creating its own PGlite cluster and drawing the same PDFs
// again; and the gateway compiled once, which every spec runs as npm start does instead of transpiling its
// sources through tsx at each start.
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../gateway/src/db/database';
import { migrate } from '../../gateway/src/db/migrate';
import { seedDemo } from '../../gateway/src/db/seed/demo-seed';
import { BlobStore } from '../../gateway/src/modules/file/blob-store';
import { DEFAULT_CJK_FONT } from '../../gateway/src/modules/file/pdf-convert';
import { storeSeededContents } from '../../gateway/src/modules/file/seeded-contents';
import { buildGateway } from '../../scripts/gateway-build.mjs';
import { COMPILED_SERVER_ENV, DATA_TEMPLATE_ENV } from '../e2e/support/gateway-process';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(resolve('.tmp', 'e2e-data-'));
  const { db } = await openDatabase({ dataDir: dir });
  try {
    await migrate(db);
    await seedDemo(db);
    await storeSeededContents(db, new BlobStore(join(dir, 'files')), DEFAULT_CJK_FONT);
  } finally {
    await db.destroy();
  }
  process.env[DATA_TEMPLATE_ENV] = dir;
  process.env[COMPILED_SERVER_ENV] = await buildGateway();
  return () => rmSync(dir, { recursive: true, force: true });
}
