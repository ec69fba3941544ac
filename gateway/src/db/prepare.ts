// What a gateway does to its database before it serves: migrate, seed the demo tenant (a no-op after the first
// start) and, on PGlite, vacuum. On a data directory copied from one prepared a moment before by the same code
// (the browser tests start every spec's gateway on a copy of one template) all of it finds nothing to do and
// still costs some three seconds of CPU; the one who prepared the template leaves a marker naming the
// migrations it applied, and a gateway starting on a copy takes the marker and skips the work. The marker
// counts once (it is removed as it is read, so the next start of that directory does the full work) and only
// while the migrations it names are exactly the gateway's own: a gateway with a new migration migrates.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../clock';
import type { Database, DatabaseKind } from './database';
import { migrate, migrationNames } from './migrate';
import { seedDemo } from './seed/demo-seed';

/** Beside PGlite's own folder in the data directory. */
export const PREPARED_MARKER = 'prepared.json';

// PGlite runs no autovacuum: without a VACUUM its visibility map stays empty, so no index-only scan skips
// the heap (a deep 用户管理 page reads 50,000 rows), and without ANALYZE the planner guesses every size.
export const vacuumPglite = (db: Kysely<Database>) => sql`vacuum (analyze)`.execute(db).then(() => undefined);

/**
 * `clock` is the one the app is given (the demo's dates are counted back from it); `filesDir` is the gateway's
 * file store, where the documents the demo's walks make are filed.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  kind: DatabaseKind,
  clock: Clock,
  filesDir?: string,
): Promise<void> {
  await migrate(db);
  await seedDemo(db, clock(), filesDir ? { filesDir } : {});
  if (kind === 'pglite') await vacuumPglite(db);
}

/** Marks a data directory whose database prepareDatabase has just prepared (and which no gateway serves). */
export async function markPrepared(dataDir: string): Promise<void> {
  await writeFile(join(dataDir, PREPARED_MARKER), JSON.stringify({ migrations: await migrationNames() }));
}

/**
 * Whether the data directory carries a marker naming exactly the gateway's migrations; the marker is removed
 * either way.
 */
export async function takePreparedMarker(dataDir: string): Promise<boolean> {
  const path = join(dataDir, PREPARED_MARKER);
  let marker: unknown;
  try {
    marker = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return false; // no marker (the usual data directory), or one cut short: prepare as usual
  }
  await rm(path, { force: true });
  const applied = (marker as { migrations?: unknown }).migrations;
  const own = await migrationNames();
  return Array.isArray(applied) && applied.length === own.length && own.every((name, i) => applied[i] === name);
}
