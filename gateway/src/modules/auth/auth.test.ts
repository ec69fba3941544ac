import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode, SESSION_EXPIRED_MESSAGE } from '../../../../src/domain/gateway/result-codes';
import { PasswordMessage } from '../../../../src/domain/password/password-policy';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest, issueToken, signIn } from '../../testing/test-gateway';

const START = new Date('2026-03-02T01:00:00Z');
const MINUTE = 60_000;

describe.each(databasesUnderTest())('sessions and the signed-in user on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let clock = START;
  const at = (ms: number) => (clock = new Date(START.getTime() + ms));

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
  });
  afterAll(() => gw?.close());

  const get = (url: string, headers: Record<string, string> = {}) => gw.app.inject({ method: 'GET', url, headers });
  const login = (username: string, password: string) =>
    gw.app.inject({ method: 'POST', url: '/api/authcenter/login', payload: { username, password } });

  it('signs in with the demo account and answers the data the client keeps', async () => {
    at(0);
    const response = await login('admin', 'Admin@2026');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: 0,
      data: { tenantId: '1000000000000000001', nickName: '平台管理员', clientId: 'wsf_app', expiresIn: 7200 },
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof body.data.userId).toBe('string');
  });

  it('stores only the hash of a token', async () => {
    const { token } = await signIn(gw.app, 'operator', 'Operator@2026');
    const rows = await gw.db.selectFrom('session_token').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await login('nobody', 'Admin@2026');
    const wrong = await login('admin', 'Wrong@2026');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: ResultCode.badCredentials, message: '用户名或密码错误', data: null });
    }
  });

  it('refuses a call without a token, with an unknown token, and after logout', async () => {
    at(0);
    const missing = await get('/api/authcenter/base/user');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: ResultCode.sessionExpired, message: SESSION_EXPIRED_MESSAGE, data: null });

    const unknown = await get('/api/authcenter/base/user', { authorization: 'Bearer not-a-real-token' });
    expect(unknown.json().code).toBe(ResultCode.sessionExpired);

    const session = await signIn(gw.app, 'operator', 'Operator@2026');
    expect((await get('/api/authcenter/base/user', session.headers)).json().code).toBe(0);
    const logout = await gw.app.inject({ method: 'POST', url: '/api/authcenter/logout', headers: session.headers });
    expect(logout.json()).toMatchObject({ code: 0, data: null });
    const after = await get('/api/authcenter/base/user', session.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('accepts the token from the token header alone', async () => {
    at(0);
    const { token } = await signIn(gw.app, 'operator', 'Operator@2026');
    expect((await get('/api/authcenter/base/user', { token })).json().code).toBe(0);
  });

  it('expires a token left idle longer than the idle limit, and keeps a used one alive', async () => {
    at(0);
    const idle = await signIn(gw.app, 'operator', 'Operator@2026');
    const busy = await signIn(gw.app, 'operator', 'Operator@2026');
    at(100 * MINUTE);
    expect((await get('/api/authcenter/base/user', busy.headers)).json().code).toBe(0);
    at(121 * MINUTE);
    expect((await get('/api/authcenter/base/user', idle.headers)).json().code).toBe(ResultCode.sessionExpired);
    expect((await get('/api/authcenter/base/user', busy.headers)).json().code).toBe(0);
  });

  it('expires a token at the absolute limit however busy it is', async () => {
    at(0);
    const session = await signIn(gw.app, 'operator', 'Operator@2026');
    for (let hour = 1; hour < 12; hour++) {
      at(hour * 60 * MINUTE);
      expect((await get('/api/authcenter/base/user', session.headers)).json().code).toBe(0);
    }
    at(12 * 60 * MINUTE);
    expect((await get('/api/authcenter/base/user', session.headers)).json().code).toBe(ResultCode.sessionExpired);
  });

  it('refuses a tenantId header that is not the token’s tenant', async () => {
    at(0);
    const session = await signIn(gw.app, 'operator', 'Operator@2026');
    const response = await get('/api/authcenter/base/user', { ...session.headers, tenantid: '9999999999999999999' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ResultCode.forbidden, message: '无权限访问', data: null });
  });

  it('issues a token with a known value for provider states', async () => {
    at(0);
    const { userId, tenantId } = await issueToken(gw.db, {
      userName: 'supplier',
      token: 'contract-token-supplier',
      now: clock,
    });
    const response = await get('/api/authcenter/base/user', { authorization: 'Bearer contract-token-supplier' });
    expect(response.json().data).toMatchObject({ userId, tenantId, userName: 'supplier' });
    // Issuing the same value again replaces the token rather than failing.
    await issueToken(gw.db, { userName: 'supplier', token: 'contract-token-supplier', now: clock });
  });

  it('describes the current user, with the authorization prompt for a supplier still pending', async () => {
    at(0);
    const supplier = await signIn(gw.app, 'supplier', 'Supplier@2026');
    expect((await get('/api/authcenter/base/user', supplier.headers)).json().data).toEqual({
      userId: supplier.userId,
      userName: 'supplier',
      nickName: expect.any(String),
      organizationId: expect.any(String),
      orgName: '华东建材有限公司',
      tenantId: '1000000000000000001',
      clientId: 'wsf_app',
      userType: 'SUPPLIER',
      gysId: expect.stringMatching(/^GYS/),
      authStatus: true,
    });
    const admin = await signIn(gw.app, 'admin', 'Admin@2026');
    expect((await get('/api/authcenter/base/user', admin.headers)).json().data).toMatchObject({
      userName: 'admin',
      nickName: '平台管理员',
      orgName: '远景控股集团',
      userType: 'STAFF',
      gysId: null,
      authStatus: false,
    });
  });

  it('lists the tenant with its applications, wsf_app among them', async () => {
    at(0);
    const session = await signIn(gw.app, 'operator', 'Operator@2026');
    const body = (await get('/api/authcenter/base/tenant/user/curuser/tenants', session.headers)).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ tenantId: '1000000000000000001', tenantName: '远景控股集团' });
    expect(body.data[0].appLists.map((a: { appCode: string; website: string }) => [a.appCode, a.website])).toEqual([
      ['wsf_app', '/'],
      ['wsf_portal', 'https://portal.yuanjing-group.example.com/'],
      ['wsf_report', ''],
    ]);
  });

  it('lists the tenant’s dictionaries sorted by sortNo within each type', async () => {
    at(0);
    const session = await signIn(gw.app, 'operator', 'Operator@2026');
    const items: Array<{ dictTypeCode: string; dictName: string; sortNo: number }> = (
      await get('/api/dict/dict/list', session.headers)
    ).json().data;
    const stages = items.filter((i) => i.dictTypeCode === 'BUSINESS_STAGE');
    expect(stages[0]?.dictName).toBe('融资需求');
    expect(stages.map((s) => s.sortNo)).toEqual([...stages.map((s) => s.sortNo)].sort((a, b) => a - b));
    expect(new Set(items.map((i) => i.dictTypeCode))).toEqual(
      new Set(['BUSINESS_STAGE', 'YES_NO', 'ORG_TYPE', 'USER_STATUS', 'CURRENCY', 'ID_TYPE']),
    );
  });

  it('reports health with the database in use', async () => {
    const body = (await get('/api/health')).json();
    expect(body).toEqual({
      code: 0,
      message: expect.any(String),
      data: { status: 'ok', database: databaseUrl ? 'postgres' : 'pglite' },
    });
  });

  describe('changing the password', () => {
    const change = (
      session: { userId: string; headers: Record<string, string> },
      body: Record<string, unknown>,
      userId = session.userId,
    ) =>
      gw.app.inject({
        method: 'PUT',
        url: `/api/authcenter/base/user/pwd/${userId}`,
        headers: session.headers,
        payload: { userId, ...body },
      });

    it('refuses with the spec’s messages', async () => {
      at(0);
      const session = await signIn(gw.app, 'supplier', 'Supplier@2026');
      const cases: Array<[Record<string, string>, string]> = [
        [{ oldPassword: 'Supplier@2026', newPassword: 'New@2026ab', rePassword: 'New@2026ac' }, '两次密码输入不一致'],
        [
          { oldPassword: 'Supplier@2026', newPassword: 'Supplier@2026', rePassword: 'Supplier@2026' },
          '新密码不能与旧密码一样',
        ],
        [{ oldPassword: 'Supplier@2026', newPassword: 'abcdefgh', rePassword: 'abcdefgh' }, PasswordMessage.strength],
        [{ oldPassword: 'Supplier@2026', newPassword: 'Ab1!', rePassword: 'Ab1!' }, PasswordMessage.length],
        [{ oldPassword: 'Wrong@2026', newPassword: 'New@2026ab', rePassword: 'New@2026ab' }, '原密码不正确'],
      ];
      for (const [body, message] of cases) {
        const response = await change(session, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: ResultCode.invalidInput, message, data: null });
      }
    });

    it('refuses to change another user’s password', async () => {
      at(0);
      const session = await signIn(gw.app, 'supplier', 'Supplier@2026');
      const admin = await signIn(gw.app, 'admin', 'Admin@2026');
      const response = await change(
        session,
        { oldPassword: 'Supplier@2026', newPassword: 'New@2026ab', rePassword: 'New@2026ab' },
        admin.userId,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ResultCode.forbidden);
    });

    it('changes it, signs every session of the user out, and accepts the new password', async () => {
      at(0);
      const first = await signIn(gw.app, 'supplier', 'Supplier@2026');
      const second = await signIn(gw.app, 'supplier', 'Supplier@2026');
      const response = await change(first, {
        oldPassword: 'Supplier@2026',
        newPassword: 'Changed#2026',
        rePassword: 'Changed#2026',
      });
      expect(response.json()).toMatchObject({ code: 0, data: null });
      for (const session of [first, second]) {
        expect((await get('/api/authcenter/base/user', session.headers)).json().code).toBe(ResultCode.sessionExpired);
      }
      expect((await login('supplier', 'Supplier@2026')).json().code).toBe(ResultCode.badCredentials);
      expect((await login('supplier', 'Changed#2026')).json().code).toBe(0);
    });
  });
});
