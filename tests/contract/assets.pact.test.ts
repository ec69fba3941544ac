// The assets area's calls beyond the kit's generic verbs, as the client's AssetsGatewayAdapter makes them: an
// order's details, a change's field diffs, the import template and the import, and the menu-scoped 台账 calls
// of SPEC §7.2 (which carry the menu id). The records are the demo seed's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { AssetsGatewayAdapter } from '../../src/adapters/gateway/assets-gateway.adapter';
import { PAYMENT_ORDER_PATH } from '../../src/domain/assets/payment-order.resource';
import { menuIdForPath } from '../../src/domain/menu/menu';
import {
  FinancingApplicationState,
  PACT_FINANCING_APPLICATION_ID,
  PACT_HELD_ORDER_ID,
} from './support/financing-application-fixtures';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';

const { eachLike, integer, like, regex, string } = MatchersV3;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZIP = 'application/zip';
const PACT_BOUNDARY = 'wsf-pact-multipart-boundary';
const SEEDED_ORDER = '2410000000000000001';
const SEEDED_CHANGE = '2420000000000000001';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const saver = { save: vi.fn() };
const adapter = (url: string) => new AssetsGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http, saver);

describe('assets contract', () => {
  it("reads an order's invoices, changes and financing history", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the details of a seeded payment order')
      .withRequest('GET', `/api/assets/paymentOrder/${SEEDED_ORDER}/details`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            invoices: eachLike({ no: string('320026000000'), amount: integer(100000), date: string('2026-01-01') }),
            changes: eachLike({
              keyId: string(SEEDED_CHANGE),
              changeNo: string('BG202601030001'),
              changeType: string('AMOUNT'),
              summary: string('应收金额下调'),
              status: string('HANDLED'),
              changedAt: string('2026-01-03T02:00:00.000Z'),
            }),
            financings: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const details = await adapter(mock.url).orderDetails(SEEDED_ORDER);
        expect(details.invoices.length).toBeGreaterThan(0);
        expect(details.financings).toEqual([]);
      });
  });

  it('names the businesses holding part of an order (its 占用金额)', async () => {
    await createPact()
      .addInteraction()
      .given(FinancingApplicationState.held)
      .uponReceiving('the details of an order a submitted application holds')
      .withRequest('GET', `/api/assets/paymentOrder/${PACT_HELD_ORDER_ID}/details`, (b) =>
        b.headers(bearer(PACT_TOKEN.operator)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            invoices: like([]),
            changes: like([]),
            financings: eachLike({
              businessId: string(PACT_FINANCING_APPLICATION_ID),
              businessNo: string('RZ202611209902'),
              applicationNo: string('SQ202611209902'),
              stateLabel: string('融资申请·待审核'),
              reservedAmount: integer(100_00),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const operator = new AssetsGatewayAdapter(httpClientFor(mock.url, PACT_TOKEN.operator).http, saver);
        const details = await operator.orderDetails(PACT_HELD_ORDER_ID);
        expect(details.financings[0]).toMatchObject({ businessNo: 'RZ202611209902', reservedAmount: 100_00 });
      });
  });

  it("reads a change's field-by-field before and after", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the diffs of a seeded asset change')
      .withRequest('GET', `/api/assets/assetChange/${SEEDED_CHANGE}/diffs`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            diffs: eachLike({
              field: string('receivableAmount'),
              before: string('1,050,000.00'),
              after: string('1,000,000.00'),
            }),
            impactedBusinessIds: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).changeDiffs(SEEDED_CHANGE)).diffs.length).toBeGreaterThan(0);
      });
  });

  it('downloads the order import template', async () => {
    saver.save.mockClear();
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the payment order import template')
      .withRequest('GET', '/api/assets/paymentOrder/template', (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('付款单导入模板.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).downloadOrderTemplate()).toBe('付款单导入模板.xlsx');
        expect(saver.save).toHaveBeenCalledTimes(1);
      });
  });

  it('imports orders as multipart and reads the per-row report', async () => {
    // A committed file (a fresh .xlsx carries the time in its entries); its one row names no project, so the
    // report is the same on every run and nothing is written.
    const path = join(__dirname, 'fixtures', 'orders-import.xlsx');
    const blob = Object.assign(new Blob([readFileSync(path)], { type: XLSX }), { name: 'orders-import.xlsx' });
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('an import of one payment order whose project does not exist')
      .withRequest('POST', '/api/assets/paymentOrder/import', (b) =>
        b.headers(admin()).multipartBody(ZIP, path, 'file', PACT_BOUNDARY),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ total: 1, imported: [], errors: [{ row: 2, message: '项目编码“XM-PACT-NONE”不存在' }] })),
      )
      .executeTest(async (mock) => {
        const report = await adapter(mock.url).importOrders(blob);
        expect(report.errors).toEqual([{ row: 2, message: '项目编码“XM-PACT-NONE”不存在' }]);
      });
  });

  const menuId = menuIdForPath(PAYMENT_ORDER_PATH);

  it('pages the pay book with the menu id (SPEC §7.2), with the sums', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a page of the pay book for its menu')
      .withRequest('GET', '/api/assets/payBook/page', (b) =>
        b.query({ menuId, current: '1', size: '10' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike(
              like({
                keyId: string(SEEDED_ORDER),
                status: string('UNCONFIRMED'),
                version: integer(1),
                orderNo: string('FKSZ20260001'),
              }),
            ),
            total: integer(40),
            current: 1,
            size: 10,
            sums: { receivableAmount: integer(1), paidAmount: integer(0), eligibleAmount: integer(0) },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).payBookPage(PAYMENT_ORDER_PATH, {}, { current: 1, size: 10 });
        expect(page.records.length).toBeGreaterThan(0);
        expect(page.sums).toBeDefined();
      });
  });

  it('reads Σ 已放款 of the pay book with the menu id', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the loan amount sum of the pay book for its menu')
      .withRequest('GET', '/api/assets/payBook/loanAmountSum', (b) => b.query({ menuId }).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok({ loanAmount: integer(0) })))
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).loanAmountSum(PAYMENT_ORDER_PATH, {})).toBe(0);
      });
  });
});
