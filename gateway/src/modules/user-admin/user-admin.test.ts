import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { checkPasswordStrength } from '../../../../src/domain/password/password-policy';
import { PatternMessage } from '../../../../src/domain/patterns/pattern-check';
import { UserFormMessage } from '../../../../src/domain/user/user-form';
import { DemoOrg, DemoRole } from '../../db/seed/demo-seed';
import { XhOrg, XhRole } from '../../db/seed/admin-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { generatePassword } from './password-generator';
import { insertUsers } from '../../testing/test-users';

type Headers = Record<string, string>;

describe.each(databasesUnderTest())('用户管理 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let auditor: Headers;
  let xh: Headers;
  let operator: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    auditor = (await signIn(gw.app, 'auditor', 'Auditor@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) => {
    const res = await gw.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: any }) };
  };
  const newUser = (userName: string, over: Record<string, unknown> = {}) =>
    call('POST', '/api/authcenter/base/user', admin, {
      userName,
      nickName: '测试用户',
      organizationId: DemoOrg.suzhouProject,
      mobile: '13700001111',
      ...over,
    });

  it("pages the tenant's users with filters, never another tenant's", async () => {
    const all = await call('GET', '/api/authcenter/base/user/page?size=100', admin);
    expect(all.code).toBe(0);
    const names = all.data.records.map((r: { userName: string }) => r.userName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'supplier', 'auditor']));
    expect(names).not.toContain('xh_admin');
    const xhPage = await call('GET', '/api/authcenter/base/user/page?size=100', xh);
    expect(xhPage.data.records.map((r: { userName: string }) => r.userName).sort()).toEqual([
      'xh_admin',
      'xh_liuyang',
      'xh_zhangwei',
    ]);
    const byNick = await call('GET', `/api/authcenter/base/user/page?nickName=${encodeURIComponent('管理')}`, admin);
    expect(byNick.data.records.map((r: { userName: string }) => r.userName)).toEqual(['admin']);
    const byOrg = await call(
      'GET',
      `/api/authcenter/base/user/page?organizationId=${DemoOrg.huadongBuildingMaterials}&status=ENABLED`,
      admin,
    );
    expect(byOrg.data.records).toEqual([
      expect.objectContaining({
        userName: 'supplier',
        userType: 'SUPPLIER',
        organizationId: DemoOrg.huadongBuildingMaterials,
      }),
    ]);
    expect((await call('GET', '/api/authcenter/base/user/page?mobile=138000000', admin)).data.total).toBe(4);
  });

  it('a kept total follows users written outside the routes (an import by hand, another process)', async () => {
    const url = `/api/authcenter/base/user/page?nickName=${encodeURIComponent('计数')}`;
    expect((await call('GET', url, admin)).data.total).toBe(0);
    await insertUsers(
      gw.db,
      ...['1', '2'].map((n) => ({
        user_id: `19900000000000000${n}`,
        user_name: `count_probe_${n}`,
        nick_name: `计数${n}`,
        organization_id: DemoOrg.suzhouProject,
      })),
    );
    await expect.poll(async () => (await call('GET', url, admin)).data.total).toBe(2);
    await gw.db.deleteFrom('app_user').where('user_name', 'like', 'count\\_probe\\_%').execute();
    await expect.poll(async () => (await call('GET', url, admin)).data.total).toBe(0);
  });

  it('creates an account with a policy-compliant password shown once, then its personnel record, and signs it in', async () => {
    const created = await newUser('zhang.min', { oaAccount: 'OA-9001' });
    expect(created.code).toBe(0);
    expect(checkPasswordStrength(created.data.password)).toBeNull();
    const personnel = await call('POST', '/api/company/personnel', admin, {
      userId: created.data.userId,
      name: '张敏',
      mobile: '13700001111',
      email: 'zhang.min@example.com',
      idNumber: '11010519491231002x',
    });
    expect(personnel.code).toBe(0);
    const page = await call('GET', '/api/authcenter/base/user/page?userName=zhang.min', admin);
    expect(page.data.records[0]).toMatchObject({
      nickName: '测试用户',
      email: 'zhang.min@example.com',
      idNumber: '11010519491231002X',
      oaAccount: 'OA-9001',
      status: 'ENABLED',
    });
    expect((await signIn(gw.app, 'zhang.min', created.data.password)).userId).toBe(created.data.userId);
    // The password is nowhere in the log.
    const log = await call('GET', `/api/authcenter/base/operlog/page?targetId=${created.data.userId}`, admin);
    expect(log.data.records.map((r: { action: string }) => r.action)).toEqual(['personnel.create', 'user.create']);
    expect(JSON.stringify(log.data)).not.toContain(created.data.password);
    expect(JSON.stringify(log.data)).not.toContain('argon2');
    expect(log.data.records[1]).toMatchObject({ userName: 'admin', targetType: 'user', before: null });
  });

  it('refuses invalid forms with the domain messages (160300400), never 5xx', async () => {
    const cases: Array<[unknown, string | null]> = [
      [
        { userName: 'a b', nickName: 'x', organizationId: DemoOrg.group, mobile: '13700001111' },
        UserFormMessage.userNameFormat,
      ],
      [{ userName: 'abc', nickName: 'x', organizationId: DemoOrg.group, mobile: '12345' }, PatternMessage.mobile],
      [
        { userName: 'admin', nickName: 'x', organizationId: DemoOrg.group, mobile: '13700001111' },
        UserFormMessage.userNameTaken,
      ],
      [
        { userName: 'xh_admin', nickName: 'x', organizationId: DemoOrg.group, mobile: '13700001111' },
        UserFormMessage.userNameTaken,
      ],
      [
        { userName: 'abcd', nickName: 'x', organizationId: XhOrg.group, mobile: '13700001111' },
        UserFormMessage.organizationRequired,
      ],
      [{ userName: 'abcd', nickName: 'x', organizationId: DemoOrg.group, mobile: 13700001111 }, null],
      [[], null],
      ['not json', null],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/authcenter/base/user', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(ResultCode.invalidInput);
      if (message) expect(res.message).toBe(message);
    }
    const { data: user } = await newUser('person.check');
    for (const [body, message] of [
      [{ userId: user.userId, name: '王', mobile: '13700001111', email: 'x@' }, PatternMessage.email],
      [
        { userId: user.userId, name: '王', mobile: '13700001111', idNumber: '110105194912310021' },
        PatternMessage.residentId,
      ],
      [{ userId: user.userId, mobile: '13700001111' }, null],
    ] as const) {
      const res = await call('POST', '/api/company/personnel', admin, body);
      expect(res.code, JSON.stringify(body)).toBe(ResultCode.invalidInput);
      if (message) expect(res.message).toBe(message);
    }
    for (const url of [
      '/api/authcenter/base/user/page?size=101',
      '/api/authcenter/base/user/page?status=GONE',
      '/api/authcenter/base/user/exist',
      '/api/authcenter/base/user/role?isAuthData=maybe',
    ]) {
      const res = await call(
        url.includes('role?') ? 'POST' : 'GET',
        url,
        admin,
        url.includes('role?') ? { userId: user.userId, roleIds: [] } : undefined,
      );
      expect(res.code, url).toBe(ResultCode.invalidInput);
    }
    expect((await call('PUT', `/api/authcenter/base/user/${user.userId}`, admin, {})).code).toBe(
      ResultCode.invalidInput,
    );
    expect(
      (
        await call('POST', '/api/authcenter/base/user/role?isAuthData=true', admin, {
          userId: user.userId,
          roleIds: 'x',
        })
      ).code,
    ).toBe(ResultCode.invalidInput);
  });

  it('checks user name (global), phone and OA account (in the tenant) quietly', async () => {
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=ADMIN', admin)).data).toBe(true);
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=nobody.yet', admin)).data).toBe(false);
    expect(
      (await call('GET', '/api/authcenter/base/user/exist?userName=admin&excludeId=1300000000000000001', admin)).data,
    ).toBe(false);
    expect((await call('GET', '/api/authcenter/base/user/getByPhone?mobile=13800000002', admin)).data).toEqual({
      userId: '1300000000000000002',
      userName: 'operator',
      nickName: '业务经办',
    });
    expect((await call('GET', '/api/authcenter/base/user/getByPhone?mobile=13900000001', admin)).data).toBeNull();
    await newUser('oa.owner', { oaAccount: 'OA-7777' });
    expect((await call('GET', '/api/authcenter/base/user/exist/oa?oaAccount=OA-7777', admin)).data).toBe(true);
    expect((await call('GET', '/api/authcenter/base/user/exist/oa?oaAccount=OA-7777', xh)).data).toBe(false);
  });

  it('edits, disables (the user is signed out and cannot sign in) and enables again', async () => {
    const { data } = await newUser('to.disable');
    const session = await signIn(gw.app, 'to.disable', data.password);
    expect(
      (
        await call('PUT', `/api/authcenter/base/user/${data.userId}`, admin, {
          nickName: '改名',
          mobile: '13700002222',
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await call('PUT', `/api/company/personnel/${data.userId}`, admin, {
          name: '改名',
          mobile: '13700002222',
          email: 'a@b.cn',
        })
      ).code,
    ).toBe(0);
    expect((await call('PUT', `/api/authcenter/base/user/${data.userId}`, admin, { status: 'DISABLED' })).code).toBe(0);
    expect((await call('GET', '/api/authcenter/base/user', session.headers)).code).toBe(ResultCode.sessionExpired);
    const login = await call('POST', '/api/authcenter/login', {}, { username: 'to.disable', password: data.password });
    expect(login.code).toBe(ResultCode.badCredentials);
    expect((await call('PUT', `/api/authcenter/base/user/${data.userId}`, admin, { status: 'ENABLED' })).code).toBe(0);
    expect((await signIn(gw.app, 'to.disable', data.password)).userId).toBe(data.userId);
    const log = await call('GET', `/api/authcenter/base/operlog/page?targetId=${data.userId}&size=20`, admin);
    expect(log.data.records.map((r: { action: string }) => r.action)).toEqual([
      'user.enable',
      'user.disable',
      'personnel.create',
      'user.update',
      'user.create',
    ]);
    const update = log.data.records.find((r: { action: string }) => r.action === 'user.update');
    expect(JSON.parse(update.before)).toMatchObject({ nick_name: '测试用户' });
    // The log shows mobiles masked, as lists do (BUSINESS.md §4).
    expect(JSON.parse(update.after)).toMatchObject({ nick_name: '改名', mobile: '137****2222' });
  });

  it("saves a user's roles with the data-authorisation flag and reads them back", async () => {
    const { data } = await newUser('role.holder');
    expect(
      (
        await call('POST', '/api/authcenter/base/user/role?isAuthData=true', admin, {
          userId: data.userId,
          roleIds: [DemoRole.operator],
        })
      ).code,
    ).toBe(0);
    const wsf = await call('GET', `/api/authcenter/base/user/roles/wsf/${data.userId}`, admin);
    expect(wsf.data.isAuthData).toBe(true);
    expect(
      wsf.data.roles.filter((r: { checked: boolean }) => r.checked).map((r: { roleId: string }) => r.roleId),
    ).toEqual([DemoRole.operator]);
    expect((await call('GET', `/api/authcenter/base/user/roles/${data.userId}`, admin)).data).toEqual([
      { roleId: DemoRole.operator, roleCode: 'BUSINESS_OPERATOR', roleName: '业务经办' },
    ]);
    // The role takes effect at sign-in: the new user sees the operator's menus.
    const holder = await signIn(gw.app, 'role.holder', data.password);
    expect((await call('GET', '/api/risk/negativePublicOpinion/page', holder.headers)).code).toBe(ResultCode.forbidden);
    expect(
      (await call('POST', '/api/authcenter/base/user/role?isAuthData=0', admin, { userId: data.userId, roleIds: [] }))
        .code,
    ).toBe(0);
    expect((await call('GET', `/api/authcenter/base/user/roles/wsf/${data.userId}`, admin)).data.isAuthData).toBe(
      false,
    );
    expect((await call('GET', `/api/authcenter/base/user/roles/${data.userId}`, admin)).data).toEqual([]);
    // Another tenant's role is unknown.
    expect(
      (
        await call('POST', '/api/authcenter/base/user/role?isAuthData=1', admin, {
          userId: data.userId,
          roleIds: [XhRole.admin],
        })
      ).code,
    ).toBe(ResultCode.notFound);
  });

  it("resets a password: a new compliant one shown once, the old one and the user's sessions dead", async () => {
    const { data } = await newUser('to.reset');
    const session = await signIn(gw.app, 'to.reset', data.password);
    const reset = await call('POST', '/api/authcenter/base/user/pwd/post', admin, { userId: data.userId });
    expect(reset.code).toBe(0);
    expect(reset.data.password).not.toBe(data.password);
    expect(checkPasswordStrength(reset.data.password)).toBeNull();
    expect((await call('GET', '/api/authcenter/base/user', session.headers)).code).toBe(ResultCode.sessionExpired);
    expect(
      (await call('POST', '/api/authcenter/login', {}, { username: 'to.reset', password: data.password })).code,
    ).toBe(ResultCode.badCredentials);
    expect((await signIn(gw.app, 'to.reset', reset.data.password)).userId).toBe(data.userId);
  });

  it('looks organisation names up by repeated or single keyIds, in the tenant only', async () => {
    const two = await call(
      'GET',
      `/api/company/supplier/listcompany?keyIds=${DemoOrg.group}&keyIds=${DemoOrg.huadongBuildingMaterials}&keyIds=${XhOrg.group}`,
      admin,
    );
    expect(two.data).toEqual([
      { keyId: DemoOrg.group, enterpriseName: '远景控股集团' },
      { keyId: DemoOrg.huadongBuildingMaterials, enterpriseName: '华东建材有限公司' },
    ]);
    const one = await call('GET', `/api/company/supplier/listcompany?keyIds=${XhOrg.group}`, xh);
    expect(one.data).toEqual([{ keyId: XhOrg.group, enterpriseName: '星河建设集团' }]);
    expect((await call('GET', '/api/company/supplier/listcompany', admin)).data).toEqual([]);
    const orgs = await call('GET', '/api/authcenter/org/tenant/licensable/list', xh);
    expect(orgs.data.map((o: { keyId: string }) => o.keyId)).toEqual([
      XhOrg.group,
      XhOrg.chengduConstruction,
      XhOrg.wuhanProject,
      XhOrg.supplier,
    ]);
    expect(orgs.data[0]).toEqual({
      keyId: XhOrg.group,
      enterpriseName: '星河建设集团',
      orgType: 'GROUP',
      parentId: '0',
    });
  });

  it('refuses to disable the signed-in account (160300400), and still disables another', async () => {
    const self = await call('PUT', '/api/authcenter/base/user/1300000000000000001', admin, { status: 'DISABLED' });
    expect(self.code).toBe(ResultCode.invalidInput);
    expect(self.message).toBe('不能停用当前登录的账号');
    const row = await gw.db
      .selectFrom('app_user')
      .select('status')
      .where('user_id', '=', '1300000000000000001')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ENABLED');
    const created = await newUser('self.disable.other');
    const other = await call('PUT', `/api/authcenter/base/user/${created.data.userId}`, admin, { status: 'DISABLED' });
    expect(other.code).toBe(0);
  });

  it("lets the auditor read a user's roles with the menu alone (查看)", async () => {
    const target = '1300000000000000002';
    const wsf = await call('GET', `/api/authcenter/base/user/roles/wsf/${target}`, auditor);
    expect(wsf.code).toBe(0);
    const granted = wsf.data.roles.filter((r: { checked: boolean }) => r.checked);
    expect(granted.map((r: { roleName: string }) => r.roleName)).toEqual(['业务经办']);
    expect((await call('GET', `/api/authcenter/base/user/roles/${target}`, auditor)).code).toBe(0);
    expect((await call('GET', '/api/authcenter/org/tenant/licensable/list', auditor)).code).toBe(0);
  });

  it('refuses every write to the read-only auditor (160300003) and every call to a user without the menu', async () => {
    const target = '1300000000000000002';
    const writes: Array<['POST' | 'PUT', string, unknown]> = [
      [
        'POST',
        '/api/authcenter/base/user',
        { userName: 'by.auditor', nickName: 'x', organizationId: DemoOrg.group, mobile: '13700001111' },
      ],
      ['POST', '/api/company/personnel', { userId: target, name: 'x', mobile: '13700001111' }],
      ['PUT', `/api/authcenter/base/user/${target}`, { nickName: 'x' }],
      ['PUT', `/api/company/personnel/${target}`, { name: 'x', mobile: '13700001111' }],
      ['POST', '/api/authcenter/base/user/role?isAuthData=true', { userId: target, roleIds: [] }],
      ['POST', '/api/authcenter/base/user/pwd/post', { userId: target }],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, auditor, body)).code, url).toBe(ResultCode.forbidden);
      expect((await call(method, url, operator, body)).code, url).toBe(ResultCode.forbidden);
    }
    expect((await call('GET', '/api/authcenter/base/user/page', auditor)).code).toBe(0);
    expect((await call('GET', '/api/authcenter/base/operlog/page', auditor)).code).toBe(0);
    for (const url of [
      '/api/authcenter/base/user/page',
      `/api/authcenter/base/user/roles/${target}`,
      '/api/authcenter/base/operlog/page',
      '/api/company/supplier/listcompany',
    ]) {
      expect((await call('GET', url, operator)).code, url).toBe(ResultCode.forbidden);
    }
    const unchanged = await gw.db
      .selectFrom('app_user')
      .select('nick_name')
      .where('user_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(unchanged.nick_name).toBe('业务经办');
  });

  it("cross-tenant: each of xh_admin's calls on each user of 远景控股集团 reads and writes nothing", async () => {
    const before = await gw.db
      .selectFrom('app_user')
      .selectAll()
      .where('tenant_id', '=', '1000000000000000001')
      .orderBy('user_id')
      .execute();
    const beforeRoles = await gw.db.selectFrom('user_role').selectAll().orderBy('user_id').orderBy('role_id').execute();
    const beforePersonnel = await gw.db.selectFrom('personnel').selectAll().orderBy('user_id').execute();
    for (const user of before) {
      const id = user.user_id;
      const reads = [`/api/authcenter/base/user/roles/wsf/${id}`, `/api/authcenter/base/user/roles/${id}`];
      for (const url of reads) expect((await call('GET', url, xh)).code, url).toBe(ResultCode.notFound);
      const listed = (await call('GET', `/api/authcenter/base/user/page?size=100&userName=${user.user_name}`, xh)).data
        .records;
      expect(listed.map((r: { userId: string }) => r.userId)).not.toContain(id);
      expect((await call('GET', `/api/authcenter/base/user/getByPhone?mobile=${user.mobile}`, xh)).data).toBeNull();
      expect((await call('GET', `/api/company/supplier/listcompany?keyIds=${user.organization_id}`, xh)).data).toEqual(
        [],
      );
      expect((await call('GET', `/api/authcenter/base/operlog/page?targetId=${id}`, xh)).data.total).toBe(0);
      const writes: Array<['POST' | 'PUT', string, unknown]> = [
        ['PUT', `/api/authcenter/base/user/${id}`, { nickName: '篡改' }],
        ['PUT', `/api/authcenter/base/user/${id}`, { status: 'DISABLED' }],
        ['PUT', `/api/company/personnel/${id}`, { name: '篡改', mobile: '13700001111' }],
        ['POST', '/api/company/personnel', { userId: id, name: '篡改', mobile: '13700001111' }],
        ['POST', '/api/authcenter/base/user/role?isAuthData=true', { userId: id, roleIds: [] }],
        ['POST', '/api/authcenter/base/user/role?isAuthData=true', { userId: id, roleIds: [XhRole.admin] }],
        ['POST', '/api/authcenter/base/user/pwd/post', { userId: id }],
      ];
      for (const [method, url, body] of writes) {
        const res = await call(method, url, xh, body);
        expect(res.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(ResultCode.notFound);
        expect(res.status).toBe(404);
      }
    }
    // And a user of its own tenant cannot be moved into the other tenant's organisation.
    expect(
      (await call('PUT', '/api/authcenter/base/user/2300000000000000102', xh, { organizationId: DemoOrg.group })).code,
    ).toBe(ResultCode.invalidInput);
    expect(
      await gw.db
        .selectFrom('app_user')
        .selectAll()
        .where('tenant_id', '=', '1000000000000000001')
        .orderBy('user_id')
        .execute(),
    ).toEqual(before);
    expect(await gw.db.selectFrom('user_role').selectAll().orderBy('user_id').orderBy('role_id').execute()).toEqual(
      beforeRoles,
    );
    expect(await gw.db.selectFrom('personnel').selectAll().orderBy('user_id').execute()).toEqual(beforePersonnel);
  });
});

describe('generated passwords', () => {
  it('always pass the SPEC §5 policy', () => {
    for (let i = 0; i < 500; i++) expect(checkPasswordStrength(generatePassword())).toBeNull();
  });
});
