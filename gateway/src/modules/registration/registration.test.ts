import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { PasswordMessage } from '../../../../src/domain/password/password-policy';
import { PatternMessage } from '../../../../src/domain/patterns/pattern-check';
import { type RegistrationForm, RegistrationMessage } from '../../../../src/domain/registration/registration';
import { demoCreditCode } from '../../db/seed/organization-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { REGISTER_MAX_PER_WINDOW } from './routes';

const form = (n: number, over: Partial<RegistrationForm> = {}): RegistrationForm => ({
  companyName: `注册测试建材有限公司${n}`,
  creditCode: demoCreditCode('320500', 770000 + n),
  legalPerson: '赵注册',
  contactName: '钱联系',
  mobile: '13912340000',
  email: `reg${n}@example.com`,
  userName: `reg_user_${n}`,
  password: 'Regist@2026',
  rePassword: 'Regist@2026',
  agreed: true,
  ...over,
});

describe.each(databasesUnderTest())('registration on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Record<string, string>;
  let address = 0;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  // Each test from an address of its own, so the per-address limit is tested where it is meant to be.
  const register = (body: unknown, remoteAddress = `10.9.0.${++address}`) =>
    gw.app.inject({ method: 'POST', url: '/api/authcenter/register', payload: body as object, remoteAddress });
  const login = (username: string, password: string) =>
    gw.app.inject({ method: 'POST', url: '/api/authcenter/login', payload: { username, password } });
  const review = async (certId: string, action: 'approve' | 'reject', comment = '') =>
    gw.app.inject({
      method: 'POST',
      url: `/api/company/enterpriseCertification/${certId}/transition`,
      headers: admin,
      payload: comment ? { action, version: 1, comment } : { action, version: 1 },
    });
  const certOf = async (registrationId: string) =>
    String(
      (
        (await gw.db
          .selectFrom('registration' as never)
          .select('cert_id' as never)
          .where('registration_id' as never, '=', registrationId as never)
          .executeTakeFirstOrThrow()) as { cert_id: string }
      ).cert_id,
    );

  it("refuses bad input with the form's own words, never a 5xx", async () => {
    const cases: Array<[Partial<RegistrationForm>, string]> = [
      [{ creditCode: '91310000MA1FL8XQ30' }, PatternMessage.creditCode],
      [{ mobile: '1234' }, PatternMessage.mobile],
      [{ email: 'not-mail' }, PatternMessage.email],
      [{ password: 'short', rePassword: 'short' }, PasswordMessage.length],
      [{ rePassword: 'Other@2026' }, RegistrationMessage.mismatch],
      [{ agreed: false }, RegistrationMessage.agreement],
      [{ companyName: ' ' }, '请输入企业名称'],
    ];
    for (const [over, message] of cases) {
      const res = await register(form(1, over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ code: ResultCode.invalidInput, message });
    }
    for (const body of [{}, { ...form(1), agreed: 'yes' }, { ...form(1), companyName: 'x'.repeat(500) }, [1]]) {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ResultCode.invalidInput);
    }
  });

  it('creates a disabled account and a pending 企业认证; signing in says it is under review, only with the right password', async () => {
    const res = await register(form(2));
    expect(res.json()).toMatchObject({ code: 0 });
    const certId = await certOf(res.json().data.registrationId);
    const cert = (
      await gw.app.inject({ method: 'GET', url: `/api/company/enterpriseCertification/${certId}`, headers: admin })
    ).json();
    expect(cert.data).toMatchObject({
      enterpriseName: '注册测试建材有限公司2',
      status: 'PENDING',
      legalPerson: '赵注册',
    });
    expect((await login('reg_user_2', 'Regist@2026')).json()).toMatchObject({
      code: ResultCode.forbidden,
      message: RegistrationMessage.underReview,
    });
    expect((await login('reg_user_2', 'Wrong@2026x')).json()).toMatchObject({ code: ResultCode.badCredentials });
    // The same user name (in any case) or company cannot apply again.
    expect((await register(form(3, { userName: 'REG_USER_2' }))).json().message).toBe(
      RegistrationMessage.userNameTaken,
    );
    expect((await register(form(3, { creditCode: form(2).creditCode }))).json().message).toBe(
      RegistrationMessage.creditCodeTaken,
    );
    expect((await register(form(4, { userName: 'admin' }))).json().message).toBe(RegistrationMessage.userNameTaken);
    // Another tenant's name (星河's xh_admin) is not confirmed as used: only the registration tenant's names are.
    const elsewhere = (await register(form(5, { userName: 'XH_ADMIN' }))).json();
    expect(elsewhere).toMatchObject({
      code: ResultCode.invalidInput,
      message: RegistrationMessage.userNameUnavailable,
    });
    expect(elsewhere.message).not.toBe(RegistrationMessage.userNameTaken);
  });

  it('approval enables the account with the supplier role and makes the supplier, consent still pending', async () => {
    const res = await register(form(5));
    const certId = await certOf(res.json().data.registrationId);
    expect((await review(certId, 'approve')).json().code).toBe(0);
    const signedIn = (await login('reg_user_5', 'Regist@2026')).json();
    expect(signedIn.code).toBe(0);
    const headers = { authorization: `Bearer ${signedIn.data.token}` };
    const supplier = await gw.db
      .selectFrom('organization')
      .selectAll()
      .where('credit_code', '=', form(5).creditCode)
      .executeTakeFirstOrThrow();
    expect(supplier).toMatchObject({
      org_type: 'SUPPLIER',
      org_name: '注册测试建材有限公司5',
      data_auth_state: 'PENDING',
    });
    expect(supplier.gys_id).toMatch(/^GYS\d{9}$/);
    const check = await gw.app.inject({
      method: 'POST',
      url: `/api/product/supplier/checkAuthorization?gysId=${supplier.gys_id}`,
      headers,
      payload: { gysId: supplier.gys_id },
    });
    expect(check.json()).toMatchObject({ code: 0 });
    expect(check.json().data).toBeTruthy();
    const menus = (await gw.app.inject({ method: 'GET', url: '/api/authcenter/authority/menu/list', headers })).json()
      .data as Array<{ path: string }>;
    expect(menus.map((m) => m.path)).toContain('/financingDemandManagement/financingDemandManagement');
  });

  it("rejection keeps the account out and shows the reviewer's comment at sign-in", async () => {
    const res = await register(form(6));
    const certId = await certOf(res.json().data.registrationId);
    expect((await review(certId, 'reject', '营业执照与企业名称不符')).json().code).toBe(0);
    expect((await login('reg_user_6', 'Regist@2026')).json()).toMatchObject({
      code: ResultCode.forbidden,
      message: RegistrationMessage.rejected('营业执照与企业名称不符'),
    });
  });

  it(`limits one address to ${REGISTER_MAX_PER_WINDOW} attempts an hour, counted in the database`, async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < REGISTER_MAX_PER_WINDOW; i++) expect((await register({}, from)).statusCode).toBe(400);
    const refused = await register(form(7), from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ResultCode.invalidInput, message: RegistrationMessage.tooMany });
    expect((await register(form(7), '10.9.9.10')).json().code).toBe(0);
  });
});
