import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessYear } from '../../../../src/domain/calendar/calendar-date';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { OrgFormMessage } from '../../../../src/domain/organization/organization';
import { PatternMessage } from '../../../../src/domain/patterns/pattern-check';
import { isUnifiedSocialCreditCode } from '../../../../src/domain/patterns/social-credit-code';
import { XhOrg } from '../../db/seed/admin-seed';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { demoCreditCode, MORE_PROJECT_COMPANY_COUNT, MORE_SUPPLIER_COUNT } from '../../db/seed/organization-seed';
import { MORE_CAPITAL_SIDES } from '../../db/seed/params-funds.seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { insertUsers } from '../../testing/test-users';

type Headers = Record<string, string>;

const PRODUCT_APP = '1010000000000000001';
const PORTAL_APP = '1010000000000000002';
const SUPPLIERS = '/basicDataManagement/suppliermanagement';
const PROJECTS = '/basicDataManagement/projectcompanymanagement';
const ORG_MAIN = '/basicdatamanagement/orgmain';
// A valid code (check character computed) and the same with its check character changed.
const VALID_CODE = demoCreditCode('440300', 987654);
const BAD_CODE = VALID_CODE.slice(0, 17) + (VALID_CODE[17] === 'A' ? 'B' : 'A');

describe.each(databasesUnderTest())('组织管理, 项目公司管理, 供应商管理 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let xh: Headers;
  let supplier: Headers;
  let viewer: Headers;
  let operator: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
    operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    // A viewer: the three screens' menus (and the add pages') without a single operation code.
    await gw.db
      .insertInto('role')
      .values({
        role_id: '1200000000000000971',
        tenant_id: DEMO_TENANT_ID,
        role_code: 'ORG_VIEWER',
        role_name: '组织只读',
      })
      .execute();
    const menus = await gw.db
      .selectFrom('menu')
      .select('menu_id')
      .where('menu_id', 'in', [
        SUPPLIERS.toLowerCase(),
        PROJECTS.toLowerCase(),
        ORG_MAIN,
        '/addsupplier',
        '/addprojectcompany',
      ])
      .execute();
    expect(menus).toHaveLength(5);
    await gw.db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ role_id: '1200000000000000971', menu_id: m.menu_id })))
      .execute();
    await insertUsers(gw.db, { user_id: '1300000000000000971', user_name: 'org.viewer', nick_name: '组织只读' });
    await gw.db
      .insertInto('user_role')
      .values({ user_id: '1300000000000000971', role_id: '1200000000000000971' })
      .execute();
    await issueToken(gw.db, { userName: 'org.viewer', token: 'org-viewer-token' });
    viewer = { authorization: 'Bearer org-viewer-token' };
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
  const supplierBody = (over: Record<string, unknown> = {}) => ({
    enterpriseName: '深圳测试建材有限公司',
    parentId: DemoOrg.group,
    creditCode: VALID_CODE,
    contactName: '周明',
    contactMobile: '13912340000',
    email: 'zhou.ming@example.com',
    address: '深圳市南山区科技园1号',
    appIds: [PRODUCT_APP, PORTAL_APP],
    ...over,
  });
  const logOf = async (targetId: string) =>
    (await call('GET', `/api/authcenter/base/operlog/page?targetId=${targetId}&size=100`, admin)).data
      .records as Array<{ action: string; before: string | null; after: string | null }>;

  it('pages the seeded suppliers with their gysId, valid credit codes and sub-systems, filtered', async () => {
    const all = await call('GET', '/api/company/supplier/page?size=100', admin);
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(4 + MORE_SUPPLIER_COUNT);
    for (const r of all.data.records) {
      expect(r.orgType).toBe('SUPPLIER');
      expect(r.gysId).toMatch(/^GYS\d{9}$/);
      expect(isUnifiedSocialCreditCode(r.creditCode)).toBe(true);
      expect(r.appIds.length).toBeGreaterThan(0);
    }
    expect(all.data.records.map((r: { keyId: string }) => r.keyId)).not.toContain(XhOrg.supplier);
    const byName = await call('GET', `/api/company/supplier/page?enterpriseName=${encodeURIComponent('华东')}`, admin);
    expect(byName.data.records).toEqual([
      expect.objectContaining({
        keyId: DemoOrg.huadongBuildingMaterials,
        gysId: 'GYS202400001',
        parentName: '远景控股集团',
      }),
    ]);
    expect((await call('GET', '/api/company/supplier/page?gysId=GYS202400002', admin)).data.total).toBe(1);
    expect((await call('GET', '/api/company/supplier/page?size=5&current=2', admin)).data.records).toHaveLength(5);
    const projects = await call('GET', '/api/company/projectCompany/page?size=100', admin);
    expect(projects.data.total).toBe(2 + MORE_PROJECT_COMPANY_COUNT);
  });

  it('creates a supplier: a wrong check character is refused with the pattern message, a valid one gets the next gysId and a log line', async () => {
    const bad = await call('POST', '/api/company/supplier', admin, supplierBody({ creditCode: BAD_CODE }));
    expect(bad).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: PatternMessage.creditCode });
    for (const [over, message] of [
      [{ contactMobile: '1391234' }, PatternMessage.mobile],
      [{ email: 'zhou@' }, PatternMessage.email],
      [{ appIds: [] }, OrgFormMessage.appsRequired],
      [{ appIds: ['2010000000000000001'] }, OrgFormMessage.appInvalid],
      [{ parentId: DemoOrg.hengguSteel }, OrgFormMessage.parentInvalid],
      [{ parentId: XhOrg.group }, OrgFormMessage.parentInvalid],
      [{ enterpriseName: '华东建材有限公司' }, OrgFormMessage.nameTaken],
    ] as const) {
      expect(
        await call('POST', '/api/company/supplier', admin, supplierBody(over)),
        JSON.stringify(over),
      ).toMatchObject({ code: ResultCode.invalidInput, message });
    }
    const created = await call(
      'POST',
      '/api/company/supplier',
      admin,
      supplierBody({ creditCode: VALID_CODE.toLowerCase() }),
    );
    expect(created.code).toBe(0);
    expect(created.data.gysId).toMatch(new RegExp(`^GYS${businessYear(new Date())}\\d{5}$`));
    const detail = await call('GET', `/api/company/supplier/${created.data.keyId}`, admin);
    expect(detail.data).toMatchObject({
      enterpriseName: '深圳测试建材有限公司',
      creditCode: VALID_CODE,
      gysId: created.data.gysId,
      appIds: [PRODUCT_APP, PORTAL_APP],
      status: 'ENABLED',
      version: 1,
    });
    const found = await call(
      'GET',
      `/api/company/supplier/page?enterpriseName=${encodeURIComponent('深圳测试')}`,
      admin,
    );
    expect(found.data.records.map((r: { keyId: string }) => r.keyId)).toEqual([created.data.keyId]);
    const [log] = await logOf(created.data.keyId);
    expect(log).toMatchObject({ action: 'organization.create', before: null });
    expect(JSON.parse(log!.after!)).toMatchObject({ creditCode: VALID_CODE, gysId: created.data.gysId });
    // The same credit code again is taken; a second supplier gets the number after.
    expect(
      await call('POST', '/api/company/supplier', admin, supplierBody({ enterpriseName: '另一家' })),
    ).toMatchObject({ message: OrgFormMessage.creditCodeTaken });
    const second = await call(
      'POST',
      '/api/company/supplier',
      admin,
      supplierBody({ enterpriseName: '另一家', creditCode: demoCreditCode('440300', 987655) }),
    );
    expect(Number(second.data.gysId.slice(-5))).toBe(Number(created.data.gysId.slice(-5)) + 1);
  });

  it('gives suppliers created at once distinct numbers, and one credit code to one of them only', async () => {
    const made = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        call(
          'POST',
          '/api/company/supplier',
          admin,
          supplierBody({ enterpriseName: `并发供应商${i}`, creditCode: demoCreditCode('440300', 700 + i) }),
        ),
      ),
    );
    expect(made.map((m) => m.code)).toEqual([0, 0, 0, 0]);
    expect(new Set(made.map((m) => m.data.gysId)).size).toBe(4);
    const same = await Promise.all(
      [0, 1, 2].map((i) =>
        call(
          'POST',
          '/api/company/supplier',
          admin,
          supplierBody({ enterpriseName: `同码供应商${i}`, creditCode: demoCreditCode('440300', 800) }),
        ),
      ),
    );
    expect(same.filter((m) => m.code === 0)).toHaveLength(1);
    for (const m of same.filter((x) => x.code !== 0))
      expect(m).toMatchObject({ status: 400, message: OrgFormMessage.creditCodeTaken });
  });

  it('edits with the version read (a stale one is 160300409), disables as a status change, each write logged before and after', async () => {
    const keyId = DemoOrg.shentongMechanical;
    const before = (await call('GET', `/api/company/supplier/${keyId}`, admin)).data;
    const edit = await call('PUT', `/api/company/supplier/${keyId}`, admin, {
      ...supplierBody({ enterpriseName: before.enterpriseName, creditCode: before.creditCode, appIds: [PRODUCT_APP] }),
      version: before.version,
    });
    expect(edit.code).toBe(0);
    const after = (await call('GET', `/api/company/supplier/${keyId}`, admin)).data;
    expect(after).toMatchObject({
      contactName: '周明',
      appIds: [PRODUCT_APP],
      version: before.version + 1,
      gysId: 'GYS202400004',
    });
    const stale = await call('PUT', `/api/company/supplier/${keyId}`, admin, {
      ...supplierBody({ enterpriseName: before.enterpriseName, creditCode: before.creditCode }),
      version: before.version,
    });
    expect(stale).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    expect(
      (
        await call('PUT', `/api/company/supplier/status/${keyId}`, admin, {
          status: 'DISABLED',
          version: after.version,
        })
      ).code,
    ).toBe(0);
    expect((await call('GET', `/api/company/supplier/${keyId}`, admin)).data.status).toBe('DISABLED');
    const drop = await call('GET', '/api/company/supplier/drop', admin);
    expect(drop.data.map((d: { keyId: string }) => d.keyId)).not.toContain(keyId);
    const log = await logOf(keyId);
    expect(log.map((l) => l.action)).toEqual(['organization.disable', 'organization.update']);
    expect(JSON.parse(log[1]!.before!)).toMatchObject({ contactName: before.contactName });
    expect(JSON.parse(log[1]!.after!)).toMatchObject({ contactName: '周明' });
    // A supplier's id is not a project company.
    expect((await call('GET', `/api/company/projectCompany/${keyId}`, admin)).code).toBe(ResultCode.notFound);
  });

  it('keeps project companies under the group or a subsidiary and checks their credit code and mobile', async () => {
    const body = {
      enterpriseName: '青岛远景置业有限公司',
      parentId: DemoOrg.shanghaiRealEstate,
      creditCode: demoCreditCode('370200', 4242),
      contactMobile: '13812345678',
    };
    expect(await call('POST', '/api/company/projectCompany', admin, { ...body, creditCode: '' })).toMatchObject({
      message: OrgFormMessage.creditCodeRequired,
    });
    expect(
      await call('POST', '/api/company/projectCompany', admin, { ...body, parentId: DemoOrg.suzhouProject }),
    ).toMatchObject({ message: OrgFormMessage.parentInvalid });
    const created = await call('POST', '/api/company/projectCompany', admin, body);
    expect(created).toMatchObject({ code: 0, data: { gysId: '' } });
    const page = await call(
      'GET',
      `/api/company/projectCompany/page?creditCode=${body.creditCode.slice(0, 10)}`,
      admin,
    );
    expect(page.data.records).toEqual([
      expect.objectContaining({ keyId: created.data.keyId, parentName: '远景地产(上海)有限公司', appIds: [] }),
    ]);
  });

  it('serves the tree of every organisation, adds under it, refuses a move below itself and disabling the group', async () => {
    const tree = await call('GET', '/api/authcenter/org/tree', admin);
    const types = new Set(tree.data.map((o: { orgType: string }) => o.orgType));
    expect([...types].sort()).toEqual(['CAPITAL_SIDE', 'GROUP', 'PROJECT_COMPANY', 'SUBSIDIARY', 'SUPPLIER']);
    expect(tree.data.find((o: { keyId: string }) => o.keyId === DemoOrg.group)).toMatchObject({
      parentId: '0',
      orgType: 'GROUP',
    });
    const sub = await call('POST', '/api/authcenter/org', admin, {
      orgType: 'SUBSIDIARY',
      enterpriseName: '远景商业管理有限公司',
      parentId: DemoOrg.group,
    });
    expect(sub.code).toBe(0);
    const child = await call('POST', '/api/authcenter/org', admin, {
      orgType: 'SUBSIDIARY',
      enterpriseName: '远景商业运营有限公司',
      parentId: sub.data.keyId,
    });
    expect(child.code).toBe(0);
    expect(
      await call('PUT', `/api/authcenter/org/${sub.data.keyId}`, admin, {
        enterpriseName: '远景商业管理有限公司',
        parentId: child.data.keyId,
        version: 1,
      }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: OrgFormMessage.parentInvalid });
    expect(
      (
        await call('PUT', `/api/authcenter/org/${child.data.keyId}`, admin, {
          enterpriseName: '远景商业运营(上海)有限公司',
          parentId: DemoOrg.group,
          version: 1,
        })
      ).code,
    ).toBe(0);
    expect(
      await call('PUT', `/api/authcenter/org/status/${DemoOrg.group}`, admin, { status: 'DISABLED', version: 1 }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: '集团不能停用' });
    expect(
      await call('POST', '/api/authcenter/org', admin, { orgType: 'GROUP', enterpriseName: '另一个集团' }),
    ).toMatchObject({ code: ResultCode.invalidInput });
    expect((await logOf(child.data.keyId)).map((l) => l.action)).toEqual([
      'organization.update',
      'organization.create',
    ]);
  });

  it("answers the lookups from the caller's tenant only", async () => {
    const accounts = await call(
      'GET',
      `/api/authcenter/org/account/page?orgId=${DemoOrg.huadongBuildingMaterials}`,
      admin,
    );
    expect(accounts.data.records).toEqual([expect.objectContaining({ userName: 'supplier', userType: 'SUPPLIER' })]);
    expect((await call('GET', '/api/authcenter/org/user/top', supplier)).data).toEqual({
      keyId: DemoOrg.group,
      enterpriseName: '远景控股集团',
      orgType: 'GROUP',
    });
    expect((await call('GET', '/api/authcenter/org/user/top', xh)).data).toMatchObject({
      keyId: XhOrg.group,
      enterpriseName: '星河建设集团',
    });
    const drop = await call('GET', `/api/company/supplier/drop?enterpriseName=${encodeURIComponent('恒固')}`, operator);
    expect(drop.data).toEqual([
      { keyId: DemoOrg.hengguSteel, gysId: 'GYS202400002', enterpriseName: '江苏恒固钢结构工程有限公司' },
    ]);
    expect((await call('GET', '/api/capital/side/list', admin)).data).toEqual([
      {
        keyId: DemoOrg.icbcShanghai,
        capitalSideCode: DemoOrg.icbcShanghai,
        capitalSideName: '中国工商银行股份有限公司上海市分行',
      },
      {
        keyId: DemoOrg.cmbHangzhou,
        capitalSideCode: DemoOrg.cmbHangzhou,
        capitalSideName: '招商银行股份有限公司杭州分行',
      },
      // The capital sides the parameter and fund seed adds.
      ...MORE_CAPITAL_SIDES.map((s) => ({ keyId: s.orgId, capitalSideCode: s.orgId, capitalSideName: s.name })),
    ]);
    const subs = await call('GET', '/api/company/supplier/listbylabel?orgType=SUBSIDIARY', admin);
    expect(subs.data.map((o: { keyId: string }) => o.keyId)).toEqual(
      expect.arrayContaining([DemoOrg.shanghaiRealEstate, DemoOrg.hangzhouConstruction]),
    );
    expect(
      (await call('GET', '/api/company/supplier/listbylabel?orgType=SUPPLIER', xh)).data.map(
        (o: { keyId: string }) => o.keyId,
      ),
    ).toEqual([XhOrg.supplier]);
  });

  it('refuses every write to a caller whose menus carry no operation code, and every route to one without the menu', async () => {
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/company/supplier', supplierBody({ enterpriseName: '只读者的供应商' })],
      ['PUT', `/api/company/supplier/${DemoOrg.hengguSteel}`, { ...supplierBody(), version: 1 }],
      ['PUT', `/api/company/supplier/status/${DemoOrg.hengguSteel}`, { status: 'DISABLED', version: 1 }],
      ['POST', '/api/company/projectCompany', { enterpriseName: 'x' }],
      ['PUT', `/api/company/projectCompany/${DemoOrg.suzhouProject}`, { enterpriseName: 'x', version: 1 }],
      ['PUT', `/api/company/projectCompany/status/${DemoOrg.suzhouProject}`, { status: 'DISABLED', version: 1 }],
      ['POST', '/api/authcenter/org', { orgType: 'SUBSIDIARY', enterpriseName: 'x', parentId: DemoOrg.group }],
      ['PUT', `/api/authcenter/org/${DemoOrg.hangzhouConstruction}`, { enterpriseName: 'x', version: 1 }],
      ['PUT', `/api/authcenter/org/status/${DemoOrg.hangzhouConstruction}`, { status: 'DISABLED', version: 1 }],
    ];
    for (const [method, url, body] of writes) {
      expect(await call(method as 'POST', url, viewer, body), `${method} ${url}`).toMatchObject({
        status: 403,
        code: ResultCode.forbidden,
      });
    }
    const reads = [
      '/api/company/supplier/page',
      `/api/company/supplier/${DemoOrg.hengguSteel}`,
      '/api/company/projectCompany/page',
      '/api/authcenter/org/tree',
      `/api/authcenter/org/account/page?orgId=${DemoOrg.group}`,
    ];
    for (const url of reads) expect((await call('GET', url, viewer)).code, url).toBe(0);
    for (const url of reads) expect((await call('GET', url, operator)).code, url).toBe(ResultCode.forbidden);
    for (const [method, url, body] of writes)
      expect((await call(method as 'POST', url, operator, body)).code).toBe(ResultCode.forbidden);
    expect((await call('GET', '/api/capital/side/list', {})).code).toBe(ResultCode.sessionExpired);
  });

  it("reads and writes nothing of another tenant's organisations (xh_admin on each of ours)", async () => {
    const ours = [
      ['supplier', DemoOrg.hengguSteel, 'SUPPLIER'],
      ['projectCompany', DemoOrg.nanjingProject, 'PROJECT_COMPANY'],
    ] as const;
    for (const [resource, keyId] of ours) {
      const before = (await call('GET', `/api/company/${resource}/${keyId}`, admin)).data;
      const list = await call('GET', `/api/company/${resource}/page?size=100`, xh);
      expect(list.data.records.map((r: { keyId: string }) => r.keyId)).not.toContain(keyId);
      for (const res of [
        await call('GET', `/api/company/${resource}/${keyId}`, xh),
        await call('PUT', `/api/company/${resource}/${keyId}`, xh, {
          ...supplierBody({ parentId: XhOrg.group, creditCode: demoCreditCode('510100', 1) }),
          version: before.version,
        }),
        await call('PUT', `/api/company/${resource}/status/${keyId}`, xh, {
          status: 'DISABLED',
          version: before.version,
        }),
        await call('PUT', `/api/authcenter/org/${keyId}`, xh, {
          enterpriseName: '被改名',
          parentId: XhOrg.group,
          version: before.version,
        }),
        await call('PUT', `/api/authcenter/org/status/${keyId}`, xh, { status: 'DISABLED', version: before.version }),
        await call('GET', `/api/authcenter/org/account/page?orgId=${keyId}`, xh),
      ]) {
        expect(res).toMatchObject({ status: 404, code: ResultCode.notFound });
      }
      expect((await call('GET', `/api/company/${resource}/${keyId}`, admin)).data).toEqual(before);
      expect(await logOf(keyId)).toEqual([]);
    }
    const tree = await call('GET', '/api/authcenter/org/tree', xh);
    expect(tree.data.every((o: { keyId: string }) => o.keyId.startsWith('21'))).toBe(true);
    expect((await call('GET', '/api/company/supplier/drop', xh)).data.map((d: { keyId: string }) => d.keyId)).toEqual([
      XhOrg.supplier,
    ]);
    expect((await call('GET', '/api/capital/side/list', xh)).data).toEqual([]);
    // And their supplier is not ours to touch.
    expect((await call('GET', `/api/company/supplier/${XhOrg.supplier}`, admin)).code).toBe(ResultCode.notFound);
  });

  it('answers malformed requests with 160300400, never 5xx', async () => {
    const cases: Array<[string, string, unknown?]> = [
      ['POST', '/api/company/supplier', { ...supplierBody(), extra: 1 }],
      ['POST', '/api/company/supplier', { ...supplierBody(), enterpriseName: 42 }],
      ['POST', '/api/company/supplier', { ...supplierBody(), appIds: 'x' }],
      ['POST', '/api/company/supplier', { ...supplierBody(), creditCode: 'X'.repeat(19) }],
      ['POST', '/api/company/supplier', [1, 2]],
      ['POST', '/api/company/supplier', {}],
      ['PUT', `/api/company/supplier/${DemoOrg.hengguSteel}`, supplierBody()],
      ['PUT', `/api/company/supplier/${DemoOrg.hengguSteel}`, { ...supplierBody(), version: '1' }],
      ['PUT', `/api/company/supplier/status/${DemoOrg.hengguSteel}`, { status: 'GONE', version: 1 }],
      ['POST', '/api/authcenter/org', { orgType: 'PLANET', enterpriseName: 'x' }],
      ['GET', '/api/company/supplier/page?size=101'],
      ['GET', '/api/company/supplier/page?status=MAYBE'],
      ['GET', '/api/authcenter/org/account/page'],
      ['GET', '/api/company/supplier/listbylabel'],
      ['GET', '/api/company/supplier/listbylabel?orgType=PLANET'],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(method as 'POST', url, admin, body);
      expect(res, `${method} ${url} ${JSON.stringify(body)}`).toMatchObject({
        status: 400,
        code: ResultCode.invalidInput,
      });
    }
    const raw = await gw.app.inject({
      method: 'POST',
      url: '/api/company/supplier',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"enterpriseName":',
    });
    expect(raw.statusCode).toBe(400);
  });
});
