// The calls of 融资需求管理, 预授信申请管理 and 申请预授信 as the client makes them: the kit's adapter over the demand
// and pre-credit definitions (page, detail, create, the LIFECYCLE transitions the rows offer, delete, export,
// the form's organisations) and the stage kit's adapter bound to the pre-credit, as the make page's spec calls
// it (eligible orders, the draft, save, 提交 through the business transition). Records are the demo seed's and the fixed ones of demand-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { stageClient } from '../../src/application/ports/stage-gateway.port';
import { ResourceGatewayAdapter } from '../../src/adapters/gateway/resource-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { FINANCING_DEMAND } from '../../src/domain/financing/financing-demand';
import { PRE_CREDIT, PRE_CREDIT_STAGE } from '../../src/domain/financing/pre-credit';
import { type PreCreditDraft, preCreditMakeSpec } from '../../src/ui/screens/demand/pre-credit-make';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';
import { DemandState, PACT_DEMAND_ID, PACT_PRE_CREDIT_ID } from './support/demand-fixtures';

const { eachLike, equal, integer, like, regex, string, boolean } = MatchersV3;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HUADONG = '1100000000000000011';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const saver = { save: vi.fn() };
const kit = (url: string, token: string) => new ResourceGatewayAdapter(httpClientFor(url, token).http, saver);
const client = (url: string) =>
  stageClient(new StageGatewayAdapter(httpClientFor(url, PACT_TOKEN.supplier).http, saver), PRE_CREDIT_STAGE);
/** The make page's own calls, as its spec makes them. */
const make = (url: string) => preCreditMakeSpec(client(url));
const noOffer = { suppliers: [], companies: [], orders: [], ratio: '0.8000', consent: null, locked: false };
const draftValues = { supplierId: HUADONG, projectCompanyId: '', amount: '', validDays: '90', selected: [] };
const supplier = () => bearer(PACT_TOKEN.supplier);
/** Any status of a definition: what a list may hold beside the pact's record. */
const anyStatus = (statuses: object, example: string) => regex(`^(${Object.keys(statuses).join('|')})$`, example);
const operator = () => bearer(PACT_TOKEN.operator);
const option = eachLike({ keyId: string(HUADONG), name: string('华东建材有限公司') });
const order = {
  keyId: string('2410000000000000003'),
  orderNo: string('FKSZ20260003'),
  projectCompanyId: string('1100000000000000004'),
  projectCompanyName: string('苏州远景置业有限公司'),
  dueDate: regex(/^\d{4}-\d{2}-\d{2}$/, '2027-01-31'),
  receivableAmount: integer(300_000_00),
  confirmedAmount: integer(300_000_00),
  eligibleAmount: integer(300_000_00),
  ratio: regex(/^0\.\d{4}$/, '0.8000'),
  confirmStatus: 'CONFIRMED',
  locked: false,
};
const demand = (status: string, version: number) => ({
  keyId: string(PACT_DEMAND_ID),
  demandNo: regex(/^XQ\d{12}$/, 'XQ202611209901'),
  supplierId: HUADONG,
  supplierName: string('华东建材有限公司'),
  expectedAmount: integer(3_000_000_00),
  expectedTermDays: integer(180),
  status,
  version: integer(version),
  actions: [],
});
const preCredit = (status: string, version: number) => ({
  keyId: string(PACT_PRE_CREDIT_ID),
  preCreditNo: regex(/^YS\d{12}$/, 'YS202611209901'),
  businessNo: regex(/^RZ\d{12}$/, 'RZ202611209901'),
  supplierId: HUADONG,
  applyAmount: integer(100_00),
  validDays: integer(90),
  status,
  version: integer(version),
  basisOrderIds: eachLike(string('2410000000000000003')),
  basisOrders: eachLike(order),
  ratio: string('0.8000'),
});
// Statuses, the business's state, the actions a row offers and codes are exact (the screens label them and
// offer actions by them); the rest is matched by type. No matcher wraps a whole record: a type matcher there
// makes the status type-only too.

describe('融资需求 contract', () => {
  it('a supplier user pages its demands', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('a page of the supplier’s demands')
      .withRequest('GET', `${FINANCING_DEMAND.api}/page`, (b) =>
        b.query({ current: '1', size: '10' }).headers(supplier()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string('1'),
              supplierId: equal(HUADONG),
              status: anyStatus(FINANCING_DEMAND.statuses, 'NEW'),
              actions: like([]),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await kit(mock.url, PACT_TOKEN.supplier).page(
          FINANCING_DEMAND,
          { status: '' },
          { current: 1, size: 10 },
        );
        expect(page.records.every((r) => r.supplierId === HUADONG)).toBe(true);
      });
  });

  it('a supplier user reads the suppliers it may name: its own', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('the suppliers a supplier user may name in a demand')
      .withRequest('GET', `${FINANCING_DEMAND.api}/options/supplierId`, (b) => b.headers(supplier()))
      .willRespondWith(200, (b) => b.jsonBody(ok([{ keyId: HUADONG, name: string('华东建材有限公司') }])))
      .executeTest(async (mock) => {
        expect(await kit(mock.url, PACT_TOKEN.supplier).options(FINANCING_DEMAND, 'supplierId')).toHaveLength(1);
      });
  });

  it('a supplier user submits a demand for its own supplier', async () => {
    const form = {
      supplierId: HUADONG,
      projectCompanyId: null,
      expectedAmount: 5_000_000_00,
      expectedTermDays: 180,
      purpose: '支付钢材采购款',
      contactName: '王经理',
      contactPhone: '13900001111',
    };
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('a demand submitted by a supplier user')
      .withRequest('POST', FINANCING_DEMAND.api, (b) => b.headers(supplier()).jsonBody(form))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string('2530000000000000099'),
            demandNo: regex(/^XQ\d{12}$/, 'XQ202611200001'),
            supplierId: HUADONG,
            source: 'SUPPLIER',
            status: 'NEW',
            version: 1,
            actions: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const created = await kit(mock.url, PACT_TOKEN.supplier).create(FINANCING_DEMAND, form);
        expect(created.status).toBe('NEW');
      });
  });

  it('a demand below 1 万元 is refused with the field’s words', async () => {
    const form = {
      supplierId: HUADONG,
      expectedAmount: 100,
      expectedTermDays: 180,
      purpose: '采购',
      contactName: '王',
      contactPhone: '13900001111',
    };
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('a demand whose amount is below 1 万元')
      .withRequest('POST', FINANCING_DEMAND.api, (b) => b.headers(supplier()).jsonBody(form))
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '期望金额不能小于10,000.00元', data: null }))
      .executeTest(async (mock) => {
        await expect(kit(mock.url, PACT_TOKEN.supplier).create(FINANCING_DEMAND, form)).rejects.toBeInstanceOf(
          GatewayError,
        );
      });
  });

  it('the operator reads a new demand with 受理 and 关闭 offered', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.demandNew)
      .uponReceiving('the detail of the new pact demand')
      .withRequest('GET', `${FINANCING_DEMAND.api}/${PACT_DEMAND_ID}`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...demand('NEW', 1), actions: ['accept', 'close'] })))
      .executeTest(async (mock) => {
        const d = await kit(mock.url, PACT_TOKEN.operator).get(FINANCING_DEMAND, PACT_DEMAND_ID);
        expect((d as unknown as { actions: string[] }).actions).toEqual(['accept', 'close']);
      });
  });

  it('the operator accepts the demand: the business starts', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.demandNew)
      .uponReceiving('受理 of the new pact demand')
      .withRequest('POST', `${FINANCING_DEMAND.api}/${PACT_DEMAND_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'accept', version: 1, comment: '材料齐全' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            ...demand('ACCEPTED', 2),
            businessId: string('2500000000000000001'),
            businessNo: regex(/^RZ\d{12}$/, 'RZ202611200001'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const d = await kit(mock.url, PACT_TOKEN.operator).transition(
          FINANCING_DEMAND,
          PACT_DEMAND_ID,
          'accept',
          1,
          '材料齐全',
        );
        expect(d.status).toBe('ACCEPTED');
      });
  });

  it('the operator closes the demand with a reason', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.demandNew)
      .uponReceiving('关闭 of the new pact demand with a reason')
      .withRequest('POST', `${FINANCING_DEMAND.api}/${PACT_DEMAND_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'close', version: 1, comment: '供应商暂无融资需要' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...demand('CLOSED', 2), closeReason: '供应商暂无融资需要' })))
      .executeTest(async (mock) => {
        const d = await kit(mock.url, PACT_TOKEN.operator).transition(
          FINANCING_DEMAND,
          PACT_DEMAND_ID,
          'close',
          1,
          '供应商暂无融资需要',
        );
        expect(d.status).toBe('CLOSED');
      });
  });

  it('refuses a stale version of the demand with 160300409', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.demandNew)
      .uponReceiving('关闭 of the pact demand at a stale version')
      .withRequest('POST', `${FINANCING_DEMAND.api}/${PACT_DEMAND_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'close', version: 5, comment: '重复需求' }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('融资需求已被他人处理，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(
          kit(mock.url, PACT_TOKEN.operator).transition(FINANCING_DEMAND, PACT_DEMAND_ID, 'close', 5, '重复需求'),
        ).rejects.toBeInstanceOf(GatewayError);
      });
  });

  it('exports the demands of the filter', async () => {
    await createPact()
      .addInteraction()
      .given(State.operatorSignedIn)
      .uponReceiving('an export of the new demands')
      .withRequest('GET', `${FINANCING_DEMAND.api}/export`, (b) => b.query({ status: 'NEW' }).headers(operator()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('融资需求管理.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await kit(mock.url, PACT_TOKEN.operator).exportList(FINANCING_DEMAND, { status: 'NEW' })).toBe(
          '融资需求管理.xlsx',
        );
      });
  });
});

describe('预授信 contract', () => {
  it('the make page reads the supplier’s eligible orders, the ratio and the consent', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('the eligible orders of the supplier')
      .withRequest('GET', `${PRE_CREDIT.api}/orders`, (b) => b.query({ supplierId: HUADONG }).headers(supplier()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({ records: eachLike(order), ratio: string('0.8000'), consent: boolean(true), locked: boolean(false) }),
        ),
      )
      .executeTest(async (mock) => {
        const offer = await make(mock.url).refresh?.(draftValues, noOffer, null);
        expect(offer?.ratio).toBe('0.8000');
        expect(offer?.orders.length).toBeGreaterThan(0);
      });
  });

  it('the make page reads the organisations it offers', async () => {
    for (const key of ['supplierId', 'projectCompanyId'] as const) {
      await createPact()
        .addInteraction()
        .given(State.supplierSignedIn)
        .uponReceiving(`the ${key} options of the make page`)
        .withRequest('GET', `${PRE_CREDIT.api}/options/${key}`, (b) => b.headers(supplier()))
        .willRespondWith(200, (b) => b.jsonBody(ok(option)))
        .executeTest(async (mock) => {
          expect((await client(mock.url).options(key)).length).toBeGreaterThan(0);
        });
    }
  });

  it('a supplier user applies for a pre-credit (a draft business)', async () => {
    const form = { supplierId: HUADONG, projectCompanyId: null, applyAmount: 100_00, basisOrderIds: [], validDays: 90 };
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('a pre-credit applied for by a supplier user')
      .withRequest('POST', PRE_CREDIT.api, (b) => b.headers(supplier()).jsonBody(form))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string('2500000000000000002'),
            preCreditNo: regex(/^YS\d{12}$/, 'YS202611200001'),
            supplierId: HUADONG,
            applyAmount: 100_00,
            status: 'DRAFT',
            version: 1,
            basisOrderIds: [],
            basisOrders: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await make(mock.url).save(null, form)).status).toBe('DRAFT');
      });
  });

  it('the make page opens, edits and submits the draft', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.preCreditDraft)
      .uponReceiving('the pact pre-credit draft with its orders')
      .withRequest('GET', `${PRE_CREDIT.api}/${PACT_PRE_CREDIT_ID}`, (b) => b.headers(supplier()))
      .willRespondWith(200, (b) => b.jsonBody(ok(preCredit('DRAFT', 1))))
      .executeTest(async (mock) => {
        const draft = await client(mock.url).detail<PreCreditDraft>(PACT_PRE_CREDIT_ID);
        expect(draft.basisOrders.length).toBe(1);
      });

    const form = { supplierId: HUADONG, projectCompanyId: null, applyAmount: 200_00, basisOrderIds: [], validDays: 60 };
    await createPact()
      .addInteraction()
      .given(DemandState.preCreditDraft)
      .uponReceiving('an edit of the pact pre-credit draft')
      .withRequest('PUT', `${PRE_CREDIT.api}/${PACT_PRE_CREDIT_ID}`, (b) =>
        b
          .headers(supplier())
          .jsonBody({ projectCompanyId: null, applyAmount: 200_00, basisOrderIds: [], validDays: 60, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: PACT_PRE_CREDIT_ID, applyAmount: 200_00, validDays: 60, status: 'DRAFT', version: 2 })),
      )
      .executeTest(async (mock) => {
        const stored = { keyId: PACT_PRE_CREDIT_ID, version: 1 } as PreCreditDraft;
        expect((await make(mock.url).save(stored, form)).version).toBe(2);
      });

    await createPact()
      .addInteraction()
      .given(DemandState.preCreditDraft)
      .uponReceiving('提交 of the pact pre-credit through the business transition')
      .withRequest('POST', `/api/business/business/${PACT_PRE_CREDIT_ID}/transition`, (b) =>
        b.headers(supplier()).jsonBody({ action: 'submit', version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: PACT_PRE_CREDIT_ID, state: 'PRE_CREDIT/PENDING', version: 2 })),
      )
      .executeTest(async (mock) => {
        await client(mock.url).transition(PACT_PRE_CREDIT_ID, { action: 'submit', version: 1 });
      });
  });

  it('the list pages, deletes a draft never submitted, withdraws a pending one, and exports', async () => {
    await createPact()
      .addInteraction()
      .given(DemandState.preCreditDraft)
      .uponReceiving('a page of the supplier’s pre-credits')
      .withRequest('GET', `${PRE_CREDIT.api}/page`, (b) => b.query({ current: '1', size: '10' }).headers(supplier()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_PRE_CREDIT_ID),
              supplierId: equal(HUADONG),
              status: anyStatus(PRE_CREDIT.statuses, 'DRAFT'),
              actions: like([]),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await kit(mock.url, PACT_TOKEN.supplier).page(
          PRE_CREDIT,
          { status: '' },
          { current: 1, size: 10 },
        );
        expect(page.records.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(DemandState.preCreditDraft)
      .uponReceiving('a delete of the pact pre-credit draft')
      .withRequest('DELETE', `${PRE_CREDIT.api}/${PACT_PRE_CREDIT_ID}`, (b) =>
        b.query({ version: '1' }).headers(supplier()),
      )
      .willRespondWith(200, (b) => b.jsonBody({ code: 0, message: string('操作成功'), data: null }))
      .executeTest(async (mock) => {
        await kit(mock.url, PACT_TOKEN.supplier).remove(PRE_CREDIT, PACT_PRE_CREDIT_ID, 1);
      });

    await createPact()
      .addInteraction()
      .given(DemandState.preCreditPending)
      .uponReceiving('a delete of the pact pre-credit once submitted')
      .withRequest('DELETE', `${PRE_CREDIT.api}/${PACT_PRE_CREDIT_ID}`, (b) =>
        b.query({ version: '2' }).headers(supplier()),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({ code: 160300400, message: string('只有未提交过的草稿可以删除'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(
          kit(mock.url, PACT_TOKEN.supplier).remove(PRE_CREDIT, PACT_PRE_CREDIT_ID, 2),
        ).rejects.toBeInstanceOf(GatewayError);
      });

    await createPact()
      .addInteraction()
      .given(DemandState.preCreditPending)
      .uponReceiving('撤回 of the pact pre-credit awaiting review')
      .withRequest('POST', `${PRE_CREDIT.api}/${PACT_PRE_CREDIT_ID}/transition`, (b) =>
        b.headers(supplier()).jsonBody({ action: 'withdraw', version: 2 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(preCredit('DRAFT', 3))))
      .executeTest(async (mock) => {
        const p = await kit(mock.url, PACT_TOKEN.supplier).transition(
          PRE_CREDIT,
          PACT_PRE_CREDIT_ID,
          'withdraw',
          2,
          '',
        );
        expect(p.status).toBe('DRAFT');
      });

    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('an export of the supplier’s pre-credits')
      .withRequest('GET', `${PRE_CREDIT.api}/export`, (b) => b.headers(supplier()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('预授信申请管理.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await kit(mock.url, PACT_TOKEN.supplier).exportList(PRE_CREDIT, {})).toBe('预授信申请管理.xlsx');
      });
  });
});
