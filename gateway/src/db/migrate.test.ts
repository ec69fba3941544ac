// Migrations come from the folder: a new NNNN-what.ts file is picked up in name order, with no list to edit,
// and the names recorded are the files' names, so a database migrated before keeps its history.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate } from '../testing/pglite-template';
import type { OpenedDatabase } from './database';
import { openDatabase } from './database';
import { addedOutOfOrder, folderMigrationProvider, migrate, migrationNames } from './migrate';

describe('migrations from the folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-migrations-'));

  it('lists the gateway migrations in name order, the first nine as they were named', async () => {
    const names = await migrationNames();
    expect(names.slice(0, 9)).toEqual([
      '0001-initial',
      '0002-supplier-consent',
      '0003-files',
      '0004-negative-opinion',
      '0005-user-administration',
      '0006-role-lifecycle',
      '0007-organization-details',
      '0008-user-page-index',
      '0009-certification',
    ]);
    expect(names).toEqual([...names].sort());
  });

  // Creating a cluster (initdb) and running every migration a statement at a time costs 15-30 s on a loaded
  // two-core machine, and the run's template database is exactly that: `migrate` on a cluster made from nothing
  // (gateway/src/testing/pglite-template.ts). So both tests open a copy of it; without one (the file run outside
  // the gateway project) they build their own.
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    const template = migratedTemplate();
    opened = await openDatabase({ memory: true, ...(template ? { from: template } : {}) });
    if (!template) await migrate(opened.db);
  }, 90_000);
  afterAll(async () => {
    await opened?.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records every file of the folder as applied, under its name', async () => {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(opened!.db);
    expect(rows.rows.map((r) => r.name)).toEqual(await migrationNames());
  });

  it('picks up a new file without edits, in name order, and ignores what is no migration', async () => {
    const migration = (table: string) =>
      `export async function up(db) { await db.schema.createTable('${table}').addColumn('id', 'text').execute(); }\n`;
    writeFileSync(join(dir, '0011-cache-invalidation.ts'), migration('second'));
    writeFileSync(join(dir, '0010-hardening.ts'), migration('first'));
    writeFileSync(join(dir, '0012-draft.test.ts'), 'throw new Error("a test is no migration");\n');
    writeFileSync(join(dir, 'README.md'), 'not a migration\n');
    expect(await migrationNames(dir)).toEqual(['0010-hardening', '0011-cache-invalidation']);

    // A history of its own beside the gateway's, as a database that has never seen this folder.
    const { results, error } = await new Migrator({
      db: opened!.db,
      provider: folderMigrationProvider(dir),
      migrationTableName: 'folder_migration',
      migrationLockTableName: 'folder_migration_lock',
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0010-hardening', 'Success'],
      ['0011-cache-invalidation', 'Success'],
    ]);
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_name in ('first', 'second') order by 1
    `.execute(opened!.db);
    expect(tables.rows.map((r) => r.name)).toEqual(['first', 'second']);
  });
});

// The history of the main line: which migrations were added, in which order. Before 0057 three were added
// late (0002, 0053, 0054) while no database outside a developer's machine existed; after 0057 none may be.
const ORDERED_FROM = '0057';

/** The migration names in the order the branch's first-parent history added them; null without history. */
function namesInOrderAdded(): string[] | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (git('rev-parse', '--is-shallow-repository').trim() === 'true') return null;
    const out = git(
      'log',
      '--first-parent',
      '--reverse',
      '--diff-filter=A',
      '--name-only',
      '--format=',
      '--',
      'gateway/src/db/migrations',
    );
    return out
      .split('\n')
      .map((line) => /(\d{4}-[\w-]+)\.ts$/.exec(line)?.[1])
      .filter((n): n is string => !!n && !n.endsWith('.test'));
  } catch {
    return null;
  }
}

describe('the order migrations are added in', () => {
  it('finds a migration numbered at or below one added before it', () => {
    expect(addedOutOfOrder(['0056-a', '0060-b', '0058-c', '0061-d', '0061-e'])).toEqual(['0058-c', '0061-e']);
    expect(addedOutOfOrder(['0056-a', '0057-b', '0060-c'])).toEqual([]);
  });

  it('adds every migration of this line after all lower ones (a database never meets a late one)', () => {
    const added = namesInOrderAdded();
    if (!added) return; // a shallow checkout has no history to read; CI's full checkout has it
    const from = added.findIndex((n) => n >= ORDERED_FROM);
    const late = addedOutOfOrder(added).filter((n) => from >= 0 && added.indexOf(n) > from);
    expect(late, `number these migrations above ${added.at(-1)}`).toEqual([]);
  });
});
