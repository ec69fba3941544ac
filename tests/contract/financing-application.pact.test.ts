// The calls of 融资申请管理, 准入资料制作 and 融资申请审核详情 as the client makes them: the stage kit's adapter
// bound to the application's definition (the businesses awaiting an application, where a new one starts —
// nothing written —, 新增 with the first 保存, the draft, the order picker, 保存, 提交 through the business
// transition, the reviewer's read) and the resource kit's adapter over the definition (a page, 删除). The
// records are the fixed ones of financing-application-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { type StageRecord, stageClient } from '../../src/application/ports/stage-gateway.port';
import { ResourceGatewayAdapter } from '../../src/adapters/gateway/resource-gateway.adapter';
import { FINANCING_APPLICATION_STAGE, FINANCING_APPLICATION } from '../../src/domain/financing/financing-application';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';
import { FinancingApplicationState, PACT_FINANCING_APPLICATION_ID } from './support/financing-application-fixtures';
import { REVIEWER1_TOKEN } from './support/review-fixtures';

const { eachLike, integer, like, regex, string, boolean } = MatchersV3;

const API = FINANCING_APPLICATION.api;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const operator = () => bearer(PACT_TOKEN.operator);
/** Any status of an application: what a list may hold beside the pact's record. */
const anyStatus = (example: string) => regex(`^(${Object.keys(FINANCING_APPLICATION.statuses).join('|')})$`, example);
const gateway = (url: string, token: string = PACT_TOKEN.operator) =>
  stageClient(new StageGatewayAdapter(httpClientFor(url, token).http, { save: vi.fn() }), FINANCING_APPLICATION_STAGE);
const one = `/${PACT_FINANCING_APPLICATION_ID}`;
/** 中国工商银行上海市分行, the capital side 华东建材 consented for. */
const PACT_CAPITAL_SIDE = '1100000000000000021';
const kit = (url: string) =>
  new ResourceGatewayAdapter(httpClientFor(url, PACT_TOKEN.operator).http, { save: vi.fn() });
const order = {
  keyId: string('2410000000000000003'),
  orderNo: string('FKPACT0001'),
  contractNo: string('HT-FKPACT0001'),
  dueDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2099-12-31'),
  receivableAmount: integer(1_000_000_00),
  eligibleAmount: integer(1_000_000_00),
  maxFinanceAmount: integer(800_000_00),
  confirmStatus: 'CONFIRMED',
  locked: boolean(false),
};
// The capital side and product chosen at the application, what may be chosen, and what is warned of.
const capital = {
  capitalSideId: string('1100000000000000021'),
  capitalSideName: string('中国工商银行股份有限公司上海市分行'),
  productId: string('1000FP000001'),
  productName: string('工行e信通应收账款融资'),
  capitalSides: eachLike({
    keyId: string('1100000000000000021'),
    name: string('中国工商银行股份有限公司上海市分行'),
    consented: boolean(true),
  }),
  products: eachLike({
    keyId: string('1000FP000001'),
    name: string('工行e信通应收账款融资'),
    capitalSideId: string('1100000000000000021'),
    termMinDays: integer(30),
    termMaxDays: integer(360),
    minRate: regex(/^0\.\d{4}$/, '0.0380'),
    maxRate: regex(/^0\.\d{4}$/, '0.0550'),
  }),
  warnings: like([]),
};
// Statuses, the business's state and codes are exact (the screens label them and offer actions by them);
// the rest is matched by type. No matcher wraps a whole record: a type matcher there makes the status
// type-only too.
const detail = (status: string, version: number) => ({
  keyId: string(PACT_FINANCING_APPLICATION_ID),
  applicationNo: regex(/^SQ\d{12}$/, 'SQ202611209902'),
  businessId: string(PACT_FINANCING_APPLICATION_ID),
  businessNo: string('RZ202611209902'),
  supplierName: string('华东建材有限公司'),
  status,
  version: integer(version),
  totalAmount: integer(100_00),
  lines: eachLike({ orderId: string('2410000000000000003'), financeAmount: integer(100_00) }),
  orders: eachLike(order),
  docs: eachLike({ docType: string('BUSINESS_LICENSE'), label: string('营业执照'), required: boolean(true) }),
  ratio: regex(/^0\.\d{4}$/, '0.8000'),
  problems: like([]),
  actions: eachLike(string('submit')),
  ...capital,
});

describe('融资申请 contract', () => {
  it('新增: the businesses awaiting an application, and the draft made for one', async () => {
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.candidate)
      .uponReceiving('the businesses at 融资申请·草稿 without an application')
      .withRequest('GET', `${API}/candidates`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(PACT_FINANCING_APPLICATION_ID),
              businessNo: string('RZ202611209902'),
              supplierName: string('华东建材有限公司'),
              applyAmount: integer(100_00),
              version: integer(1),
              warnings: like([]),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).custom<unknown[]>('GET', '/candidates')).length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.candidate)
      .uponReceiving('where a new application of the pact business starts, nothing written')
      .withRequest('GET', `${API}/${PACT_FINANCING_APPLICATION_ID}/start`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string(PACT_FINANCING_APPLICATION_ID),
            applicationNo: '',
            status: 'DRAFT',
            version: integer(1),
            lines: like([]),
            docs: eachLike({ docType: string('BUSINESS_LICENSE'), label: string('营业执照'), required: boolean(true) }),
            ratio: regex(/^0\.\d{4}$/, '0.8000'),
            problems: like([]),
            ...capital,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const start = await gateway(mock.url).custom<{ applicationNo: string }>('GET', `${one}/start`);
        expect(start.applicationNo).toBe('');
      });

    const first = {
      termDays: 90,
      repaymentSource: 'PROJECT_COMPANY',
      payeeBank: '招商银行上海分行',
      payeeAccount: '6225880212345678',
      lines: [],
      docs: [],
      capitalSideId: PACT_CAPITAL_SIDE,
      productId: null,
    };
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.candidate)
      .uponReceiving('新增 of the application of the pact business with its first 保存')
      .withRequest('POST', API, (b) =>
        b.headers(operator()).jsonBody({ businessId: PACT_FINANCING_APPLICATION_ID, ...first }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string(PACT_FINANCING_APPLICATION_ID),
            applicationNo: regex(/^SQ\d{12}$/, 'SQ202611200001'),
            status: 'DRAFT',
            termDays: integer(90),
            lines: like([]),
            version: integer(2),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const made = await gateway(mock.url).create({ businessId: PACT_FINANCING_APPLICATION_ID, ...first });
        expect(made.status).toBe('DRAFT');
      });
  });

  it('the make page reads the draft and the orders, saves and submits', async () => {
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('the pact application draft')
      .withRequest('GET', `${API}/${PACT_FINANCING_APPLICATION_ID}`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) => b.jsonBody(ok(detail('DRAFT', 1))))
      .executeTest(async (mock) => {
        expect(
          (await gateway(mock.url).detail<{ problems: string[] } & StageRecord>(PACT_FINANCING_APPLICATION_ID))
            .problems,
        ).toEqual([]);
      });

    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('the orders the pact application may finance')
      .withRequest('GET', `${API}/${PACT_FINANCING_APPLICATION_ID}/orders`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: eachLike(order), ratio: regex(/^0\.\d{4}$/, '0.8000') })))
      .executeTest(async (mock) => {
        expect(
          (await gateway(mock.url).custom<{ records: unknown[] }>('GET', `${one}/orders`)).records.length,
        ).toBeGreaterThan(0);
      });

    const form = {
      termDays: 120,
      repaymentSource: 'SUPPLIER_BUYBACK',
      payeeBank: '招商银行上海分行',
      payeeAccount: '6225880212345678',
      lines: [],
      docs: [],
      capitalSideId: PACT_CAPITAL_SIDE,
      productId: null,
    };
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('保存 of the pact application')
      .withRequest('PUT', `${API}/${PACT_FINANCING_APPLICATION_ID}`, (b) =>
        b.headers(operator()).jsonBody({ ...form, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string(PACT_FINANCING_APPLICATION_ID),
            termDays: integer(120),
            status: 'DRAFT',
            version: integer(2),
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).save(PACT_FINANCING_APPLICATION_ID, form, 1)).version).toBe(2);
      });

    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('提交 of the pact application through the business transition')
      .withRequest('POST', `/api/business/business/${PACT_FINANCING_APPLICATION_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'submit', version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({ keyId: string(PACT_FINANCING_APPLICATION_ID), state: 'APPLICATION/PENDING', version: integer(2) }),
        ),
      )
      .executeTest(async (mock) => {
        await gateway(mock.url).transition(PACT_FINANCING_APPLICATION_ID, { action: 'submit', version: 1 });
      });
  });

  it('the reviewer reads the application; the list pages and deletes a never-submitted draft', async () => {
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.pending)
      .uponReceiving('the reviewer’s read of the pact application')
      .withRequest('GET', `${API}/${PACT_FINANCING_APPLICATION_ID}/review`, (b) => b.headers(bearer(REVIEWER1_TOKEN)))
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...detail('DRAFT', 1), actions: like([]) })))
      .executeTest(async (mock) => {
        const read = await gateway(mock.url, REVIEWER1_TOKEN).custom<{ lines: unknown[] }>('GET', `${one}/review`);
        expect(read.lines.length).toBe(1);
      });

    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('a page of financing applications')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_FINANCING_APPLICATION_ID),
              status: anyStatus('DRAFT'),
              actions: like([]),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await kit(mock.url).page(FINANCING_APPLICATION, { status: '' }, { current: 1, size: 10 });
        expect(page.records.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.draft)
      .uponReceiving('a delete of the pact application draft')
      .withRequest('DELETE', `${API}/${PACT_FINANCING_APPLICATION_ID}`, (b) =>
        b.query({ version: '1' }).headers(operator()),
      )
      .willRespondWith(200, (b) => b.jsonBody({ code: 0, message: string('操作成功'), data: null }))
      .executeTest(async (mock) => {
        await kit(mock.url).remove(FINANCING_APPLICATION, PACT_FINANCING_APPLICATION_ID, 1);
      });
  });

  it('the list withdraws a submitted application not yet reviewed', async () => {
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.submitted)
      .uponReceiving('撤回 of the pact application from the list')
      .withRequest('POST', `${API}/${PACT_FINANCING_APPLICATION_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'withdraw', version: 2 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: string(PACT_FINANCING_APPLICATION_ID), status: 'DRAFT', version: integer(3) })),
      )
      .executeTest(async (mock) => {
        const done = await kit(mock.url).transition(
          FINANCING_APPLICATION,
          PACT_FINANCING_APPLICATION_ID,
          'withdraw',
          2,
          '',
        );
        expect(done.status).toBe('DRAFT');
      });
  });
});
