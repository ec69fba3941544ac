import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { ServerMenuItem } from '../../../../src/domain/menu/menu';
import { buildMenuTree, normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { DASHBOARD_ROUTE, MENU_AREAS, flattenRoutes } from '../../../../src/domain/menu/route-catalogue';
import { buildApp } from '../../app';
import { DemoRole, seedDemo } from '../../db/seed/demo-seed';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest, signIn } from '../../testing/test-gateway';
import { seededAt } from '../../testing/pglite-template';

describe.each(databasesUnderTest())('menus and grants on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  const sessions: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    sessions.admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    sessions.operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    sessions.supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
  });
  afterAll(() => gw?.close());

  async function menusOf(user: string, loadOp = true): Promise<ServerMenuItem[]> {
    const response = await gw.app.inject({
      method: 'GET',
      url: `/api/authcenter/authority/menu/list${loadOp ? '?loadOp=1' : ''}`,
      headers: sessions[user]!,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }
  const ids = (items: ServerMenuItem[]) => new Set(items.map((i) => i.menuId));

  it('gives the admin every catalogue route, every area and the dashboard', async () => {
    const items = await menusOf('admin');
    const expected = [DASHBOARD_ROUTE, ...MENU_AREAS, ...flattenRoutes()].map((r) => normalizeMenuPath(r.path));
    expect(ids(items)).toEqual(new Set(expected));
    expect(items).toHaveLength(expected.length);
  });

  it('brings a stored code the catalogue no longer gives back in line on the next start, grants included', async () => {
    const menuId = normalizeMenuPath('/business/auditTypeList');
    await gw.db
      .insertInto('menu_operation')
      .values({ menu_id: menuId, operation_code: 'delete' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await gw.db
      .insertInto('role_menu_operation')
      .values({ role_id: DemoRole.admin, menu_id: menuId, operation_code: 'delete' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await seedDemo(gw.db, seededAt());
    const codes = await gw.db
      .selectFrom('menu_operation')
      .select('operation_code')
      .where('menu_id', '=', menuId)
      .execute();
    expect(codes.map((c) => c.operation_code)).toEqual(['edit']);
    const grants = await gw.db
      .selectFrom('role_menu_operation')
      .select('operation_code')
      .where('menu_id', '=', menuId)
      .execute();
    expect(grants.map((g) => g.operation_code)).not.toContain('delete');
  });

  it('shapes each item as the client expects', async () => {
    const items = await menusOf('admin');
    const audit = items.find((i) => i.path === 'business/resolutionReview/audit');
    expect(audit).toEqual({
      menuId: '/business/resolutionreview/audit',
      menuName: '决议审核详情',
      component: 'business/resolutionReview/audit',
      path: 'business/resolutionReview/audit',
      params: '{}',
      query: '{}',
      parentKid: '/business/resolutionreview',
      icon: '',
      menuCode: 'business_resolutionReview_audit',
      hidden: true,
      sortNo: expect.any(Number),
      opAuthorityDTOList: expect.any(Array),
    });
    expect(new Set(audit!.opAuthorityDTOList!.map((o) => o.operationCode))).toEqual(
      new Set(['examine', 'reject', 'terminate']),
    );
    const risk = items.find((i) => i.path === '/risk');
    expect(risk).toMatchObject({
      menuId: '/risk',
      parentKid: '0',
      menuName: '风险管理',
      icon: 'shield',
      hidden: false,
    });
    const dashboard = items.find((i) => i.menuId === '/dashboard');
    expect(dashboard).toMatchObject({
      parentKid: '0',
      menuName: DASHBOARD_ROUTE.title,
      hidden: DASHBOARD_ROUTE.hidden ?? false,
    });
    // Sorted in catalogue order, and the tree hangs together.
    expect(items.map((i) => i.sortNo)).toEqual([...items.map((i) => i.sortNo)].sort((a, b) => a - b));
    expect(buildMenuTree(items).map((n) => n.menuId)).toEqual([
      '/dashboard',
      ...MENU_AREAS.map((a) => normalizeMenuPath(a.path)),
    ]);
  });

  it('gives the operator business but no basic-data administration', async () => {
    const menu = ids(await menusOf('operator'));
    expect([...menu].some((id) => id.startsWith('/basicdatamanagement'))).toBe(false);
    expect(menu.has('/business/financingbusinessmanage')).toBe(true);
    expect(menu.has('/business')).toBe(true);
    expect(menu.has('/crm/interviewminutesmanagement')).toBe(true);
    expect(menu.has('/risk')).toBe(false);
  });

  it('gives the supplier pre-credit but not the financing applications', async () => {
    const items = await menusOf('supplier');
    const menu = ids(items);
    expect(menu.has('/business/precreditapplicationmanage')).toBe(true);
    expect(menu.has('/business/applyforrufs')).toBe(true);
    expect(menu.has('/business/financingapplicationmanagement')).toBe(false);
    expect(menu.has('/financingdemandmanagement/financingdemandmanagement')).toBe(true);
    expect(menu.has('/workbench/technological/todo')).toBe(true);
    const preCredit = items.find((i) => i.menuId === '/business/precreditapplicationmanage');
    expect(preCredit?.opAuthorityDTOList.map((o) => o.operationCode)).not.toContain('examine');
  });

  it('fills operation codes only when asked with loadOp=1', async () => {
    const without = await menusOf('admin', false);
    expect(without.every((i) => i.opAuthorityDTOList.length === 0)).toBe(true);
    const withOps = await menusOf('admin');
    const users = withOps.find((i) => i.menuId === '/basicdatamanagement/usermanagment');
    expect(users?.opAuthorityDTOList.map((o) => o.operationCode)).toEqual([
      'add',
      'edit',
      'delete',
      'export',
      'import',
      'resetPwd',
      'authorize',
    ]);
  });

  it('answers a taken grant on the very next list, with and without operation codes', async () => {
    const users = '/basicdatamanagement/usermanagment';
    const codesOf = async () => (await menusOf('admin')).find((i) => i.menuId === users)?.opAuthorityDTOList;
    expect(ids(await menusOf('admin', false)).has(users)).toBe(true);
    expect((await codesOf())?.map((o) => o.operationCode)).toContain('export');
    await gw.db
      .deleteFrom('role_menu_operation')
      .where('role_id', '=', DemoRole.admin)
      .where('menu_id', '=', users)
      .where('operation_code', '=', 'export')
      .execute();
    expect((await codesOf())?.map((o) => o.operationCode)).not.toContain('export');
    const ops = await gw.db
      .selectFrom('role_menu_operation')
      .selectAll()
      .where('role_id', '=', DemoRole.admin)
      .where('menu_id', '=', users)
      .execute();
    const removed = await gw.db
      .deleteFrom('role_menu')
      .where('role_id', '=', DemoRole.admin)
      .where('menu_id', '=', users)
      .returningAll()
      .execute();
    expect(ids(await menusOf('admin', false)).has(users)).toBe(false);
    expect(ids(await menusOf('admin')).has(users)).toBe(false);
    await gw.db.insertInto('role_menu').values(removed).execute();
    await gw.db
      .insertInto('role_menu_operation')
      .values([...ops, { role_id: DemoRole.admin, menu_id: users, operation_code: 'export' }])
      .execute();
    expect((await codesOf())?.map((o) => o.operationCode)).toContain('export');
  });

  it('rejects a loadOp that is neither 0 nor 1 with a message naming it', async () => {
    const response = await gw.app.inject({
      method: 'GET',
      url: '/api/authcenter/authority/menu/list?loadOp=yes',
      headers: sessions.admin!,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('loadOp');
  });

  describe('a route guarded by a menu path and an operation code', () => {
    let guarded: FastifyInstance;

    beforeAll(async () => {
      guarded = await buildApp({ db: gw.db, database: databaseUrl ? 'postgres' : 'pglite' });
      guarded.get(
        '/api/test/users/edit',
        { config: { access: { menu: '/basicDataManagement/userManagment', op: 'edit' } } },
        async () => ({ code: 0, message: 'ok', data: 'edited' }),
      );
      guarded.get(
        '/api/test/users/view',
        { config: { access: { menu: '/basicDataManagement/userManagment' } } },
        async () => ({
          code: 0,
          message: 'ok',
          data: 'viewed',
        }),
      );
      await guarded.ready();
    });
    afterAll(() => guarded?.close());

    const call = (url: string, user: string) => guarded.inject({ method: 'GET', url, headers: sessions[user]! });

    it('lets a role that grants the menu and the code through, and refuses others', async () => {
      expect((await call('/api/test/users/edit', 'admin')).json().data).toBe('edited');
      const refused = await call('/api/test/users/edit', 'operator');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: ResultCode.forbidden, message: '无权限访问', data: null });
    });

    it('reads grants on every request, so taking an operation code away takes effect at once', async () => {
      expect((await call('/api/test/users/view', 'admin')).statusCode).toBe(200);
      await gw.db
        .deleteFrom('role_menu_operation')
        .where('role_id', '=', DemoRole.admin)
        .where('menu_id', '=', '/basicdatamanagement/usermanagment')
        .where('operation_code', '=', 'edit')
        .execute();
      expect((await call('/api/test/users/edit', 'admin')).statusCode).toBe(403);
      expect((await call('/api/test/users/view', 'admin')).statusCode).toBe(200);
      await gw.db
        .insertInto('role_menu_operation')
        .values({ role_id: DemoRole.admin, menu_id: '/basicdatamanagement/usermanagment', operation_code: 'edit' })
        .execute();
      expect((await call('/api/test/users/edit', 'admin')).statusCode).toBe(200);
    });
  });
});
