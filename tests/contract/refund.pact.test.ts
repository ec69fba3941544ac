// 退还登记's calls as the client's stage port makes them (StageGatewayAdapter with REPAYMENT_STAGE, under its api's
// /refund): finance reads the pact loan's refunds and registers one of the pact repayment's 待退还 (one above what
// is left refused); finance2 confirms or rejects the refund finance registered, the registrar's own confirmation
// refused. The records are the fixed ones of repayment-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { REPAYMENT_STAGE } from '../../src/domain/financing/repayment';
import { REFUND_PATH, REFUND_STATUS_LABEL } from '../../src/domain/financing/repayment-refund';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { PACT_LENDING_ID, PACT_LOAN_DATE } from './support/lending-fixtures';
import { PACT_REFUND, PACT_REPAYMENT, REPAYMENT_TOKEN, RepaymentState } from './support/repayment-fixtures';

const { equal, integer, like, nullValue, string } = MatchersV3;

const API = `/api/business/repayment${REFUND_PATH}`;
const LABEL: Readonly<Record<string, string>> = REFUND_STATUS_LABEL;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof REPAYMENT_TOKEN) => bearer(REPAYMENT_TOKEN[who]);
const port = (url: string, who: keyof typeof REPAYMENT_TOKEN = 'finance') =>
  new StageGatewayAdapter(httpClientFor(url, REPAYMENT_TOKEN[who]).http, { save: vi.fn() });

const refund = (status: string, actions: string[]) => ({
  keyId: string(PACT_REFUND.itemId),
  businessId: string(PACT_LENDING_ID),
  repaymentId: string(PACT_REPAYMENT.itemId),
  refundNo: string(PACT_REFUND.no),
  amount: integer(PACT_REFUND.amount),
  refundDate: string(PACT_LOAN_DATE),
  flowNo: string(PACT_REFUND.flowNo),
  status,
  // What the row and the message after a move say (reviewed-check.tsx), and the level the to-do shows: the
  // fixture rows carry no review snapshot, so their words are their status's and they have no level.
  statusLabel: equal(LABEL[status] ?? status),
  level: nullValue(),
  levels: nullValue(),
  version: integer(1),
  actions,
});

/** A registration snapshots REPAYMENT's review as configured: it waits at its first level. */
const registered = { level: integer(1), levels: integer(1) };

describe('退还登记 contract', () => {
  it('finance reads the refunds and registers one of the repayment’s 待退还, never more than is left', async () => {
    await createPact()
      .addInteraction()
      .given(RepaymentState.overpaid)
      .uponReceiving('the pact loan’s refunds, none yet')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}/items`, (b) =>
        b.query({ current: '1', size: '100' }).headers(as('finance')),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: [], total: 0, current: 1, size: 100 })))
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(
          REPAYMENT_STAGE,
          'GET',
          `${REFUND_PATH}/${PACT_LENDING_ID}/items`,
          { current: 1, size: 100 },
        );
        expect(page.records).toEqual([]);
      });

    const body = {
      repaymentId: PACT_REPAYMENT.itemId,
      amount: PACT_REFUND.amount,
      refundDate: PACT_LOAN_DATE,
      flowNo: 'TK2026112800002',
      receiptFileId: PACT_REFUND.receipt,
    };
    await createPact()
      .addInteraction()
      .given(RepaymentState.overpaid)
      .uponReceiving('登记退还 of the pact repayment’s 待退还')
      .withRequest('POST', `${API}/${PACT_LENDING_ID}/items`, (b) => b.headers(as('finance')).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({ ...refund('PENDING', []), ...registered, flowNo: body.flowNo, refundNo: string('TK202611290001') }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const r = await port(mock.url).custom<{ status: string }>(
          REPAYMENT_STAGE,
          'POST',
          `${REFUND_PATH}/${PACT_LENDING_ID}/items`,
          body,
        );
        expect(r.status).toBe('PENDING');
      });

    const over = { ...body, amount: PACT_REFUND.unapplied + 1, flowNo: 'TK2026112800003' };
    await createPact()
      .addInteraction()
      .given(RepaymentState.overpaid)
      .uponReceiving('登记退还 above the pact repayment’s 待退还, refused')
      .withRequest('POST', `${API}/${PACT_LENDING_ID}/items`, (b) => b.headers(as('finance')).jsonBody(over))
      .willRespondWith(400, (b) =>
        b.jsonBody({ code: 160300400, message: string('退还金额超过待退还金额（尚可退还 20,000.00 元）'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(
          port(mock.url).custom(REPAYMENT_STAGE, 'POST', `${REFUND_PATH}/${PACT_LENDING_ID}/items`, over),
        ).rejects.toThrow();
      });
  });

  it('finance2 confirms or rejects the refund finance registered; the registrar may not', async () => {
    const path = `${API}/items/${PACT_REFUND.itemId}/transition`;
    await createPact()
      .addInteraction()
      .given(RepaymentState.refundPending)
      .uponReceiving('the pact refund as finance2 sees it, to confirm or reject')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}/items`, (b) =>
        b.query({ current: '1', size: '100' }).headers(as('finance2')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ records: [refund('PENDING', ['confirm', 'reject'])], total: 1 }))),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url, 'finance2').custom<{ records: { actions: string[] }[] }>(
          REPAYMENT_STAGE,
          'GET',
          `${REFUND_PATH}/${PACT_LENDING_ID}/items`,
          { current: 1, size: 100 },
        );
        expect(page.records[0]?.actions).toEqual(['confirm', 'reject']);
      });

    for (const [action, comment, status] of [
      ['confirm', '已核对退款', 'CONFIRMED'],
      ['reject', '回单与流水不符', 'REJECTED'],
    ] as const) {
      const move = { action, version: 1, comment };
      await createPact()
        .addInteraction()
        .given(RepaymentState.refundPending)
        .uponReceiving(`${action} of the pact refund by finance2`)
        .withRequest('POST', path, (b) => b.headers(as('finance2')).jsonBody(move))
        .willRespondWith(200, (b) => b.jsonBody(ok(like({ ...refund(status, []), version: 2, checkComment: comment }))))
        .executeTest(async (mock) => {
          const r = await port(mock.url, 'finance2').custom<{ status: string }>(
            REPAYMENT_STAGE,
            'POST',
            `${REFUND_PATH}/items/${PACT_REFUND.itemId}/transition`,
            move,
          );
          expect(r.status).toBe(status);
        });
    }

    await createPact()
      .addInteraction()
      .given(RepaymentState.refundPending)
      .uponReceiving('the registrar’s own confirmation of the pact refund, refused')
      .withRequest('POST', path, (b) => b.headers(as('finance')).jsonBody({ action: 'confirm', version: 1 }))
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '不能确认或驳回本人登记的退还', data: null }))
      .executeTest(async (mock) => {
        await expect(
          port(mock.url).custom(REPAYMENT_STAGE, 'POST', `${REFUND_PATH}/items/${PACT_REFUND.itemId}/transition`, {
            action: 'confirm',
            version: 1,
          }),
        ).rejects.toThrow();
      });
  });
});
