// Migrations come from the folder: a new NNNN-what.ts file is picked up in name order, with no list to edit,
// and the names recorded are the files' names, so a database migrated before keeps its history.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { folderMigrationProvider, migrate, migrationNames } from './migrate';

describe('migrations from the folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-migrations-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  // These two create a cluster from nothing (initdb), and the first runs every migration a statement at a
  // time, each a round trip to the database thread: 15-30 s on a loaded two-core machine.
  it('records every file of the folder as applied, under its name', { timeout: 90_000 }, async () => {
    const { db } = await openDatabase({ memory: true });
    try {
      await migrate(db);
      const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(rows.rows.map((r) => r.name)).toEqual(await migrationNames());
    } finally {
      await db.destroy();
    }
  });

  it('picks up a new file without edits, in name order, and ignores what is no migration', {
    timeout: 90_000,
  }, async () => {
    const migration = (table: string) =>
      `export async function up(db) { await db.schema.createTable('${table}').addColumn('id', 'text').execute(); }\n`;
    writeFileSync(join(dir, '0011-cache-invalidation.ts'), migration('second'));
    writeFileSync(join(dir, '0010-hardening.ts'), migration('first'));
    writeFileSync(join(dir, '0012-draft.test.ts'), 'throw new Error("a test is no migration");\n');
    writeFileSync(join(dir, 'README.md'), 'not a migration\n');
    expect(await migrationNames(dir)).toEqual(['0010-hardening', '0011-cache-invalidation']);

    const { db } = await openDatabase({ memory: true });
    try {
      const { results, error } = await new Migrator({ db, provider: folderMigrationProvider(dir) }).migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((r) => [r.migrationName, r.status])).toEqual([
        ['0010-hardening', 'Success'],
        ['0011-cache-invalidation', 'Success'],
      ]);
    } finally {
      await db.destroy();
    }
  });
});
