// Forward-only migrations, run on every start. Every file in ./migrations named `NNNN-what.ts` is one, applied
// in name order and recorded under its name without the extension (so '0001-initial' stays '0001-initial'):
// a new migration is a new file and nothing else. Kysely's own FileMigrationProvider is not used because its
// import() runs inside node_modules, where Vitest does not load TypeScript; this one runs in our code, so the
// same dynamic import() works under tsx (npm start, the browser tests) and Vitest.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import { sourceExtension } from '../source-files';
import { writeChildStatuses } from '../stage/child-status';
import type { Database } from './database';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** `0010-hardening.ts` (`.js` once compiled); not a test, not a declaration file. */
const MIGRATION_FILE = /^(\d{4}-[\w-]+)\.[jt]s$/;

/** The migration files' names (without .ts) in the order they are applied. */
export async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readdir(dir);
  return files
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && !name.endsWith('.test'))
    .sort();
}

/**
 * The migrations added out of order: given the names in the order they were added to the branch databases
 * are migrated from, each one that sorts at or below one added before it. Kysely stops start-up on such a
 * migration for a database that already applied the higher one, so a branch must take the next free number.
 */
export function addedOutOfOrder(namesInOrderAdded: readonly string[]): string[] {
  let highest = -1;
  const late: string[] = [];
  for (const name of namesInOrderAdded) {
    const no = Number.parseInt(name, 10);
    if (no <= highest) late.push(name);
    else highest = no;
  }
  return late;
}

export function folderMigrationProvider(dir = MIGRATIONS_DIR): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const name of await migrationNames(dir)) {
        migrations[name] = (await import(
          pathToFileURL(join(dir, `${name}${sourceExtension(import.meta.url)}`)).href
        )) as Migration;
      }
      return migrations;
    },
  };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: with several gateways or test runs in
  // schemas of one PostgreSQL, it could see another schema's lock table and skip creating its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema ?? 'public';
  const { error } = await new Migrator({
    db,
    provider: folderMigrationProvider(),
    migrationTableSchema,
  }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  // What the domain answers that the views read (src/domain/stage): written after the schema exists.
  await writeChildStatuses(db);
}
