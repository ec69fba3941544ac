// From lending to settlement in Chromium, as the README's people: the seeded business at 要素落实 is walked to
// 放款·待放款 before the gateway starts, then lent through the gateway's own routes (finance registers the loan,
// ops1 approves it — lending.spec walks those screens); finance registers a tenth of the loan as a repayment (付款方,
// amount, 起息日 today, 流水号, 还款回单), finance2 confirms it, and the plan shows it allocated. Then the days pass:
// the gateway stops and starts again on its data with its clock ten days past the first due date, its
// close-of-business runner catches the missed days up at start, and the plan shows the business 逾期 and that
// installment 10 days overdue with the 罚息 penaltyFen gives to the 分; finance registers the rest, finance2
// confirms, and the business is settled (提前结清 while a later installment is still ahead; the demo's business to
// lend has one installment, so 已结清). Screens at 1440 and 390 px go to .tmp.
import { type Kysely, sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { demoPassword } from '../../gateway/src/testing/demo-passwords';
import { walkToLending } from '../../gateway/src/testing/lending-walk';
import { stateLabel } from '../../src/domain/financing/lifecycle';
import { penaltyFen } from '../../src/domain/financing/penalty';
import { applyRepayment } from '../../src/domain/financing/repayment';
import type { StoredInstallment } from '../../src/domain/financing/repayment-plan';
import { type RepaymentMethod, addDays } from '../../src/domain/financing/repayment-schedule';
import { formatFen } from '../../src/domain/format/money-format';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, apiLogin, startGateway } from './support/gateway-process';
import { journey } from './support/suite';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';
/** The product's penalty markup and early-repayment fee rate, as the gateway reads them. */
let product = { markup: '', earlyRepayFeeRate: '' };

async function waitingForItsLoan(db: Kysely<Database>) {
  const row = await db
    .selectFrom('financing_business')
    .select(['business_id', 'business_no'])
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('state', '=', 'ELEMENTS/DRAFT')
    .orderBy('business_id')
    .executeTakeFirstOrThrow();
  businessId = row.business_id;
  businessNo = row.business_no;
  const rates = await sql<{ markup: string; fee: string }>`select p.penalty_markup::text as markup,
      p.early_repay_fee_rate::text as fee
    from financing_business b join fund_product p on p.product_id = b.product_id and p.tenant_id = b.tenant_id
    where b.business_id = ${businessId}`.execute(db);
  product = { markup: rates.rows[0]!.markup, earlyRepayFeeRate: rates.rows[0]!.fee };
  await walkToLending(db, DEMO_TENANT_ID, businessId, new Date());
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
  const finance = await session('finance');
  await finance.goto(`${gateway.url}/business/paymentRegistration?id=${businessId}`);
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

  const finance2 = await session('finance2');
  await finance2.goto(`${gateway.url}/business/paymentRegistration?id=${businessId}`);
  const waiting = finance2.getByRole('table', { name: '还款记录' });
  await waiting.getByRole('button', { name: '确认' }).waitFor();
  if (shots) await screenshots(finance2, `${shots}-confirm`);
  await waiting.getByRole('button', { name: '确认' }).click();
  await finance2.getByText('还款已确认').first().waitFor();
  return finance2;
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingForItsLoan }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('放款到结清', () => {
  it(
    'lends, repays part, closes the days past a due date with its penalty, settles the rest',
    journey(50),
    async () => {
      const loan = await lend();
      const lister = await session('finance');
      await lister.goto(`${gateway.url}/business/paymentRegistration`);
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
      // Stored 逾期 (the business with it); shown 部分还款 as the plan shows any installment partly paid.
      expect(due).toMatchObject({ status: 'OVERDUE', overdueDays: 10 });
      expect(overdue).toMatchObject({ stateLabel: stateLabel('REPAYING/OVERDUE') });
      const penalty = penaltyFen({
        overdueFen: BigInt(due.owedPrincipal + due.owedInterest),
        ...{ annualRate: overdue.annualRate, markup: product.markup, dayCountBasis: overdue.dayCountBasis },
        ...{ dueDate: String(due.dueDate), valueDate: closedDay },
      });
      expect(penalty).toBeGreaterThan(0n);
      expect(BigInt(due.penaltyAccrued as number)).toBe(penalty);

      const follower = await session('finance2');
      await follower.goto(`${gateway.url}/repaymentPlanInfo?id=${businessId}`);
      const card = follower.getByRole('region', { name: '放款与还款计划' });
      await card.getByText(stateLabel('REPAYING/OVERDUE'), { exact: true }).first().waitFor();
      const cells = await card
        .getByRole('table', { name: '还款计划' })
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .allTextContents();
      // 期次, 到期日, 应还本金, 应还利息, 罚息, 已还, 未还, 状态, 逾期天数
      expect([cells[0], cells[1], cells[4], cells[8]].map((c) => c?.trim())).toEqual([
        '1',
        String(due.dueDate),
        formatFen(penalty),
        '10',
      ]);
      await screenshots(follower, 'repayment-plan-overdue');
      await follower.context().close();

      // The rest, to the 分: the overdue installment with its penalty, then any balance not yet due early with
      // interest to the day and the early-repayment fee — what the gateway's own allocation leaves nothing of. A loan
      // of several installments is then 提前结清 (its last still ahead); one of a single installment (the demo's
      // business to lend is 到期一次还本付息, 180 days), overdue past its only due date, is 已结清.
      const terms = {
        ...{ method: overdue.repaymentMethod, annualRate: overdue.annualRate, dayCountBasis: overdue.dayCountBasis },
        ...{ earlyRepayFeeRate: product.earlyRepayFeeRate, loanDate: overdue.loanDate },
      };
      const plenty = BigInt(loan) * 2n;
      const applied = applyRepayment(terms, stored(overdue), {
        ...{ amountFen: plenty, valueDate: closedDay, state: 'REPAYING/OVERDUE', interestFrom: lentOn },
      });
      if ('refusal' in applied) throw new Error(applied.refusal);
      const outcome = overdue.installments.length > 1 ? 'SETTLED_EARLY' : 'SETTLED';
      expect(applied.outcome).toBe(outcome);
      const settler = await repay(formatFen(plenty - applied.unappliedFen), 'LS20261129E2E02');
      await settler.goto(`${gateway.url}/repaymentPlanInfo?id=${businessId}`);
      const settledCard = settler.getByRole('region', { name: '放款与还款计划' });
      await settledCard
        .getByText(stateLabel(`${outcome}/DONE`), { exact: true })
        .first()
        .waitFor();
      const settled = await plan();
      expect(settled.stateLabel).toBe(stateLabel(`${outcome}/DONE`));
      expect(settled.installments.every((i) => i.owedTotal === 0 && i.status === 'SETTLED')).toBe(true);
      await screenshots(settler, 'repayment-plan-settled', { wideOnly: true });
      await settler.context().close();
    },
  );
});
