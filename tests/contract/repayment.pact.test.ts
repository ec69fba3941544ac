// 还款登记's calls as the client's stage port makes them (StageGatewayAdapter with REPAYMENT_STAGE and PLAN_STAGE):
// finance's list of loans, one loan, its repayments and 登记还款; finance2's 确认 and 驳回 of the repayment finance
// registered; the plan's detail with every part of a confirmed repayment. The records are the fixed ones of
// repayment-fixtures.ts, on the lending contract's pact loan.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { REPAYMENT_STAGE, REPAYMENT_STATUS_LABEL } from '../../src/domain/financing/repayment';
import { PLAN_STAGE } from '../../src/domain/financing/repayment-plan';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { PACT_LENDING_ID, PACT_LOAN, PACT_LOAN_DATE } from './support/lending-fixtures';
import { PACT_REPAYMENT, REPAYMENT_TOKEN, RepaymentState } from './support/repayment-fixtures';

const { eachLike, equal, integer, like, nullValue, string } = MatchersV3;

const API = '/api/business/repayment';
const LABEL: Readonly<Record<string, string>> = REPAYMENT_STATUS_LABEL;
const PLAN = '/api/business/repayment-plan';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof REPAYMENT_TOKEN) => bearer(REPAYMENT_TOKEN[who]);
const port = (url: string, who: keyof typeof REPAYMENT_TOKEN = 'finance') =>
  new StageGatewayAdapter(httpClientFor(url, REPAYMENT_TOKEN[who]).http, { save: vi.fn() });

const repayment = (status: string, actions: string[]) => ({
  keyId: string(PACT_REPAYMENT.itemId),
  repaymentNo: string(PACT_REPAYMENT.no),
  payer: string('华东建材有限公司'),
  amount: integer(PACT_REPAYMENT.amount),
  valueDate: string(PACT_LOAN_DATE),
  flowNo: string(PACT_REPAYMENT.flowNo),
  status,
  // What the row and the message after a move say (reviewed-check.tsx), and the level the to-do shows: the
  // fixture rows carry no review snapshot, so their words are their status's and they have no level.
  statusLabel: equal(LABEL[status] ?? status),
  level: nullValue(),
  levels: nullValue(),
  unapplied: integer(0),
  version: integer(1),
  actions,
});

/** A registration snapshots REPAYMENT's review as configured: it waits at its first level. */
const registered = { level: integer(1), levels: integer(1) };

describe('还款登记 contract', () => {
  it('finance lists the loans, reads one with its repayments and registers a repayment', async () => {
    await createPact()
      .addInteraction()
      .given(RepaymentState.repaying)
      .uponReceiving('a page of the loans taking repayments')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_LENDING_ID),
              loanNo: string('DK202611289903'),
              totalOwed: integer(812_000_00),
              status: string('NORMAL'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(REPAYMENT_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.loanNo).toMatch(/^DK/);
      });

    await createPact()
      .addInteraction()
      .given(RepaymentState.repaying)
      .uponReceiving('the pact loan as 还款登记 reads it')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}`, (b) => b.headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_LENDING_ID,
              state: 'REPAYING/NORMAL',
              loanAmount: integer(PACT_LOAN.amount),
              loanDate: PACT_LOAN_DATE,
              today: string('2026-11-29'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; loanDate: string }>(
          REPAYMENT_STAGE,
          PACT_LENDING_ID,
        );
        expect(d.loanDate).toBe(PACT_LOAN_DATE);
      });

    await createPact()
      .addInteraction()
      .given(RepaymentState.repaying)
      .uponReceiving('the pact loan’s repayments, none yet')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}/items`, (b) =>
        b.query({ current: '1', size: '100' }).headers(as('finance')),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: [], total: 0, current: 1, size: 100 })))
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(
          REPAYMENT_STAGE,
          'GET',
          `/${PACT_LENDING_ID}/items`,
          { current: 1, size: 100 },
        );
        expect(page.records).toEqual([]);
      });

    const body = {
      payer: '华东建材有限公司',
      amount: PACT_REPAYMENT.amount,
      valueDate: PACT_LOAN_DATE,
      flowNo: 'LS2026112800002',
      receiptFileId: PACT_REPAYMENT.receipt,
    };
    await createPact()
      .addInteraction()
      .given(RepaymentState.repaying)
      .uponReceiving('登记还款 on the pact loan')
      .withRequest('POST', `${API}/${PACT_LENDING_ID}/items`, (b) => b.headers(as('finance')).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...repayment('PENDING', []),
              ...registered,
              flowNo: body.flowNo,
              repaymentNo: string('HK202611290001'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const r = await port(mock.url).custom<{ status: string }>(
          REPAYMENT_STAGE,
          'POST',
          `/${PACT_LENDING_ID}/items`,
          body,
        );
        expect(r.status).toBe('PENDING');
      });
  });

  it('finance2 confirms or rejects the repayment finance registered', async () => {
    const path = `${API}/items/${PACT_REPAYMENT.itemId}/transition`;
    await createPact()
      .addInteraction()
      .given(RepaymentState.pending)
      .uponReceiving('the pact repayment as finance2 sees it, to confirm or reject')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}/items`, (b) =>
        b.query({ current: '1', size: '100' }).headers(as('finance2')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ records: [repayment('PENDING', ['confirm', 'reject'])], total: 1 }))),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url, 'finance2').custom<{ records: { actions: string[] }[] }>(
          REPAYMENT_STAGE,
          'GET',
          `/${PACT_LENDING_ID}/items`,
          { current: 1, size: 100 },
        );
        expect(page.records[0]?.actions).toEqual(['confirm', 'reject']);
      });

    for (const [action, comment, status] of [
      ['confirm', '已核对到账', 'CONFIRMED'],
      ['reject', '回单与流水不符', 'REJECTED'],
    ] as const) {
      const move = { action, version: 1, comment };
      await createPact()
        .addInteraction()
        .given(RepaymentState.pending)
        .uponReceiving(`${action} of the pact repayment by finance2`)
        .withRequest('POST', path, (b) => b.headers(as('finance2')).jsonBody(move))
        .willRespondWith(200, (b) =>
          b.jsonBody(ok(like({ ...repayment(status, []), version: 2, checkComment: comment }))),
        )
        .executeTest(async (mock) => {
          const r = await port(mock.url, 'finance2').custom<{ status: string }>(
            REPAYMENT_STAGE,
            'POST',
            `/items/${PACT_REPAYMENT.itemId}/transition`,
            move,
          );
          expect(r.status).toBe(status);
        });
    }

    await createPact()
      .addInteraction()
      .given(RepaymentState.pending)
      .uponReceiving('the registrar’s own confirmation of the pact repayment, refused')
      .withRequest('POST', path, (b) => b.headers(as('finance')).jsonBody({ action: 'confirm', version: 1 }))
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '不能确认或驳回本人登记的还款', data: null }))
      .executeTest(async (mock) => {
        await expect(
          port(mock.url).custom(REPAYMENT_STAGE, 'POST', `/items/${PACT_REPAYMENT.itemId}/transition`, {
            action: 'confirm',
            version: 1,
          }),
        ).rejects.toThrow();
      });
  });

  it('finance reads the plan with every part of the confirmed repayment', async () => {
    await createPact()
      .addInteraction()
      .given(RepaymentState.confirmed)
      .uponReceiving('the pact loan’s plan with its repayment allocated')
      .withRequest('GET', `${PLAN}/${PACT_LENDING_ID}`, (b) => b.headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_LENDING_ID,
              installments: eachLike({ periodNo: integer(1), principalPaid: integer(PACT_REPAYMENT.amount) }),
              allocations: eachLike({
                periodNo: integer(1),
                repaymentNo: string(PACT_REPAYMENT.no),
                valueDate: string(PACT_LOAN_DATE),
                kind: string('EARLY'),
                fee: integer(0),
                penalty: integer(0),
                interest: integer(0),
                principal: integer(PACT_REPAYMENT.amount),
              }),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; allocations: unknown[] }>(
          PLAN_STAGE,
          PACT_LENDING_ID,
        );
        expect(d.allocations.length).toBe(1);
      });
  });
});
