import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID, DemoRole } from '../../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { insertUsers } from '../../testing/test-users';

const ROLES = '/basicdatamanagement/rolesmanagment';
const RISK = '/risk/negativepublicopinion';
const OTHER_TENANT = '9000000000000000001';

/** A second tenant with an admin of its own, made here so the test does not depend on a seed. */
async function secondTenant(gw: TestGateway) {
  const db = gw.db;
  await db.insertInto('tenant').values({ tenant_id: OTHER_TENANT, tenant_name: '测试第二租户' }).execute();
  await db
    .insertInto('organization')
    .values({
      org_id: '9100000000000000001',
      tenant_id: OTHER_TENANT,
      parent_id: null,
      org_name: '第二集团',
      org_type: 'GROUP',
      gys_id: null,
      data_auth_state: null,
      sort_no: 1,
    })
    .execute();
  await insertUsers(db, {
    user_id: '9300000000000000001',
    tenant_id: OTHER_TENANT,
    user_name: 'role_test_other_admin',
    nick_name: '第二租户管理员',
    organization_id: '9100000000000000001',
    password_hash: await hash('Admin@2026'),
  });
  await db
    .insertInto('role')
    .values({
      role_id: '9200000000000000001',
      tenant_id: OTHER_TENANT,
      role_code: 'PLATFORM_ADMIN',
      role_name: '平台管理员',
    })
    .execute();
  await db.insertInto('role_menu').values({ role_id: '9200000000000000001', menu_id: ROLES }).execute();
  await db
    .insertInto('role_menu_operation')
    .values(
      ['add', 'edit', 'delete', 'authorize'].map((op) => ({
        role_id: '9200000000000000001',
        menu_id: ROLES,
        operation_code: op,
      })),
    )
    .execute();
  await db.insertInto('user_role').values({ user_id: '9300000000000000001', role_id: '9200000000000000001' }).execute();
  return (await signIn(gw.app, 'role_test_other_admin', 'Admin@2026')).headers;
}

describe.each(databasesUnderTest())('角色管理 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Record<string, string>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
    gw.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const create = async (roleName: string, roleCode: string) => {
    const body = (await call('POST', '/api/authcenter/base/role', { roleName, roleCode })).json();
    expect(body.code, body.message).toBe(0);
    return body.data as { roleId: string; version: number; roleName: string; roleCode: string; status: string };
  };

  it('pages the seeded roles and filters them', async () => {
    const page = (await call('GET', '/api/authcenter/base/role/wsf/page')).json();
    expect(page.code).toBe(0);
    expect(page.data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(
      expect.arrayContaining(['PLATFORM_ADMIN', 'BUSINESS_OPERATOR', 'SUPPLIER_USER']),
    );
    const adminRole = page.data.records.find((r: { roleCode: string }) => r.roleCode === 'PLATFORM_ADMIN');
    expect(adminRole).toMatchObject({ roleName: '平台管理员', status: 'ENABLED', platformAdmin: true, version: 1 });
    expect(adminRole.userCount).toBeGreaterThanOrEqual(1);
    const byName = (
      await call('GET', `/api/authcenter/base/role/wsf/page?roleName=${encodeURIComponent('经办')}`)
    ).json();
    expect(byName.data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['BUSINESS_OPERATOR']);
    const all = (await call('GET', '/api/authcenter/base/role/wsf/all')).json();
    expect(all.data.length).toBeGreaterThanOrEqual(3);
  });

  it('creates roles with a unique name and code, checked by exist as well', async () => {
    const role = await create('风控专员', 'RISK_OFFICER');
    expect(role).toMatchObject({ roleName: '风控专员', roleCode: 'RISK_OFFICER', status: 'ENABLED', version: 1 });
    const exists = async (q: string) => (await call('GET', `/api/authcenter/base/role/exist?${q}`)).json().data;
    expect(await exists(`roleName=${encodeURIComponent('风控专员')}`)).toBe(true);
    expect(await exists('roleCode=RISK_OFFICER')).toBe(true);
    expect(await exists(`roleCode=RISK_OFFICER&roleId=${role.roleId}`)).toBe(false);
    expect(await exists('roleCode=NOBODY')).toBe(false);
    const dupName = (
      await call('POST', '/api/authcenter/base/role', { roleName: '风控专员', roleCode: 'OTHER' })
    ).json();
    expect(dupName).toMatchObject({ code: ResultCode.invalidInput, message: '角色名称已存在' });
    const dupCode = (
      await call('POST', '/api/authcenter/base/role', { roleName: '另一个', roleCode: 'RISK_OFFICER' })
    ).json();
    expect(dupCode).toMatchObject({ code: ResultCode.invalidInput, message: '角色编码已存在' });
    // A new role opens the home page.
    const resource = (await call('GET', `/api/authcenter/base/role/auth/resource?roleId=${role.roleId}`)).json();
    expect(resource.data.filter((m: { checked: boolean }) => m.checked).map((m: { path: string }) => m.path)).toEqual([
      '/dashboard',
    ]);
  });

  it('updates with optimistic locking', async () => {
    const role = await create('审计专员', 'AUDIT_OFFICER');
    const update = (version: number) =>
      call('PUT', `/api/authcenter/base/role/${role.roleId}`, {
        roleName: '审计专员（改）',
        roleCode: 'AUDIT_OFFICER',
        remark: '备注',
        version,
      });
    const first = (await update(1)).json();
    expect(first.code, first.message).toBe(0);
    expect(first.data).toMatchObject({ roleName: '审计专员（改）', remark: '备注', version: 2 });
    const staleRes = await update(1);
    expect(staleRes.statusCode).toBe(409);
    expect(staleRes.json().code).toBe(ResultCode.staleVersion);
    const toTaken = (
      await call('PUT', `/api/authcenter/base/role/${role.roleId}`, {
        roleName: '平台管理员',
        roleCode: 'AUDIT_OFFICER',
        version: 2,
      })
    ).json();
    expect(toTaken.code).toBe(ResultCode.invalidInput);
  });

  it('refuses malformed bodies and queries with 160300400, never 5xx', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/authcenter/base/role', {}],
      ['POST', '/api/authcenter/base/role', { roleName: '', roleCode: 'X' }],
      ['POST', '/api/authcenter/base/role', { roleName: 'x', roleCode: '1bad code' }],
      ['POST', '/api/authcenter/base/role', { roleName: 1, roleCode: 'X' }],
      ['POST', '/api/authcenter/base/role', [1, 2]],
      ['PUT', `/api/authcenter/base/role/${DemoRole.operator}`, { roleName: 'x', roleCode: 'X' }],
      ['PUT', `/api/authcenter/base/role/${DemoRole.operator}`, { roleName: 'x', roleCode: 'X', version: 'one' }],
      ['PUT', '/api/authcenter/base/role/a%20b', { roleName: 'x', roleCode: 'X', version: 1 }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: [] }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: 'x' }],
      ['POST', '/api/authcenter/base/role/add/users', { roleId: DemoRole.operator }],
      ['POST', '/api/authcenter/base/role/auth/roleAuth', { roleId: DemoRole.operator, menus: [{ menuId: RISK }] }],
      [
        'POST',
        '/api/authcenter/base/role/auth/roleAuth',
        { roleId: DemoRole.operator, menus: [{ menuId: '/nowhere', operationCodes: [] }] },
      ],
      [
        'POST',
        '/api/authcenter/base/role/auth/roleAuth',
        { roleId: DemoRole.operator, menus: [{ menuId: RISK, operationCodes: ['fly'] }] },
      ],
      ['POST', '/api/authcenter/base/role/auth/batch', { roleIds: [DemoRole.operator], menus: [] }],
      ['GET', '/api/authcenter/base/role/wsf/page?size=101', undefined],
      ['GET', '/api/authcenter/base/role/exist', undefined],
      ['GET', '/api/authcenter/base/role/user/list', undefined],
      ['GET', '/api/authcenter/base/tenant/user/users/wsf/exclude', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().code).toBe(ResultCode.invalidInput);
    }
    const bad = await gw.app.inject({
      method: 'POST',
      url: '/api/authcenter/base/role',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"roleName":',
    });
    expect(bad.json().code).toBe(ResultCode.invalidInput);
  });

  it('grants a role menus and codes (ancestors implied); its users get them on their next request', async () => {
    const role = await create('舆情查看', 'OPINION_VIEWER');
    const users = (
      await call('GET', `/api/authcenter/base/tenant/user/users/wsf/exclude?roleId=${role.roleId}&name=operator`)
    ).json();
    expect(users.data.records.map((u: { userName: string }) => u.userName)).toEqual(['operator']);
    const operatorId = users.data.records[0].userId;
    expect(
      (await call('POST', '/api/authcenter/base/role/add/users', { roleId: role.roleId, userIds: [operatorId] })).json()
        .code,
    ).toBe(0);
    const inRole = (await call('GET', `/api/authcenter/base/role/users/${role.roleId}`)).json();
    expect(inRole.data).toMatchObject({ total: 1, records: [{ userName: 'operator', nickName: '业务经办' }] });
    expect(
      (
        await call('GET', `/api/authcenter/base/tenant/user/users/wsf/exclude?roleId=${role.roleId}&name=operator`)
      ).json().data.total,
    ).toBe(0);
    const list = (await call('GET', `/api/authcenter/base/role/user/list?userId=${operatorId}`)).json();
    expect(list.data.map((r: { roleCode: string }) => r.roleCode)).toEqual(
      expect.arrayContaining(['BUSINESS_OPERATOR', 'OPINION_VIEWER']),
    );

    const operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    const opinions = () => call('GET', '/api/risk/negativePublicOpinion/page', undefined, operator);
    expect((await opinions()).json().code).toBe(ResultCode.forbidden);

    const saved = (
      await call('POST', '/api/authcenter/base/role/auth/roleAuth', {
        roleId: role.roleId,
        menus: [{ menuId: RISK, operationCodes: [] }],
      })
    ).json();
    expect(saved.code, saved.message).toBe(0);
    expect((await opinions()).json().code).toBe(0);
    const resource = (await call('GET', `/api/authcenter/base/role/auth/resource?roleId=${role.roleId}`)).json();
    const checked = resource.data
      .filter((m: { checked: boolean }) => m.checked)
      .map((m: { menuId: string }) => m.menuId);
    expect(checked.sort()).toEqual(['/dashboard', '/risk', RISK].sort());
    const paged = (
      await call(
        'GET',
        `/api/authcenter/base/role/auth/resourceByPage?roleId=${role.roleId}&menuName=${encodeURIComponent('负面')}`,
      )
    ).json();
    expect(paged.data.records[0]).toMatchObject({ menuId: RISK, checked: true });

    // Deleting the role: the operator's very next request is refused, with the same token.
    expect((await call('PUT', '/api/authcenter/base/role/delstatus', { roleIds: [role.roleId] })).json().code).toBe(0);
    expect((await opinions()).json().code).toBe(ResultCode.forbidden);
    const page = (await call('GET', '/api/authcenter/base/role/wsf/page?size=100')).json();
    expect(page.data.records.map((r: { roleId: string }) => r.roleId)).not.toContain(role.roleId);
    expect((await call('GET', `/api/authcenter/base/role/users/${role.roleId}`)).json().code).toBe(ResultCode.notFound);
    // Its code is free again.
    await create('舆情查看', 'OPINION_VIEWER');
    // Every write is in the operation log, with who did it.
    const log = await gw.db
      .selectFrom('operation_log')
      .select(['action', 'user_name', 'before_data', 'after_data'])
      .where('target_id', '=', role.roleId)
      .orderBy('occurred_at')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['role.create', 'role.addUsers', 'role.grant', 'role.delete']);
    expect(new Set(log.map((l) => l.user_name))).toEqual(new Set(['admin']));
    expect(JSON.parse(log[2]!.after_data!)).toMatchObject({ [RISK]: [], '/risk': [] });
  });

  it('grants in batch, adding to what each role has', async () => {
    const a = await create('批量甲', 'BATCH_A');
    const b = await create('批量乙', 'BATCH_B');
    const res = (
      await call('POST', '/api/authcenter/base/role/auth/batch', {
        roleIds: [a.roleId, b.roleId],
        menus: [{ menuId: ROLES, operationCodes: ['add'] }],
      })
    ).json();
    expect(res.code, res.message).toBe(0);
    for (const role of [a, b]) {
      const resource = (await call('GET', `/api/authcenter/base/role/auth/resource?roleId=${role.roleId}`)).json();
      const roles = resource.data.find((m: { menuId: string }) => m.menuId === ROLES);
      expect(roles).toMatchObject({
        checked: true,
        checkedOperationCodes: ['add'],
        operationCodes: ['add', 'edit', 'delete', 'authorize'],
      });
    }
    const unknown = (
      await call('POST', '/api/authcenter/base/role/auth/batch', {
        roleIds: [a.roleId, '1'],
        menus: [{ menuId: ROLES, operationCodes: [] }],
      })
    ).json();
    expect(unknown.code).toBe(ResultCode.notFound);
  });

  it('keeps the platform administrator role', async () => {
    const del = (await call('PUT', '/api/authcenter/base/role/delstatus', { roleIds: [DemoRole.admin] })).json();
    expect(del).toMatchObject({ code: ResultCode.invalidInput, message: '平台管理员角色不能删除' });
    const strip = (
      await call('POST', '/api/authcenter/base/role/auth/roleAuth', {
        roleId: DemoRole.admin,
        menus: [{ menuId: RISK, operationCodes: [] }],
      })
    ).json();
    expect(strip).toMatchObject({ code: ResultCode.invalidInput, message: '平台管理员角色不能取消角色管理权限' });
    const disable = (
      await call('PUT', `/api/authcenter/base/role/${DemoRole.admin}`, {
        roleName: '平台管理员',
        roleCode: 'PLATFORM_ADMIN',
        status: 'DISABLED',
        version: 1,
      })
    ).json();
    expect(disable).toMatchObject({ code: ResultCode.invalidInput, message: '平台管理员角色不能停用' });
    expect((await call('GET', '/api/authcenter/base/role/wsf/page')).json().code).toBe(0);
  });

  it('refuses the operator (no 角色管理) every call with 160300003', async () => {
    const operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/authcenter/base/role/wsf/page', undefined],
      ['GET', '/api/authcenter/base/role/wsf/all', undefined],
      ['GET', '/api/authcenter/base/role/exist?roleCode=X', undefined],
      ['POST', '/api/authcenter/base/role', { roleName: '越权', roleCode: 'NOPE' }],
      ['PUT', `/api/authcenter/base/role/${DemoRole.operator}`, { roleName: 'x', roleCode: 'X', version: 1 }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: [DemoRole.supplier] }],
      ['GET', `/api/authcenter/base/role/users/${DemoRole.admin}`, undefined],
      ['GET', `/api/authcenter/base/tenant/user/users/wsf/exclude?roleId=${DemoRole.admin}`, undefined],
      ['POST', '/api/authcenter/base/role/add/users', { roleId: DemoRole.admin, userIds: ['1300000000000000002'] }],
      ['GET', `/api/authcenter/base/role/auth/resource?roleId=${DemoRole.operator}`, undefined],
      ['GET', `/api/authcenter/base/role/auth/resourceByPage?roleId=${DemoRole.operator}`, undefined],
      [
        'POST',
        '/api/authcenter/base/role/auth/roleAuth',
        { roleId: DemoRole.operator, menus: [{ menuId: ROLES, operationCodes: ['add'] }] },
      ],
      [
        'POST',
        '/api/authcenter/base/role/auth/batch',
        { roleIds: [DemoRole.operator], menus: [{ menuId: ROLES, operationCodes: ['add'] }] },
      ],
      ['GET', `/api/authcenter/base/role/user/list?roleId=${DemoRole.admin}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method as 'GET', url, payload, operator);
      expect(res.json().code, `${method} ${url}`).toBe(ResultCode.forbidden);
    }
    const grants = await gw.db
      .selectFrom('user_role')
      .select('role_id')
      .where('user_id', '=', '1300000000000000002')
      .execute();
    expect(grants.map((g) => g.role_id)).not.toContain(DemoRole.admin);
  });

  it('lets the read-only auditor read the roles and refuses every write with 160300003', async () => {
    const auditor = (await signIn(gw.app, 'auditor', 'Auditor@2026')).headers;
    expect((await call('GET', '/api/authcenter/base/role/wsf/page', undefined, auditor)).json().code).toBe(0);
    expect(
      (await call('GET', `/api/authcenter/base/role/users/${DemoRole.admin}`, undefined, auditor)).json().code,
    ).toBe(0);
    // An audit reads what a role may do: its granted tree and the page finder, with the menu alone.
    const tree = (
      await call('GET', `/api/authcenter/base/role/auth/resource?roleId=${DemoRole.operator}`, undefined, auditor)
    ).json();
    expect(tree.code).toBe(0);
    expect(tree.data.length).toBeGreaterThan(0);
    const asAdmin = (await call('GET', `/api/authcenter/base/role/auth/resource?roleId=${DemoRole.operator}`)).json();
    expect(tree.data).toEqual(asAdmin.data);
    const found = (
      await call(
        'GET',
        `/api/authcenter/base/role/auth/resourceByPage?roleId=${DemoRole.operator}&current=1&size=10`,
        undefined,
        auditor,
      )
    ).json();
    expect(found.code).toBe(0);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/authcenter/base/role', { roleName: '越权', roleCode: 'NOPE' }],
      ['PUT', `/api/authcenter/base/role/${DemoRole.operator}`, { roleName: 'x', roleCode: 'X', version: 1 }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: [DemoRole.supplier] }],
      ['POST', '/api/authcenter/base/role/add/users', { roleId: DemoRole.admin, userIds: ['1300000000000000002'] }],
      ['POST', '/api/authcenter/base/role/auth/roleAuth', { roleId: DemoRole.operator, menus: [] }],
      [
        'POST',
        '/api/authcenter/base/role/auth/batch',
        { roleIds: [DemoRole.operator], menus: [{ menuId: ROLES, operationCodes: ['add'] }] },
      ],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method as 'GET', url, payload, auditor)).json().code, `${method} ${url}`).toBe(
        ResultCode.forbidden,
      );
    }
  });

  it("keeps the seeded 星河建设集团 admin out of the first tenant's roles", async () => {
    const xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    const page = (await call('GET', '/api/authcenter/base/role/wsf/page?size=100', undefined, xh)).json();
    expect(page.code).toBe(0);
    expect(page.data.records.map((r: { roleId: string }) => r.roleId)).not.toContain(DemoRole.admin);
    const version = (
      await gw.db
        .selectFrom('role')
        .select('version')
        .where('role_id', '=', DemoRole.supplier)
        .executeTakeFirstOrThrow()
    ).version;
    for (const [method, url, payload] of [
      ['PUT', `/api/authcenter/base/role/${DemoRole.supplier}`, { roleName: '被改', roleCode: 'HACKED', version }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: [DemoRole.supplier] }],
      ['GET', `/api/authcenter/base/role/users/${DemoRole.supplier}`, undefined],
      ['POST', '/api/authcenter/base/role/auth/roleAuth', { roleId: DemoRole.supplier, menus: [] }],
    ] as Array<[string, string, unknown]>) {
      expect((await call(method as 'GET', url, payload, xh)).json().code, `${method} ${url}`).toBe(ResultCode.notFound);
    }
    const supplierRole = await gw.db
      .selectFrom('role')
      .select(['role_code', 'status', 'version'])
      .where('role_id', '=', DemoRole.supplier)
      .executeTakeFirstOrThrow();
    expect(supplierRole).toEqual({ role_code: 'SUPPLIER_USER', status: 'ENABLED', version });
  });

  it("keeps a second tenant's admin out of the first tenant's roles", async () => {
    const other = await secondTenant(gw);
    const page = (await call('GET', '/api/authcenter/base/role/wsf/page?size=100', undefined, other)).json();
    expect(page.data.records.map((r: { roleName: string }) => r.roleName)).toEqual(['平台管理员']);
    expect(page.data.records[0].roleId).not.toBe(DemoRole.admin);
    const version = (
      await gw.db
        .selectFrom('role')
        .select('version')
        .where('role_id', '=', DemoRole.operator)
        .executeTakeFirstOrThrow()
    ).version;
    const notFound: Array<[string, string, unknown]> = [
      ['PUT', `/api/authcenter/base/role/${DemoRole.operator}`, { roleName: '被改', roleCode: 'HACKED', version }],
      ['PUT', '/api/authcenter/base/role/delstatus', { roleIds: [DemoRole.operator] }],
      ['GET', `/api/authcenter/base/role/users/${DemoRole.operator}`, undefined],
      ['GET', `/api/authcenter/base/tenant/user/users/wsf/exclude?roleId=${DemoRole.operator}`, undefined],
      ['POST', '/api/authcenter/base/role/add/users', { roleId: DemoRole.operator, userIds: ['9300000000000000001'] }],
      [
        'POST',
        '/api/authcenter/base/role/add/users',
        { roleId: '9200000000000000001', userIds: ['1300000000000000002'] },
      ],
      ['GET', `/api/authcenter/base/role/auth/resource?roleId=${DemoRole.operator}`, undefined],
      ['GET', `/api/authcenter/base/role/auth/resourceByPage?roleId=${DemoRole.operator}`, undefined],
      ['POST', '/api/authcenter/base/role/auth/roleAuth', { roleId: DemoRole.operator, menus: [] }],
      [
        'POST',
        '/api/authcenter/base/role/auth/batch',
        { roleIds: [DemoRole.operator], menus: [{ menuId: ROLES, operationCodes: [] }] },
      ],
    ];
    for (const [method, url, payload] of notFound) {
      const res = await call(method as 'GET', url, payload, other);
      expect(res.json().code, `${method} ${url}`).toBe(ResultCode.notFound);
    }
    expect(
      (await call('GET', `/api/authcenter/base/role/user/list?roleId=${DemoRole.operator}`, undefined, other)).json()
        .data,
    ).toEqual([]);
    expect(
      (await call('GET', '/api/authcenter/base/role/exist?roleCode=BUSINESS_OPERATOR', undefined, other)).json().data,
    ).toBe(false);
    // Nothing of the first tenant moved.
    const operatorRole = await gw.db
      .selectFrom('role')
      .selectAll()
      .where('role_id', '=', DemoRole.operator)
      .executeTakeFirstOrThrow();
    expect(operatorRole).toMatchObject({
      role_code: 'BUSINESS_OPERATOR',
      status: 'ENABLED',
      version,
      tenant_id: DEMO_TENANT_ID,
    });
    const operatorMenus = await gw.db
      .selectFrom('role_menu')
      .select('menu_id')
      .where('role_id', '=', DemoRole.operator)
      .execute();
    expect(operatorMenus.length).toBeGreaterThan(5);
    const crossMembers = await gw.db
      .selectFrom('user_role')
      .selectAll()
      .where('user_id', '=', '9300000000000000001')
      .execute();
    expect(crossMembers).toEqual([{ user_id: '9300000000000000001', role_id: '9200000000000000001' }]);
  });
});
