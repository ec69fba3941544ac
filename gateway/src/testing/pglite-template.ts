// Creating a PGlite cluster (initdb inside WebAssembly) costs seconds on a small machine, and every gateway
// test file needs a migrated, demo-seeded database. The test run therefore builds one such database once,
// dumps its data directory to a file, and each test file loads that dump (about half a second) instead of
// creating, migrating and seeding its own. The dump is rebuilt at the start of every run, so it always holds
// the migrations and seeds of the code under test.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { changeSourceOf } from '../db/engine';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed/demo-seed';

/** The environment variable naming the dump; set by the test run's global setup. */
export const TEMPLATE_ENV = 'GATEWAY_TEST_TEMPLATE';

export async function writeTemplate(path: string): Promise<void> {
  const { db } = await openDatabase({ memory: true });
  try {
    await migrate(db);
    await seedDemo(db);
    const source = changeSourceOf(db);
    if (source?.kind !== 'pglite') throw new Error('the template is a PGlite database');
    const dump = await source.client.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

let loaded: Blob | null | undefined;

/** The dump of a migrated, seeded database when the run made one; null otherwise (callers build their own). */
export function migratedTemplate(): Blob | null {
  if (loaded !== undefined) return loaded;
  const path = process.env[TEMPLATE_ENV];
  loaded = path && existsSync(path) ? new Blob([readFileSync(path)]) : null;
  return loaded;
}
