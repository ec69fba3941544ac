import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenRoutes } from '../../../src/domain/menu/route-catalogue';
import type { TestGateway } from '../testing/test-gateway';
import { createTestGateway, databasesUnderTest } from '../testing/test-gateway';
import type { Database } from './database';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { catalogueMenus, seedDemo } from './seed/demo-seed';
import { seedGeneratedStaff, staffName } from './seed/generated-staff';
import { LIFECYCLE_ACCOUNTS } from '../modules/business/seed';
import { seededAt } from '../testing/pglite-template';

const SEEDED_USERS = 7 + LIFECYCLE_ACCOUNTS.length;

const TABLES = [
  'setting',
  'tenant',
  'app',
  'organization',
  'app_user',
  'role',
  'user_role',
  'menu',
  'menu_operation',
  'role_menu',
  'role_menu_operation',
  'session_token',
  'dict_item',
] as const;

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

describe.each(databasesUnderTest())('migrations and seed on $name', ({ databaseUrl }) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  });
  afterAll(() => gw?.close());

  it('changes nothing when migrated and seeded again', async () => {
    const before = await rowCounts(gw.db);
    // The three accounts of DESIGN.md §3, plus the auditor and 星河建设集团's xh_admin and two staff, plus
    // the reviewers of the financing lifecycle.
    expect(before.app_user).toBe(SEEDED_USERS);
    expect(before.menu).toBe(catalogueMenus().length);
    await migrate(gw.db);
    await seedDemo(gw.db, seededAt());
    expect(await rowCounts(gw.db)).toEqual(before);
  });

  // On PGlite the one session is lent to one holder at a time (see database.ts); on PostgreSQL the pool does it.
  it('keeps a transaction to itself: a statement running meanwhile is neither inside it nor rolled back with it', async () => {
    let outside: Promise<unknown> = Promise.resolve();
    const rolledBack = gw.db.transaction().execute(async (trx) => {
      await trx.insertInto('setting').values({ key: 'test.inside', value: '1' }).execute();
      outside = gw.db.insertInto('setting').values({ key: 'test.outside', value: '1' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    await outside;
    const keys = await gw.db.selectFrom('setting').select('key').where('key', 'like', 'test.%').execute();
    expect(keys.map((r) => r.key)).toEqual(['test.outside']);
    await gw.db.deleteFrom('setting').where('key', 'like', 'test.%').execute();
  });

  it('loads generated staff in batches, idempotently, with Chinese names', async () => {
    await seedGeneratedStaff(gw.db, 2500, seededAt());
    const after = await rowCounts(gw.db);
    expect(after.app_user).toBe(SEEDED_USERS + 2500);
    await seedGeneratedStaff(gw.db, 2500, seededAt());
    expect((await rowCounts(gw.db)).app_user).toBe(SEEDED_USERS + 2500);
    const sample = await gw.db
      .selectFrom('app_user')
      .select(['user_name', 'nick_name'])
      .where('user_name', '=', 'staff002500')
      .executeTakeFirst();
    expect(sample).toEqual({ user_name: 'staff002500', nick_name: staffName(2500) });
    expect(staffName(1)).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
  });
});

describe('the menu catalogue as seeded', () => {
  it('has one row a path, and every route of the catalogue', () => {
    const menus = catalogueMenus();
    expect(new Set(menus.map((m) => m.menu_id)).size).toBe(menus.length);
    for (const route of flattenRoutes()) expect(menus.some((m) => m.path === route.path)).toBe(true);
    for (const menu of menus)
      expect(menu.parent_id === '0' || menus.some((m) => m.menu_id === menu.parent_id)).toBe(true);
  });
});

describe('a PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Creates a cluster (initdb) and migrates it from nothing, then opens it again. Whether a seeded demo survives
  // npm start's Ctrl-C and the next start is the npm start test's (a session written by one start read by the next).
  it('keeps its data when closed and opened again', { timeout: 90_000 }, async () => {
    const first = await openDatabase({ dataDir });
    await migrate(first.db);
    await first.db.insertInto('setting').values({ key: 'survives', value: 'yes' }).execute();
    await first.db.destroy();

    const second = await openDatabase({ dataDir });
    try {
      await migrate(second.db);
      const row = await second.db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'survives')
        .executeTakeFirst();
      expect(row?.value).toBe('yes');
    } finally {
      await second.db.destroy();
    }
  });
});
