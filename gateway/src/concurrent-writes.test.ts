// Writes that race (SPEC §3 uniqueness, DESIGN.md §2): names that must be unique stay unique when many
// creates arrive at once, the losers get the form's own refusal, and saving a user's roles in parallel
// leaves one whole set. Also: a user name is one name in any case, and a tenant learns nothing of another
// tenant's names. On PGlite, and PostgreSQL when TEST_DATABASE_URL is set (where the races are real).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/domain/gateway/result-codes';
import { OrgFormMessage } from '../../src/domain/organization/organization';
import { UserFormMessage } from '../../src/domain/user/user-form';
import { DemoOrg, DemoRole } from './db/seed/demo-seed';
import { demoCreditCode } from './db/seed/organization-seed';
import type { TestGateway } from './testing/test-gateway';
import { createTestGateway, databasesUnderTest, signIn } from './testing/test-gateway';

const PRODUCT_APP = '1010000000000000001';

describe.each(databasesUnderTest())('concurrent writes on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Record<string, string>;
  let xh: Record<string, string>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
  });
  afterAll(() => gw?.close());

  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await gw.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: any }) };
  };

  it('creates one project company of a name when 30 creates of it arrive at once; the others get 企业名称已存在', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/company/projectCompany', admin, {
          enterpriseName: '并发置业有限公司',
          parentId: DemoOrg.shanghaiRealEstate,
          creditCode: demoCreditCode('310100', 5000 + i),
          contactMobile: '13812345678',
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0))
      expect(a).toMatchObject({ code: ResultCode.invalidInput, message: OrgFormMessage.nameTaken });
    const rows = await gw.db
      .selectFrom('organization')
      .select('org_id')
      .where('org_name', '=', '并发置业有限公司')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('creates one supplier of a name when 20 creates of it arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/company/supplier', admin, {
          enterpriseName: '并发建材有限公司',
          parentId: DemoOrg.group,
          creditCode: demoCreditCode('440300', 8000 + i),
          contactName: '周明',
          contactMobile: '13912340000',
          appIds: [PRODUCT_APP],
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.every((a) => a.code === 0 || a.message === OrgFormMessage.nameTaken)).toBe(true);
  });

  it('creates one account of a name whatever its case, even at once, and signs in by it in any case', async () => {
    const names = ['Case.User', 'case.user', 'CASE.USER', 'Case.User', 'cAsE.uSeR', 'case.user'];
    const answers = await Promise.all(
      names.map((userName) =>
        call('POST', '/api/authcenter/base/user', admin, {
          userName,
          nickName: '大小写',
          organizationId: DemoOrg.suzhouProject,
          mobile: '13700002222',
        }),
      ),
    );
    const created = answers.filter((a) => a.code === 0);
    expect(created).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0))
      expect(a).toMatchObject({ code: ResultCode.invalidInput, message: UserFormMessage.userNameTaken });
    const rows = await gw.db
      .selectFrom('app_user')
      .select('user_name')
      .where((eb) => eb(eb.fn('lower', ['user_name']), '=', 'case.user'))
      .execute();
    expect(rows).toHaveLength(1);
    const login = await gw.app.inject({
      method: 'POST',
      url: '/api/authcenter/login',
      payload: { username: 'CASE.user', password: created[0]!.data.password },
    });
    expect(login.json().code).toBe(0);
  });

  it("answers whether a user name exists only within the caller's tenant", async () => {
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=admin', admin)).data).toBe(true);
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=ADMIN', admin)).data).toBe(true);
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=admin', xh)).data).toBe(false);
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=xh_admin', xh)).data).toBe(true);
    expect((await call('GET', '/api/authcenter/base/user/exist?userName=xh_admin', admin)).data).toBe(false);
  });

  it("saves one whole role set when 20 saves of a user's roles arrive at once", async () => {
    const user = await gw.db
      .selectFrom('app_user')
      .select('user_id')
      .where('user_name', '=', 'auditor')
      .executeTakeFirstOrThrow();
    const sets = [
      [DemoRole.operator],
      [DemoRole.supplier],
      [DemoRole.operator, DemoRole.supplier],
      [DemoRole.admin, DemoRole.operator],
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/authcenter/base/user/role?isAuthData=false', admin, {
          userId: user.user_id,
          roleIds: sets[i % sets.length],
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(0));
    const saved = (await gw.db.selectFrom('user_role').select('role_id').where('user_id', '=', user.user_id).execute())
      .map((r) => r.role_id)
      .sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(saved);
  });
});
