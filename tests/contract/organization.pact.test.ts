// 组织管理, 项目公司管理, 供应商管理 and the organisation lookups (SPEC §7.2 Organisations and lookups), as the
// client's OrganizationGatewayAdapter makes them.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { OrganizationGatewayAdapter } from '../../src/adapters/gateway/organization-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { EMPTY_ORGANIZATION_FORM, type OrganizationForm } from '../../src/domain/organization/organization';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';
import { PACT_ORG } from './support/organization-fixtures';

const { eachLike, integer, like, regex, string } = MatchersV3;

const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const json = { 'Content-Type': 'application/json' };
const GROUP = '1100000000000000001';
const SHANGHAI = '1100000000000000002';
const HUADONG = '1100000000000000011';
const ORG_TYPE = regex(/^(GROUP|SUBSIDIARY|PROJECT_COMPANY|SUPPLIER|CAPITAL_SIDE)$/, 'SUPPLIER');
const STATUS = regex(/^(ENABLED|DISABLED)$/, 'ENABLED');

const record = (over: Record<string, unknown> = {}) => ({
  keyId: string(PACT_ORG.supplierId),
  orgType: ORG_TYPE,
  parentId: string(GROUP),
  parentName: string('远景控股集团'),
  enterpriseName: string(PACT_ORG.supplierName),
  creditCode: string(PACT_ORG.supplierCode),
  contactName: string('契约联系人'),
  contactMobile: string('13700000901'),
  email: string('pact.supplier@example.com'),
  address: string('上海市浦东新区契约路1号'),
  status: STATUS,
  gysId: string(PACT_ORG.gysId),
  appIds: eachLike(PACT_ORG.productApp),
  version: integer(1),
  createTime: string('2026-11-22T02:00:00.000Z'),
  ...over,
});

const supplierForm: OrganizationForm = {
  enterpriseName: PACT_ORG.newSupplierName,
  parentId: GROUP,
  creditCode: PACT_ORG.newSupplierCode,
  contactName: '新联系人',
  contactMobile: '13700000911',
  email: 'new.supplier@example.com',
  address: '上海市黄浦区契约路2号',
  appIds: [PACT_ORG.productApp, PACT_ORG.portalApp],
};
const supplierBody = (form: OrganizationForm) => ({
  enterpriseName: form.enterpriseName,
  parentId: form.parentId,
  creditCode: form.creditCode,
  contactName: form.contactName,
  contactMobile: form.contactMobile,
  email: form.email,
  address: form.address,
  appIds: form.appIds,
});
const projectForm: OrganizationForm = {
  ...EMPTY_ORGANIZATION_FORM,
  enterpriseName: PACT_ORG.newProjectName,
  parentId: SHANGHAI,
  creditCode: PACT_ORG.newProjectCode,
  contactMobile: '13700000912',
};
const projectBody = (form: OrganizationForm) => ({
  enterpriseName: form.enterpriseName,
  parentId: form.parentId,
  creditCode: form.creditCode,
  contactName: form.contactName,
  contactMobile: form.contactMobile,
  email: form.email,
  address: form.address,
});

const adapter = (url: string, token: string = PACT_TOKEN.admin) =>
  new OrganizationGatewayAdapter(httpClientFor(url, token).http);
const pact = () => createPact().addInteraction().given(State.adminWithPactOrganizations);

describe('organisations gateway contract', () => {
  it('pages suppliers by name, credit code, supplier number and status', async () => {
    await pact()
      .uponReceiving('a page of suppliers, filtered')
      .withRequest('GET', '/api/company/supplier/page', (b) =>
        b
          .query({
            current: '1',
            size: '10',
            enterpriseName: '契约',
            creditCode: '91310115',
            gysId: 'GYS2099',
            status: 'ENABLED',
          })
          .headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(record()), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page(
          'supplier',
          { enterpriseName: ' 契约 ', creditCode: '91310115', gysId: 'GYS2099', status: 'ENABLED' },
          { current: 1, size: 10 },
        );
        expect(page.records[0]).toMatchObject({ gysId: PACT_ORG.gysId, appIds: [PACT_ORG.productApp] });
      });
  });

  it('pages project companies', async () => {
    await pact()
      .uponReceiving('a page of project companies')
      .withRequest('GET', '/api/company/projectCompany/page', (b) =>
        b.query({ current: '1', size: '10', enterpriseName: '契约项目' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike(
              record({
                keyId: string(PACT_ORG.projectId),
                orgType: regex(/^PROJECT_COMPANY$/, 'PROJECT_COMPANY'),
                enterpriseName: string(PACT_ORG.projectName),
                gysId: string(''),
                appIds: [],
                email: string(''),
                address: string(''),
              }),
            ),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page(
          'projectCompany',
          { enterpriseName: '契约项目', creditCode: '', status: '' },
          { current: 1, size: 10 },
        );
        expect(page.records[0]!.orgType).toBe('PROJECT_COMPANY');
      });
  });

  it('reads a supplier and a project company', async () => {
    await pact()
      .uponReceiving('the pact supplier')
      .withRequest('GET', `/api/company/supplier/${PACT_ORG.supplierId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(record({ keyId: PACT_ORG.supplierId, gysId: PACT_ORG.gysId, version: 1 }))),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).get('supplier', PACT_ORG.supplierId)).toMatchObject({
          keyId: PACT_ORG.supplierId,
          version: 1,
        });
      });
    await pact()
      .uponReceiving('the pact project company')
      .withRequest('GET', `/api/company/projectCompany/${PACT_ORG.projectId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            record({
              keyId: PACT_ORG.projectId,
              orgType: 'PROJECT_COMPANY',
              parentId: SHANGHAI,
              gysId: '',
              appIds: [],
              email: string(''),
              address: string(''),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).get('projectCompany', PACT_ORG.projectId)).toMatchObject({
          orgType: 'PROJECT_COMPANY',
          gysId: '',
        });
      });
  });

  it('creates a supplier in two sub-systems and answers its new supplier number', async () => {
    await pact()
      .uponReceiving('a new supplier')
      .withRequest('POST', '/api/company/supplier', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody(supplierBody(supplierForm)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: string('1763780000000123456'), gysId: regex(/^GYS\d{9}$/, 'GYS202600001') })),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).create('supplier', supplierForm)).gysId).toBe('GYS202600001');
      });
  });

  it('refuses a supplier whose credit code has a wrong check character with 160300400', async () => {
    const form = { ...supplierForm, creditCode: PACT_ORG.badCode };
    await pact()
      .uponReceiving('a new supplier with a wrong credit code check character')
      .withRequest('POST', '/api/company/supplier', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody(supplierBody(form)),
      )
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '请输入正确的统一社会信用代码', data: null }))
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).create('supplier', form)).rejects.toBeInstanceOf(GatewayError);
      });
  });

  it('updates a supplier at the version read, and disables it', async () => {
    const form = {
      ...supplierForm,
      enterpriseName: PACT_ORG.supplierName,
      creditCode: PACT_ORG.supplierCode,
      appIds: [PACT_ORG.portalApp],
    };
    await pact()
      .uponReceiving('changes to the pact supplier')
      .withRequest('PUT', `/api/company/supplier/${PACT_ORG.supplierId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ ...supplierBody(form), version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).update('supplier', PACT_ORG.supplierId, form, 1);
      });
    await pact()
      .uponReceiving('changes to the pact supplier at a stale version')
      .withRequest('PUT', `/api/company/supplier/${PACT_ORG.supplierId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ ...supplierBody(form), version: 5 }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('数据已被他人修改，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).update('supplier', PACT_ORG.supplierId, form, 5)).rejects.toBeInstanceOf(
          GatewayError,
        );
      });
    await pact()
      .uponReceiving('disabling the pact supplier')
      .withRequest('PUT', `/api/company/supplier/status/${PACT_ORG.supplierId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ status: 'DISABLED', version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).setStatus('supplier', PACT_ORG.supplierId, 'DISABLED', 1);
      });
  });

  it('creates, updates and disables a project company', async () => {
    await pact()
      .uponReceiving('a new project company')
      .withRequest('POST', '/api/company/projectCompany', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody(projectBody(projectForm)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('1763780000000123457'), gysId: '' })))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).create('projectCompany', projectForm)).gysId).toBe('');
      });
    const form = {
      ...projectForm,
      enterpriseName: PACT_ORG.projectName,
      creditCode: PACT_ORG.projectCode,
      contactName: '改联系人',
    };
    await pact()
      .uponReceiving('changes to the pact project company')
      .withRequest('PUT', `/api/company/projectCompany/${PACT_ORG.projectId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ ...projectBody(form), version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).update('projectCompany', PACT_ORG.projectId, form, 1);
      });
    await pact()
      .uponReceiving('disabling the pact project company')
      .withRequest('PUT', `/api/company/projectCompany/status/${PACT_ORG.projectId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ status: 'DISABLED', version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).setStatus('projectCompany', PACT_ORG.projectId, 'DISABLED', 1);
      });
  });

  it('reads the organisation tree, adds a subsidiary under the group, edits and disables through the tree', async () => {
    await pact()
      .uponReceiving('the organisation tree')
      .withRequest('GET', '/api/authcenter/org/tree', (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike(
              record({
                keyId: string(GROUP),
                orgType: ORG_TYPE,
                parentId: string('0'),
                appIds: eachLike(string(PACT_ORG.productApp), 0),
              }),
            ),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).tree())[0]!.parentId).toBe('0');
      });
    const sub: OrganizationForm = {
      ...EMPTY_ORGANIZATION_FORM,
      enterpriseName: PACT_ORG.newSubsidiaryName,
      parentId: GROUP,
    };
    await pact()
      .uponReceiving('a new subsidiary in the tree')
      .withRequest('POST', '/api/authcenter/org', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ ...projectBody(sub), orgType: 'SUBSIDIARY' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('1763780000000123458'), gysId: '' })))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).create('org', sub, 'SUBSIDIARY')).keyId).toBe('1763780000000123458');
      });
    const edit = {
      ...projectForm,
      enterpriseName: PACT_ORG.projectName,
      creditCode: PACT_ORG.projectCode,
      address: '苏州市工业园区契约路3号',
    };
    await pact()
      .uponReceiving('changes to the pact project company through the tree')
      .withRequest('PUT', `/api/authcenter/org/${PACT_ORG.projectId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ ...projectBody(edit), version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).update('org', PACT_ORG.projectId, edit, 1);
      });
    await pact()
      .uponReceiving('disabling the pact supplier through the tree')
      .withRequest('PUT', `/api/authcenter/org/status/${PACT_ORG.supplierId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ status: 'DISABLED', version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).setStatus('org', PACT_ORG.supplierId, 'DISABLED', 1);
      });
  });

  it('pages the accounts of an organisation', async () => {
    await pact()
      .uponReceiving('the accounts of 华东建材有限公司')
      .withRequest('GET', '/api/authcenter/org/account/page', (b) =>
        b.query({ orgId: HUADONG, current: '1', size: '100' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              userId: string('1300000000000000003'),
              userName: string('supplier'),
              nickName: string('华东建材-王建国'),
              mobile: string('13800000003'),
              status: STATUS,
              userType: regex(/^(STAFF|SUPPLIER)$/, 'SUPPLIER'),
            }),
            total: integer(1),
            current: 1,
            size: 100,
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).accounts(HUADONG, { current: 1, size: 100 })).records[0]!.userName).toBe(
          'supplier',
        );
      });
  });

  it("answers the lookups: the caller's group, supplier drop-down, capital sides, organisations by type", async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('the top organisation of the signed-in supplier user')
      .withRequest('GET', '/api/authcenter/org/user/top', (b) => b.headers(bearer(PACT_TOKEN.supplier)))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: GROUP, enterpriseName: string('远景控股集团'), orgType: 'GROUP' })),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url, PACT_TOKEN.supplier).topOfCurrentUser()).toMatchObject({
          keyId: GROUP,
          orgType: 'GROUP',
        });
      });
    await createPact()
      .addInteraction()
      .given(State.operatorSignedIn)
      .uponReceiving('the supplier drop-down filtered by name')
      .withRequest('GET', '/api/company/supplier/drop', (b) =>
        b.query({ enterpriseName: '华东' }).headers(bearer(PACT_TOKEN.operator)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(HUADONG),
              gysId: string('GYS202400001'),
              enterpriseName: string('华东建材有限公司'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url, PACT_TOKEN.operator).supplierOptions('华东'))[0]!.gysId).toBe('GYS202400001');
      });
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the capital sides of the tenant')
      .withRequest('GET', '/api/capital/side/list', (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string('1100000000000000021'),
              capitalSideCode: string('1100000000000000021'),
              capitalSideName: string('中国工商银行股份有限公司上海市分行'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).capitalSides())[0]!.capitalSideName).toContain('银行');
      });
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the subsidiaries of the tenant')
      .withRequest('GET', '/api/company/supplier/listbylabel', (b) =>
        b.query({ orgType: 'SUBSIDIARY' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(SHANGHAI),
              enterpriseName: string('远景地产(上海)有限公司'),
              orgType: 'SUBSIDIARY',
              parentId: string(GROUP),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).byType('SUBSIDIARY'))[0]!.orgType).toBe('SUBSIDIARY');
      });
  });

  it('is refused to a caller without the menu', async () => {
    await createPact()
      .addInteraction()
      .given(State.operatorSignedIn)
      .uponReceiving('the supplier list asked by operator')
      .withRequest('GET', '/api/company/supplier/page', (b) =>
        b.query({ current: '1', size: '10' }).headers(bearer(PACT_TOKEN.operator)),
      )
      .willRespondWith(403, (b) => b.jsonBody({ code: 160300003, message: like('无权限访问'), data: null }))
      .executeTest(async (mock) => {
        await expect(
          adapter(mock.url, PACT_TOKEN.operator).page(
            'supplier',
            { enterpriseName: '', creditCode: '', status: '' },
            { current: 1, size: 10 },
          ),
        ).rejects.toBeInstanceOf(GatewayError);
      });
  });
});
