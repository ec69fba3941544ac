// The access cache stays exact across gateway processes on one database (SPEC §5): process A (the test
// gateway) and process B (a second buildApp on the same database — on PostgreSQL a pool and a listening
// connection of its own) each keep sessions and grants; a change made through A's API or straight in SQL
// is refused by B on its very next request.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { DemoRole } from '../db/seed/demo-seed';
import { USERS_MENU } from '../modules/user-admin/routes';
import type { TestGateway } from '../testing/test-gateway';
import { createTestGateway, databasesUnderTest, signIn } from '../testing/test-gateway';

const START = new Date('2026-03-02T01:00:00Z');
const MINUTE = 60_000;

describe.each(databasesUnderTest())('the access cache across two gateways on $name', ({ databaseUrl }) => {
  let a: TestGateway;
  let b: FastifyInstance;
  let bDb: Kysely<Database> | undefined;
  let schema = 'public';
  let clock = START;
  const at = (ms: number) => (clock = new Date(START.getTime() + ms));

  beforeAll(async () => {
    a = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    if (databaseUrl) {
      schema = (await sql<{ s: string }>`select current_schema() as s`.execute(a.db)).rows[0]!.s;
      bDb = (await openDatabase({ url: a.databaseUrl ?? databaseUrl, schema })).db;
    }
    b = await buildApp({
      db: bDb ?? a.db,
      database: databaseUrl ? 'postgres' : 'pglite',
      now: () => clock,
      filesDir: a.filesDir,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.destroy();
    await a?.close();
  });

  const me = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/authcenter/base/user', headers });
  const usersPage = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/authcenter/base/user/page?current=1&size=10', headers });
  const code = (response: { json(): { code: number } }) => response.json().code;

  it('refuses on B a token revoked through A (logout), after B has served it', async () => {
    at(0);
    const { headers } = await signIn(a.app, 'operator', 'Operator@2026');
    expect(code(await me(b, headers))).toBe(0);
    expect(code(await me(b, headers))).toBe(0);
    expect(code(await a.app.inject({ method: 'POST', url: '/api/authcenter/logout', headers }))).toBe(0);
    expect(code(await me(b, headers))).toBe(ResultCode.sessionExpired);
  });

  it('refuses on B a user disabled in SQL, and serves the user again once enabled', async () => {
    at(0);
    const { headers, userId } = await signIn(a.app, 'operator', 'Operator@2026');
    expect(code(await me(b, headers))).toBe(0);
    await a.db.updateTable('app_user').set({ status: 'DISABLED' }).where('user_id', '=', userId).execute();
    expect(code(await me(b, headers))).toBe(ResultCode.sessionExpired);
    expect(code(await me(a.app, headers))).toBe(ResultCode.sessionExpired);
    await a.db.updateTable('app_user').set({ status: 'ENABLED' }).where('user_id', '=', userId).execute();
    expect(code(await me(b, headers))).toBe(0);
  });

  it('refuses on B a menu whose grant was taken in SQL, a disabled role, a role taken from the user', async () => {
    at(0);
    const { headers, userId } = await signIn(a.app, 'admin', 'Admin@2026');
    const menuId = normalizeMenuPath(USERS_MENU);
    expect(code(await usersPage(b, headers))).toBe(0);

    const ops = await a.db
      .selectFrom('role_menu_operation')
      .selectAll()
      .where('role_id', '=', DemoRole.admin)
      .where('menu_id', '=', menuId)
      .execute();
    await a.db
      .deleteFrom('role_menu_operation')
      .where('role_id', '=', DemoRole.admin)
      .where('menu_id', '=', menuId)
      .execute();
    await a.db.deleteFrom('role_menu').where('role_id', '=', DemoRole.admin).where('menu_id', '=', menuId).execute();
    expect(code(await usersPage(b, headers))).toBe(ResultCode.forbidden);
    await a.db.insertInto('role_menu').values({ role_id: DemoRole.admin, menu_id: menuId }).execute();
    if (ops.length) await a.db.insertInto('role_menu_operation').values(ops).execute();
    expect(code(await usersPage(b, headers))).toBe(0);

    await a.db.updateTable('role').set({ status: 'DISABLED' }).where('role_id', '=', DemoRole.admin).execute();
    expect(code(await usersPage(b, headers))).toBe(ResultCode.forbidden);
    await a.db.updateTable('role').set({ status: 'ENABLED' }).where('role_id', '=', DemoRole.admin).execute();
    expect(code(await usersPage(b, headers))).toBe(0);

    await a.db.deleteFrom('user_role').where('user_id', '=', userId).where('role_id', '=', DemoRole.admin).execute();
    expect(code(await usersPage(b, headers))).toBe(ResultCode.forbidden);
    await a.db.insertInto('user_role').values({ user_id: userId, role_id: DemoRole.admin }).execute();
    expect(code(await usersPage(b, headers))).toBe(0);
  });

  it('keeps a session alive on B that A used meanwhile, and ends it when neither did', async () => {
    at(0);
    const { headers } = await signIn(a.app, 'operator', 'Operator@2026');
    expect(code(await me(b, headers))).toBe(0);
    // A's use at 61 minutes moves the stored last use; B's copy still says 0 and must not be believed.
    at(61 * MINUTE);
    expect(code(await me(a.app, headers))).toBe(0);
    at(130 * MINUTE);
    expect(code(await me(b, headers))).toBe(0);
    at(130 * MINUTE + 121 * MINUTE);
    expect(code(await me(b, headers))).toBe(ResultCode.sessionExpired);
    expect(code(await me(a.app, headers))).toBe(ResultCode.sessionExpired);
  });

  it.runIf(databaseUrl)('drops its cache when its listening connection is cut: a change meanwhile counts', async () => {
    at(0);
    const { headers, token } = await signIn(a.app, 'operator', 'Operator@2026');
    expect(code(await me(b, headers))).toBe(0);
    const admin = new pg.Client({ connectionString: a.databaseUrl ?? databaseUrl });
    await admin.connect();
    try {
      // Both gateways' listeners on this schema are cut; the revocation below is notified to nobody.
      const cut = await admin.query(
        // This database's only: other test files' gateways listen under the same name in their own copies.
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [`wsf-change-feed ${schema}`],
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
      await admin.query(
        `update ${schema}.session_token set revoked_at = now() where token_hash = encode(sha256($1::bytea), 'hex')`,
        [token],
      );
    } finally {
      await admin.end();
    }
    expect(code(await me(b, headers))).toBe(ResultCode.sessionExpired);
    // And the feed is back: a session served again is cached and still refused on revocation.
    const again = await signIn(a.app, 'operator', 'Operator@2026');
    expect(code(await me(b, again.headers))).toBe(0);
    expect(code(await a.app.inject({ method: 'POST', url: '/api/authcenter/logout', headers: again.headers }))).toBe(0);
    expect(code(await me(b, again.headers))).toBe(ResultCode.sessionExpired);
  });
});
