// 放款登记 and 还款计划's calls as the client's stage port makes them (StageGatewayAdapter with LENDING_STAGE and
// PLAN_STAGE): finance's list, the loan's detail with its limits and 登记放款; ops1's 通过 through the business
// transition; finance's 中登 registration, the plan list and a plan with its installments. The records are the
// fixed ones of lending-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { LENDING_STAGE } from '../../src/domain/financing/lending';
import { PLAN_STAGE } from '../../src/domain/financing/repayment-plan';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  LENDING_TOKEN,
  LendingState,
  PACT_LENDING_ID,
  PACT_LOAN,
  PACT_LOAN_DATE,
  PACT_RECEIPT_KEY,
} from './support/lending-fixtures';

const { eachLike, integer, like, string } = MatchersV3;

const API = '/api/business/lending';
const PLAN = '/api/business/repayment-plan';
const BUSINESS = '/api/business/business';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof LENDING_TOKEN) => bearer(LENDING_TOKEN[who]);
const port = (url: string, who: keyof typeof LENDING_TOKEN = 'finance') =>
  new StageGatewayAdapter(httpClientFor(url, LENDING_TOKEN[who]).http, { save: vi.fn() });

const lending = (status: string) => ({
  keyId: PACT_LENDING_ID,
  businessNo: string('RZ202611289903'),
  status,
  version: integer(5),
  actions: eachLike('submit'),
  approvedAmount: integer(PACT_LOAN.amount),
  capitalApprovedAmount: integer(PACT_LOAN.amount),
  today: string(PACT_LOAN_DATE),
  annualRate: string(PACT_LOAN.rate),
  termDays: integer(PACT_LOAN.termDays),
  repaymentMethod: string('BULLET'),
  problems: [],
});

describe('放款登记 contract', () => {
  it('finance lists the businesses awaiting a loan, reads one and registers its loan', async () => {
    await createPact()
      .addInteraction()
      .given(LendingState.waiting)
      .uponReceiving('a page of the businesses at 放款')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_LENDING_ID),
              businessNo: string('RZ202611289903'),
              status: 'WAIT_LOAN',
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(LENDING_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.businessNo).toMatch(/^RZ/);
      });

    await createPact()
      .addInteraction()
      .given(LendingState.waiting)
      .uponReceiving('the pact business waiting for its loan, with its limits')
      .withRequest('GET', `${API}/${PACT_LENDING_ID}`, (b) => b.headers(as('finance')))
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ ...lending('WAIT_LOAN'), loanStatus: null }))))
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; actions: string[] }>(
          LENDING_STAGE,
          PACT_LENDING_ID,
        );
        expect(d.actions).toContain('submit');
      });

    const body = {
      version: 5,
      amount: PACT_LOAN.amount,
      loanDate: PACT_LOAN_DATE,
      upfrontInterest: PACT_LOAN.upfrontInterest,
      serviceFee: 0,
      receiptFileId: PACT_RECEIPT_KEY,
    };
    await createPact()
      .addInteraction()
      .given(LendingState.waiting)
      .uponReceiving('登记放款 of the pact business')
      .withRequest('POST', `${API}/${PACT_LENDING_ID}/register`, (b) => b.headers(as('finance')).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...lending('LOAN_PENDING'),
              actions: [],
              state: 'LENDING/LOAN_PENDING',
              loanStatus: 'PENDING',
              loanNo: string('DK202611289903'),
              netAmount: integer(PACT_LOAN.amount - PACT_LOAN.upfrontInterest),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ loanStatus: string }>(
          LENDING_STAGE,
          'POST',
          `/${PACT_LENDING_ID}/register`,
          body,
        );
        expect(d.loanStatus).toBe('PENDING');
      });
  });

  it('ops1 approves the loan, which makes the business repay', async () => {
    await createPact()
      .addInteraction()
      .given(LendingState.pending)
      .uponReceiving('通过 of the pact loan')
      .withRequest('POST', `${BUSINESS}/${PACT_LENDING_ID}/transition`, (b) =>
        b.headers(as('ops1')).jsonBody({ action: 'approve', version: 5, comment: '回单核对无误' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ keyId: PACT_LENDING_ID, state: 'REPAYING/NORMAL' }))))
      .executeTest(async (mock) => {
        await port(mock.url, 'ops1').transition(PACT_LENDING_ID, {
          action: 'approve',
          version: 5,
          comment: '回单核对无误',
        });
      });
  });

  it('finance records the 中登 registration and reads the plan', async () => {
    const zd = { version: 2, regNo: 'ZD2026112800001', regDate: PACT_LOAN_DATE };
    await createPact()
      .addInteraction()
      .given(LendingState.repaying)
      .uponReceiving('中登 registration of the pact loan')
      .withRequest('POST', `${API}/${PACT_LENDING_ID}/zhongdeng`, (b) => b.headers(as('finance')).jsonBody(zd))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ keyId: PACT_LENDING_ID, zhongdengRegNo: zd.regNo, zhongdengRegDate: zd.regDate }))),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ zhongdengRegNo: string }>(
          LENDING_STAGE,
          'POST',
          `/${PACT_LENDING_ID}/zhongdeng`,
          zd,
        );
        expect(d.zhongdengRegNo).toBe(zd.regNo);
      });

    await createPact()
      .addInteraction()
      .given(LendingState.repaying)
      .uponReceiving('a page of the repayment plans')
      .withRequest('GET', `${PLAN}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_LENDING_ID),
              loanNo: string('DK202611289903'),
              loanAmount: integer(PACT_LOAN.amount),
              remainingPrincipal: integer(PACT_LOAN.amount),
              status: string('NORMAL'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(PLAN_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.loanNo).toMatch(/^DK/);
      });

    await createPact()
      .addInteraction()
      .given(LendingState.repaying)
      .uponReceiving('the pact loan’s plan with its installments')
      .withRequest('GET', `${PLAN}/${PACT_LENDING_ID}`, (b) => b.headers(as('finance')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_LENDING_ID,
              loanNo: string('DK202611289903'),
              loanAmount: integer(PACT_LOAN.amount),
              dayCountBasis: integer(360),
              installments: eachLike({
                periodNo: integer(1),
                dueDate: string('2027-02-26'),
                principalDue: integer(PACT_LOAN.amount),
                interestDue: integer(12_000_00),
                owedTotal: integer(812_000_00),
                status: string('NOT_DUE'),
                statusLabel: string('未到期'),
                overdueDays: integer(0),
              }),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; installments: unknown[] }>(
          PLAN_STAGE,
          PACT_LENDING_ID,
        );
        expect(d.installments.length).toBe(1);
      });
  });
});
