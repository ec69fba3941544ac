// From lending to early settlement in Chromium, as the README's people: the demo's business waiting at 放款·待放款
// (资金方通过; 先息后本 over 90 days, so several installments) is lent through the gateway's own routes (finance
// registers the loan, ops1 approves it — lending.spec walks those screens; 要素 to 推送 have specs of their own);
// finance registers a tenth of the loan as a repayment (付款方, amount, 起息日 today, 流水号, 还款回单), finance2
// confirms it, and the plan shows it allocated. Then the days pass: the gateway stops and starts again on its data
// with its clock ten days past the first due date, its close-of-business runner catches the missed days up at
// start, and the plan shows the business 逾期 and that installment 10 days overdue with the 罚息 penaltyFen gives to
// the 分; finance registers the rest, finance2 confirms, and with the later installments still ahead the business
// is 提前结清. What the settlement paid over is refunded: finance registers the refund and finance2 confirms it
// (已退还). Screens at 1440 and 390 px go to .tmp.
import { type Kysely, sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { demoPassword } from '../../gateway/src/testing/demo-passwords';
import { seededBusinessAt } from '../../gateway/src/testing/seeded-business';
import { stateLabel } from '../../src/domain/financing/lifecycle';
import { penaltyFen } from '../../src/domain/financing/penalty';
import { applyRepayment } from '../../src/domain/financing/repayment-apply';
import type { StoredInstallment } from '../../src/domain/financing/repayment-plan';
import { type RepaymentMethod, addDays } from '../../src/domain/financing/repayment-schedule';
import { formatFen } from '../../src/domain/format/money-format';
import { launchBrowser, screenshots } from './support/browser';
import { type RunningGateway, apiLogin, startGateway } from './support/gateway-process';
import { journey } from './support/suite';
import { tokenSessionAs } from './support/token-sign-in';
import { MINIMAL_PDF as PDF } from '../../gateway/src/testing/minimal-pdf';

let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';
/** The product's penalty markup and early-repayment fee rate, as the gateway reads them. */
let product = { markup: '', earlyRepayFeeRate: '' };

async function waitingForItsLoan(db: Kysely<Database>) {
  ({ businessId, businessNo } = await seededBusinessAt(db, 'LENDING/WAIT_LOAN'));
  const rates = await sql<{ markup: string; fee: string }>`select p.penalty_markup::text as markup,
      p.early_repay_fee_rate::text as fee
    from financing_business b join fund_product p on p.product_id = b.product_id and p.tenant_id = b.tenant_id
    where b.business_id = ${businessId}`.execute(db);
  product = { markup: rates.rows[0]!.markup, earlyRepayFeeRate: rates.rows[0]!.fee };
}

/** One call of the gateway's API as `userName`, answering its data (a refusal fails the test with its words). */
async function api(userName: string, method: string, path: string, body?: unknown) {
  const { token } = await apiLogin(gateway.url, userName, demoPassword(userName));
  const res = await fetch(`${gateway.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}

/** finance registers the loan of the whole approved amount today, ops1 approves it: the business repays. */
async function lend(): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), '放款回单.pdf');
  const receipt = await api('finance', 'POST', '/api/file/file', form);
  const d = await api('finance', 'GET', `/api/business/lending/${businessId}`);
  const lent = await api('finance', 'POST', `/api/business/lending/${businessId}/register`, {
    ...{ version: d.version, amount: d.capitalApprovedAmount, loanDate: d.today, upfrontInterest: 0 },
    ...{ serviceFee: 0, receiptFileId: receipt.keyId },
  });
  await api('ops1', 'POST', `/api/business/business/${businessId}/transition`, {
    action: 'approve',
    version: lent.version,
  });
  return Number(d.capitalApprovedAmount);
}

/** An installment as the plan answers it (分 as numbers). */
interface PlanInstallment extends Record<keyof StoredInstallment, unknown> {
  owedPrincipal: number;
  owedInterest: number;
  owedTotal: number;
}
/** The plan's answer, as far as the journey reads it. */
interface Plan {
  stateLabel: string;
  loanDate: string;
  annualRate: string;
  repaymentMethod: RepaymentMethod;
  dayCountBasis: 360 | 365;
  installments: PlanInstallment[];
}
const plan = async () =>
  (await api('finance2', 'GET', `/api/business/repayment-plan/${businessId}`)) as unknown as Plan;

/** The installments as the gateway stores them, from the plan's answer (分 as bigint). */
const stored = (p: Plan): StoredInstallment[] =>
  p.installments.map((i) => ({
    ...{ periodNo: Number(i.periodNo), startDate: String(i.startDate), dueDate: String(i.dueDate) },
    ...{ principalDue: BigInt(i.principalDue as number), interestDue: BigInt(i.interestDue as number) },
    ...{ feeDue: BigInt(i.feeDue as number), penaltyAccrued: BigInt(i.penaltyAccrued as number) },
    ...{ principalPaid: BigInt(i.principalPaid as number), interestPaid: BigInt(i.interestPaid as number) },
    ...{ feePaid: BigInt(i.feePaid as number), penaltyPaid: BigInt(i.penaltyPaid as number) },
    ...{ status: i.status as StoredInstallment['status'], overdueDays: Number(i.overdueDays) },
  }));

/** finance registers `amount` through the form, today on the gateway's clock; finance2 confirms it. */
async function repay(amount: string, flowNo: string, shots?: string) {
  const finance = await session('finance', `/business/paymentRegistration?id=${businessId}`);
  const form = finance.getByRole('region', { name: '登记还款' });
  await form.waitFor();
  await form.getByLabel(/^还款金额/).fill(amount);
  await form.getByLabel(/^银行流水号/).fill(flowNo);
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: '还款回单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByText(/上传成功/).waitFor();
  if (shots) await screenshots(finance, `${shots}-register`);
  await form.getByRole('button', { name: '登记还款' }).click();
  await finance.getByText('还款已登记，待另一位财务确认').first().waitFor();
  const records = finance.getByRole('table', { name: '还款记录' });
  await records.getByText('待确认').waitFor();
  // The registrar is offered nothing on their own repayment.
  expect(await records.getByRole('button', { name: '确认' }).count()).toBe(0);
  await finance.context().close();

  const finance2 = await session('finance2', `/business/paymentRegistration?id=${businessId}`);
  const waiting = finance2.getByRole('table', { name: '还款记录' });
  await waiting.getByRole('button', { name: '确认' }).waitFor();
  if (shots) await screenshots(finance2, `${shots}-confirm`);
  await waiting.getByRole('button', { name: '确认' }).click();
  // Where it stands now, as the gateway answers it from its review: one level, so 已确认.
  await finance2
    .getByText(/^HK\d+：已确认$/)
    .first()
    .waitFor();
  return finance2;
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingForItsLoan }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A session of its own for `userName` (signed in by token: the sign-in is sign-in.spec's), opened at `path`. */
const session = (userName: string, path: string) => tokenSessionAs(browser, gateway.url, userName, {}, path);

describe('放款到结清', () => {
  it(
    'lends, repays part, closes the days past a due date with its penalty, settles the rest early',
    journey(50),
    async () => {
      const loan = await lend();
      const lister = await session('finance', '/business/paymentRegistration');
      await lister.getByText(businessNo).first().waitFor();
      await screenshots(lister, 'repayment-list', { wideOnly: true });
      await lister.context().close();

      // A tenth of the loan before anything is due: a prepayment, allocated as such on the plan.
      const lentOn = (await plan()).loanDate;
      const finance2 = await repay(formatFen(BigInt(Math.round(loan / 10))), 'LS20261129E2E01', 'repayment');
      await finance2.getByRole('table', { name: '还款记录' }).getByText('已确认').waitFor();
      await finance2.getByRole('button', { name: '查看还款计划' }).click();
      const allocated = finance2.getByRole('table', { name: '还款分配' });
      await allocated.waitFor();
      expect(await allocated.textContent()).toContain('提前还款');
      await finance2.context().close();

      // Ten days past the first due date, nothing more paid: the gateway starts on that day and its runner closes
      // every day missed (the penalty of each posted once), as after days with no gateway running.
      const first = (await plan()).installments[0]!;
      const closedDay = addDays(String(first.dueDate), 10);
      await gateway.restart({ clockOffsetMs: Date.parse(`${closedDay}T12:00:00+08:00`) - Date.now() });
      let overdue = await plan();
      for (let tries = 0; Number(overdue.installments[0]!.overdueDays) < 10 && tries < 120; tries++) {
        await new Promise((r) => setTimeout(r, 500));
        overdue = await plan();
      }
      const due = overdue.installments[0]!;
      // 逾期, the business with it; the part paid early does not hide that the rest is late.
      expect(due).toMatchObject({ status: 'OVERDUE', overdueDays: 10 });
      expect(overdue).toMatchObject({ stateLabel: stateLabel('REPAYING/OVERDUE') });
      const penalty = penaltyFen({
        overdueFen: BigInt(due.owedPrincipal + due.owedInterest),
        ...{ annualRate: overdue.annualRate, markup: product.markup, dayCountBasis: overdue.dayCountBasis },
        ...{ dueDate: String(due.dueDate), valueDate: closedDay },
      });
      expect(penalty).toBeGreaterThan(0n);
      expect(BigInt(due.penaltyAccrued as number)).toBe(penalty);

      const follower = await session('finance2', `/repaymentPlanInfo?id=${businessId}`);
      const card = follower.getByRole('region', { name: '放款与还款计划' });
      await card.getByText(stateLabel('REPAYING/OVERDUE'), { exact: true }).first().waitFor();
      const cells = await card
        .getByRole('table', { name: '还款计划' })
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .allTextContents();
      // 期次, 到期日, 应还本金, 应还利息, 罚息, 已还, 未还, 状态, 逾期天数
      expect([cells[0], cells[1], cells[4], cells[7], cells[8]].map((c) => c?.trim())).toEqual([
        '1',
        String(due.dueDate),
        formatFen(penalty),
        '逾期',
        '10',
      ]);
      await screenshots(follower, 'repayment-plan-overdue');
      await follower.context().close();

      // The rest, to the 分: the overdue installment with its penalty, then the balance not yet due early with
      // interest to the day and the early-repayment fee — what the gateway's own allocation leaves nothing of. The
      // later installments are still ahead: 提前结清.
      const terms = {
        ...{ method: overdue.repaymentMethod, annualRate: overdue.annualRate, dayCountBasis: overdue.dayCountBasis },
        ...{ earlyRepayFeeRate: product.earlyRepayFeeRate, loanDate: overdue.loanDate },
      };
      const plenty = BigInt(loan) * 2n;
      const applied = applyRepayment(terms, stored(overdue), {
        ...{ amountFen: plenty, valueDate: closedDay, state: 'REPAYING/OVERDUE', interestFrom: lentOn },
      });
      if ('refusal' in applied) throw new Error(applied.refusal);
      expect(overdue.installments.length).toBeGreaterThan(1);
      expect(String(overdue.installments.at(-1)!.dueDate) > closedDay).toBe(true);
      const outcome = 'SETTLED_EARLY';
      expect(applied.outcome).toBe(outcome);
      // A hundred yuan more than the settlement takes: confirmed, it is 待退还 on the repayment.
      const over = 10_000n;
      const settler = await repay(formatFen(plenty - applied.unappliedFen + over), 'LS20261129E2E02');
      await settler.goto(`${gateway.url}/repaymentPlanInfo?id=${businessId}`);
      const settledCard = settler.getByRole('region', { name: '放款与还款计划' });
      await settledCard
        .getByText(stateLabel(`${outcome}/DONE`), { exact: true })
        .first()
        .waitFor();
      const settled = await plan();
      expect(settled.stateLabel).toBe(stateLabel(`${outcome}/DONE`));
      expect(settled.installments.every((i) => i.owedTotal === 0 && i.status === 'SETTLED')).toBe(true);
      await settler.context().close();
      // As finance, who registered it, the settled plan.
      const finance = await session('finance', `/repaymentPlanInfo?id=${businessId}`);
      await finance
        .getByRole('region', { name: '放款与还款计划' })
        .getByText(stateLabel(`${outcome}/DONE`), { exact: true })
        .first()
        .waitFor();
      await screenshots(finance, 'repayment-plan-settled');

      // What was paid over is refunded: finance registers it (流水号, 退款回单) and finance2, another person,
      // confirms it → 已退还. More than is left to refund is refused on the form before anything is sent.
      await finance.goto(`${gateway.url}/business/paymentRegistration?id=${businessId}`);
      const refund = finance.getByRole('region', { name: '登记退还' });
      await refund.waitFor();
      await refund.getByLabel(/^退还金额/).fill(formatFen(over + 1n));
      await refund.getByRole('alert').waitFor();
      expect(await refund.getByRole('button', { name: '登记退还' }).isDisabled()).toBe(true);
      await refund.getByLabel(/^退还金额/).fill(formatFen(over));
      await refund.getByLabel(/^银行流水号/).fill('TK20261129E2E01');
      await refund
        .locator('input[type=file]')
        .setInputFiles({ name: '退款回单.pdf', mimeType: 'application/pdf', buffer: PDF });
      await refund.getByText(/上传成功/).waitFor();
      await screenshots(finance, 'refund-register');
      await refund.getByRole('button', { name: '登记退还' }).click();
      await finance.getByText('退还已登记，待另一位财务确认').first().waitFor();
      const refunds = finance.getByRole('table', { name: '退还记录' });
      await refunds.getByText('待确认').waitFor();
      expect(await refunds.getByRole('button', { name: '确认退还' }).count()).toBe(0);
      await finance.context().close();

      const checker = await session('finance2', `/business/paymentRegistration?id=${businessId}`);
      const toCheck = checker.getByRole('table', { name: '退还记录' });
      await toCheck.getByRole('button', { name: '确认退还' }).waitFor();
      await toCheck.getByRole('button', { name: '确认退还' }).click();
      await checker
        .getByText(/^TK\d+：已退还$/)
        .first()
        .waitFor();
      await checker.getByRole('table', { name: '退还记录' }).getByText('已退还').waitFor();
      // Nothing is left to refund: the register form is gone.
      expect(await checker.getByRole('region', { name: '登记退还' }).count()).toBe(0);
      await screenshots(checker, 'refund-confirmed');
      await checker.context().close();
    },
  );
});
