import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_ID } from '../../../../src/domain/constants';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { authorizationLetter } from '../../../../src/domain/supplier-authorization/supplier-authorization';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { MORE_CAPITAL_SIDES } from '../../db/seed/params-funds.seed';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest, issueToken, signIn } from '../../testing/test-gateway';
import { listConsents, resetConsent } from './repository';
import { insertUsers } from '../../testing/test-users';

const NOW = new Date('2026-03-02T01:00:00Z');
const HUADONG = 'GYS202400001';
const HENGGU = 'GYS202400002';
const SHENTONG = 'GYS202400004';
const OTHER_TENANT = '1000000000000000002';
const OTHER_SUPPLIER = 'GYS209900001';
// The core seed's two banks, then the capital sides the parameter and fund seed adds, in display order.
const CAPITAL_SIDES = [DemoOrg.icbcShanghai, DemoOrg.cmbHangzhou, ...MORE_CAPITAL_SIDES.map((s) => s.orgId)];

describe.each(databasesUnderTest())('supplier data-query authorization on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => NOW });
    as.supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
    as.admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    as.operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    // A second tenant with a supplier of its own and a user of it.
    await gw.db.insertInto('tenant').values({ tenant_id: OTHER_TENANT, tenant_name: '星河集团' }).execute();
    await gw.db
      .insertInto('organization')
      .values([
        {
          org_id: '2100000000000000011',
          tenant_id: OTHER_TENANT,
          parent_id: null,
          org_name: '星河材料有限公司',
          org_type: 'SUPPLIER',
          gys_id: OTHER_SUPPLIER,
          data_auth_state: 'PENDING',
          sort_no: 1,
        },
        {
          org_id: '2100000000000000021',
          tenant_id: OTHER_TENANT,
          parent_id: null,
          org_name: '星河银行',
          org_type: 'CAPITAL_SIDE',
          gys_id: null,
          data_auth_state: null,
          sort_no: 2,
        },
      ])
      .execute();
  });
  afterAll(() => gw?.close());
  beforeEach(() => resetConsent(gw.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials));

  const check = (gysId: string, headers: Record<string, string>, body: unknown = { gysId }) =>
    gw.app.inject({
      method: 'POST',
      url: `/api/product/supplier/checkAuthorization?gysId=${encodeURIComponent(gysId)}`,
      headers,
      payload: body as object,
    });
  const capitalSides = (gysId: string, headers: Record<string, string>) =>
    gw.app.inject({
      method: 'GET',
      url: `/api/product/supplier/getCapitalSideCode?gysId=${encodeURIComponent(gysId)}`,
      headers,
    });
  const consent = (body: unknown, headers: Record<string, string>) =>
    gw.app.inject({
      method: 'POST',
      url: '/api/product/supplier/updateSupplierAuth',
      headers,
      payload: body as object,
    });
  const currentUser = async (headers: Record<string, string>) =>
    (await gw.app.inject({ method: 'GET', url: '/api/authcenter/base/user', headers })).json().data;

  it("answers the seeded supplier's pending consent with the authorization letter", async () => {
    expect((await currentUser(as.supplier!)).authStatus).toBe(true);
    const response = await check(HUADONG, as.supplier!);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual(authorizationLetter('远景控股集团'));
    expect(data.templateId).toBe(AUTHORIZATION_TEMPLATE_ID);
    expect(data.content).toContain('远景控股集团及其下属子公司');
  });

  it("lists the tenant's capital sides as the codes the consent covers", async () => {
    const response = await capitalSides(HUADONG, as.supplier!);
    expect(response.json()).toEqual({ code: 0, message: '操作成功', data: CAPITAL_SIDES });
  });

  it('stores the consent, after which the user is authorized and the check answers null', async () => {
    const response = await consent(
      { gysId: HUADONG, authState: '1', capitalSideCodeList: CAPITAL_SIDES },
      as.supplier!,
    );
    expect(response.json()).toEqual({ code: 0, message: '操作成功', data: { code: '0', message: '授权成功' } });

    const [stored, ...older] = await listConsents(gw.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials);
    expect(older).toEqual([]);
    expect(stored).toMatchObject({
      gys_id: HUADONG,
      template_id: AUTHORIZATION_TEMPLATE_ID,
      auth_state: '1',
      user_id: '1300000000000000003',
      capitalSideCodes: [...CAPITAL_SIDES].sort(),
    });
    expect(new Date(stored!.consented_at).toISOString()).toBe(NOW.toISOString());

    expect((await currentUser(as.supplier!)).authStatus).toBe(false);
    expect((await check(HUADONG, as.supplier!)).json()).toEqual({ code: 0, message: '操作成功', data: null });
  });

  it("refuses with code '1' and the reason, storing nothing, when the capital sides are missing or unknown", async () => {
    const empty = await consent({ gysId: HUADONG, authState: '1', capitalSideCodeList: [] }, as.supplier!);
    expect(empty.json().data).toEqual({ code: '1', message: '未找到可授权的资金方，请联系管理员' });
    const unknown = await consent(
      { gysId: HUADONG, authState: '1', capitalSideCodeList: [DemoOrg.icbcShanghai, '2100000000000000021'] },
      as.supplier!,
    );
    expect(unknown.json().data).toEqual({ code: '1', message: '资金方不存在：2100000000000000021' });
    expect(await listConsents(gw.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials)).toEqual([]);
    expect((await currentUser(as.supplier!)).authStatus).toBe(true);
  });

  it("answers another supplier's number to a supplier user as not found, and refuses staff without supplier rights", async () => {
    for (const gysId of [HENGGU, SHENTONG]) {
      for (const response of [
        await check(gysId, as.supplier!),
        await capitalSides(gysId, as.supplier!),
        await consent({ gysId, authState: '1', capitalSideCodeList: CAPITAL_SIDES }, as.supplier!),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: ResultCode.notFound, message: '供应商不存在', data: null });
      }
    }
    const staff = await check(SHENTONG, as.operator!);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(ResultCode.forbidden);
  });

  it("lets the admin check any supplier of the tenant, but not another tenant's", async () => {
    expect((await check(SHENTONG, as.admin!)).json().data).toMatchObject({ templateId: AUTHORIZATION_TEMPLATE_ID });
    expect((await check(HENGGU, as.admin!)).json().data).toBeNull();
    const foreign = await check(OTHER_SUPPLIER, as.admin!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(ResultCode.notFound);
  });

  it("answers another tenant's supplier as not found to every caller, and our supplier to theirs", async () => {
    for (const response of [
      await check(OTHER_SUPPLIER, as.supplier!),
      await capitalSides(OTHER_SUPPLIER, as.supplier!),
      await consent({ gysId: OTHER_SUPPLIER, authState: '1', capitalSideCodeList: ['2100000000000000021'] }, as.admin!),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(ResultCode.notFound);
    }
    // A supplier user of the other tenant finds nothing of ours, and may consent for its own supplier.
    await insertUsers(gw.db, {
      user_id: '2300000000000000001',
      tenant_id: OTHER_TENANT,
      user_name: 'xinghe-supplier',
      nick_name: '星河材料-李明',
      organization_id: '2100000000000000011',
      user_type: 'SUPPLIER',
    });
    await issueToken(gw.db, { userName: 'xinghe-supplier', token: 'xinghe-supplier-token', now: NOW });
    const theirs = { authorization: 'Bearer xinghe-supplier-token' };
    expect((await check(HUADONG, theirs)).json().code).toBe(ResultCode.notFound);
    expect((await capitalSides(OTHER_SUPPLIER, theirs)).json().data).toEqual(['2100000000000000021']);
    const own = await check(OTHER_SUPPLIER, theirs);
    expect(own.json().data.content).toContain('星河集团及其下属子公司');
  });

  it('accepts the supplier organisation id in place of its number', async () => {
    expect((await check(DemoOrg.huadongBuildingMaterials, as.supplier!)).json().data).toMatchObject({
      title: '数据查询授权书',
    });
  });

  it('refuses malformed requests with 160300400 naming the field', async () => {
    const cases = [
      gw.app.inject({
        method: 'POST',
        url: '/api/product/supplier/checkAuthorization',
        headers: as.supplier!,
        payload: { gysId: HUADONG },
      }),
      check(HUADONG, as.supplier!, { gysId: 42 }),
      check(HUADONG, as.supplier!, { gysId: SHENTONG }),
      check(HUADONG, as.supplier!, [HUADONG]),
      gw.app.inject({ method: 'GET', url: '/api/product/supplier/getCapitalSideCode', headers: as.supplier! }),
      consent({ gysId: HUADONG, authState: '0', capitalSideCodeList: CAPITAL_SIDES }, as.supplier!),
      consent({ gysId: HUADONG, authState: 1, capitalSideCodeList: CAPITAL_SIDES }, as.supplier!),
      consent({ gysId: HUADONG, authState: '1', capitalSideCodeList: DemoOrg.icbcShanghai }, as.supplier!),
      consent({ gysId: HUADONG, authState: '1', capitalSideCodeList: [''] }, as.supplier!),
      consent({ authState: '1', capitalSideCodeList: CAPITAL_SIDES }, as.supplier!),
      gw.app.inject({ method: 'POST', url: '/api/product/supplier/updateSupplierAuth', headers: as.supplier! }),
    ];
    const messages: string[] = [];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe(ResultCode.invalidInput);
      messages.push(body.message);
    }
    expect(messages[0]).toContain('gysId');
    expect(messages[2]).toContain('gysId');
    expect(messages[5]).toContain('authState');
    expect(messages[7]).toContain('capitalSideCodeList');
    expect(await listConsents(gw.db, DEMO_TENANT_ID, DemoOrg.huadongBuildingMaterials)).toEqual([]);
  });

  it('asks for a session', async () => {
    const response = await check(HUADONG, {});
    expect(response.json().code).toBe(ResultCode.sessionExpired);
  });
});
