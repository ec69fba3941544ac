// Vitest global setup of the browser tests: one data directory migrated and seeded once, which every spec's
// gateway process starts from as a copy (tests/e2e/support/gateway-process.ts) instead of creating its own
// PGlite cluster, the slowest part of its start.
import { mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../../gateway/src/db/database';
import { migrate } from '../../gateway/src/db/migrate';
import { seedDemo } from '../../gateway/src/db/seed/demo-seed';
import { DATA_TEMPLATE_ENV } from '../e2e/support/gateway-process';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(resolve('.tmp', 'e2e-data-'));
  const { db } = await openDatabase({ dataDir: dir });
  try {
    await migrate(db);
    await seedDemo(db);
  } finally {
    await db.destroy();
  }
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
