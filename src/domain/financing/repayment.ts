// 还款登记 (BUSINESS.md "Decisions for the lifecycle's second half": Repayment; §3 allocation, early repayment) on
// the stage kit's items: a repaying business has many repayments, each with its own status and version. FINANCE
// registers one (payer, amount in 分, value date not after today, bank flow number, receipt); a different FINANCE
// user confirms or rejects it. Confirmation applies it to the stored installments here, purely: the due ones by
// `allocatePayment`, the rest prepaying principal by `earlyRepayment` (later installments keep their dates and are
// recomputed), and answers what the business becomes (the lifecycle's confirmRepayment outcome). A rejection
// changes nothing but the repayment.
import { childStage } from '../stage/stage';
import type { ItemFacts, StageItem } from '../workflow/items';
import type { WorkflowContext, WorkflowTable } from '../workflow/workflow';
import { isCalendarDate } from '../calendar/calendar-date';
import { earlyRepayment } from './early-repayment';
import type { StateKey } from './lifecycle';
import { type AllocationLine, allocatePayment } from './repayment-allocation';
import type { StoredInstallment } from './repayment-plan';
import type { RepaymentMethod } from './repayment-schedule';
import { ROLE } from './roles';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';

export const REPAYMENT_API = '/api/business/repayment';
export const REPAYMENT_LIST_PATH = '/business/paymentRegistration';
/** The name under which the repayments hand the plan every part allocated to an installment. */
export const REPAYMENT_ALLOCATIONS_SOURCE = 'repayment.allocations';

/** One part of a confirmed repayment on one installment, as the plan shows it (分 as numbers). */
export interface AllocationView {
  periodNo: number;
  repaymentNo: string;
  valueDate: string;
  kind: 'DUE' | 'EARLY';
  fee: number;
  penalty: number;
  interest: number;
  principal: number;
}

/** 还款登记's list: every registered loan (the plan's view), whose 查看 opens its repayments on the same page. */
export const REPAYMENT_STAGE = childStage({
  stage: 'REPAYING',
  name: 'repayment',
  api: REPAYMENT_API,
  listPath: REPAYMENT_LIST_PATH,
  makePath: REPAYMENT_LIST_PATH,
  title: '还款登记',
  view: { table: 'repayment_plan_view', id: 'plan_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'loanNo', label: '放款编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    { key: 'loanAmount', label: '放款额', type: 'money', list: { width: 110 } },
    { key: 'remainingPrincipal', label: '剩余本金', type: 'money', list: { width: 110 } },
    { key: 'totalOwed', label: '未还合计', type: 'money', list: { width: 110 } },
    { key: 'nextDueDate', label: '下期日期', type: 'date', list: { width: 100 } },
    { key: 'overdueDays', label: '逾期天数', type: 'int', list: { width: 80 } },
    { key: 'repaymentMethod', label: '还款方式', type: 'enum', options: REPAYMENT_METHOD_LABEL },
    { key: 'maturityDate', label: '到期日', type: 'date' },
  ],
  titleField: 'loanNo',
  order: { key: 'loanDate', direction: 'desc' },
});

/** The business states in which repayments are registered and confirmed. */
export const REPAYMENT_STATES: readonly StateKey[] = ['REPAYING/NORMAL', 'REPAYING/OVERDUE'];

export type RepaymentStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

export const REPAYMENT_STATUS_LABEL: Readonly<Record<RepaymentStatus, string>> = {
  PENDING: '待确认',
  CONFIRMED: '已确认',
  REJECTED: '已驳回',
};

export interface Repayment extends StageItem<RepaymentStatus> {
  payer: string;
  amountFen: bigint;
  valueDate: string;
  flowNo: string;
  receiptFileId: string;
  registrarId: string;
}

export const RepaymentMessage = {
  notFound: '还款登记不存在',
  stale: '还款登记已被他人处理，请刷新后重试',
  own: '不能确认或驳回本人登记的还款',
  payer: '请填写付款方（不超过60个字）',
  amount: '还款金额须大于0',
  date: '起息日不是合法的日期',
  future: '起息日不能晚于今天',
  beforeLoan: '起息日不能早于放款日',
  flowNo: '请填写银行流水号（不超过40个字）',
  flowTaken: '该银行流水号已登记',
  receipt: '请上传还款回单',
  backdated: (last: string) => `起息日不能早于已确认的提前还款起息日 ${last}`,
  nothingOwed: '该笔贷款已无未还款项',
} as const;

/** What a registration carries. */
export interface RepaymentDraft {
  payer: string;
  amountFen: bigint;
  valueDate: string;
  flowNo: string;
  receiptFileId: string;
}

/** Every refusal of a registration on the app's day `today` for a loan lent on `loanDate`. */
export function registrationProblems(d: RepaymentDraft, today: string, loanDate: string): string[] {
  const out: string[] = [];
  const payer = d.payer.trim();
  if (!payer || [...payer].length > 60) out.push(RepaymentMessage.payer);
  if (d.amountFen <= 0n) out.push(RepaymentMessage.amount);
  if (!isCalendarDate(d.valueDate)) out.push(RepaymentMessage.date);
  else if (d.valueDate > today) out.push(RepaymentMessage.future);
  else if (d.valueDate < loanDate) out.push(RepaymentMessage.beforeLoan);
  const flow = d.flowNo.trim();
  if (!flow || [...flow].length > 40) out.push(RepaymentMessage.flowNo);
  if (!d.receiptFileId) out.push(RepaymentMessage.receipt);
  return out;
}

/** The second pair of eyes: whoever registered a repayment neither confirms nor rejects it. */
const notRegistrar = (r: Repayment, ctx: WorkflowContext<ItemFacts>) =>
  r.registrarId === ctx.actorId ? RepaymentMessage.own : null;

export const REPAYMENT_ITEMS: WorkflowTable<RepaymentStatus, Repayment, ItemFacts> = {
  noun: '还款登记',
  statusOf: (r) => r.status,
  transitions: [
    {
      action: 'confirm',
      label: '确认',
      op: 'examine',
      menu: REPAYMENT_LIST_PATH,
      who: [ROLE.FINANCE],
      from: ['PENDING'],
      to: 'CONFIRMED',
      comment: 'optional',
      commentLabel: '确认意见',
      tone: 'success',
      guard: notRegistrar,
    },
    {
      action: 'reject',
      label: '驳回',
      op: 'reject',
      menu: REPAYMENT_LIST_PATH,
      who: [ROLE.FINANCE],
      from: ['PENDING'],
      to: 'REJECTED',
      comment: 'required',
      commentLabel: '驳回意见',
      tone: 'danger',
      guard: notRegistrar,
    },
  ],
};

/** The loan's terms a confirmation reads. */
export interface LoanTerms {
  method: RepaymentMethod;
  annualRate: string;
  dayCountBasis: 360 | 365;
  earlyRepayFeeRate: string;
  loanDate: string;
}

/** What one installment received, and whether as due (分配) or as a prepayment (提前还款). */
export interface RepaymentLine extends AllocationLine {
  kind: 'DUE' | 'EARLY';
}

export type RepaymentOutcome = 'SETTLED' | 'SETTLED_EARLY' | 'NORMAL' | 'SAME';

export interface AppliedRepayment {
  lines: RepaymentLine[];
  /** Every installment as it stands after the repayment, in period order. */
  installments: StoredInstallment[];
  /** What nothing was owed for (to be refunded). */
  unappliedFen: bigint;
  /** Principal repaid: what releases quota and orders. */
  principalFen: bigint;
  outcome: RepaymentOutcome;
}

const owed = (i: StoredInstallment) =>
  i.principalDue -
  i.principalPaid +
  (i.interestDue - i.interestPaid) +
  (i.feeDue - i.feePaid) +
  (i.penaltyAccrued - i.penaltyPaid);

const sumLine = (l: AllocationLine) => l.feeFen + l.penaltyFen + l.interestFen + l.principalFen;

/**
 * One confirmed repayment applied to the stored installments (the penalty as stored: the close of business posted
 * it). `interestFrom` is the value date of the latest prepayment in the current period, whose interest up to then
 * is paid. Answers a refusal when the value date is before that day or nothing is owed.
 */
export function applyRepayment(
  loan: LoanTerms,
  stored: readonly StoredInstallment[],
  payment: { amountFen: bigint; valueDate: string; state: string; interestFrom?: string | null },
): AppliedRepayment | { refusal: string } {
  const { amountFen, valueDate } = payment;
  if (payment.interestFrom && valueDate < payment.interestFrom)
    return { refusal: RepaymentMessage.backdated(payment.interestFrom) };
  const rows = [...stored].sort((a, b) => a.periodNo - b.periodNo).map((i) => ({ ...i }));
  if (!rows.some((i) => owed(i) > 0n)) return { refusal: RepaymentMessage.nothingOwed };
  // Everything due by the value date; one paid off receives nothing (allocatePayment skips it).
  const due = rows.filter((i) => i.dueDate <= valueDate);
  const allocation = allocatePayment(
    due.map((i) => ({
      periodNo: i.periodNo,
      dueDate: i.dueDate,
      feeFen: i.feeDue - i.feePaid,
      penaltyFen: i.penaltyAccrued - i.penaltyPaid,
      interestFen: i.interestDue - i.interestPaid,
      principalFen: i.principalDue - i.principalPaid,
    })),
    amountFen,
  );
  const byPeriod = new Map(rows.map((i) => [i.periodNo, i]));
  const lines: RepaymentLine[] = [];
  for (const line of allocation.lines) {
    const row = byPeriod.get(line.periodNo) as StoredInstallment;
    row.feePaid += line.feeFen;
    row.penaltyPaid += line.penaltyFen;
    row.interestPaid += line.interestFen;
    row.principalPaid += line.principalFen;
    lines.push({ ...line, kind: 'DUE' });
  }
  let unappliedFen = allocation.unappliedFen;
  const later = rows.filter((i) => i.dueDate > valueDate);
  const current = later[0];
  const balance = later.reduce((s, i) => s + i.principalDue - i.principalPaid, 0n);
  if (unappliedFen > 0n && current && balance > 0n) {
    const from = payment.interestFrom && payment.interestFrom > current.startDate ? payment.interestFrom : null;
    const early = earlyRepayment({
      ...loan,
      remaining: later.map((i, k) => {
        const principalFen = i.principalDue - i.principalPaid;
        const interestFen = i.interestDue - i.interestPaid;
        const startDate = k === 0 && from ? from : i.startDate;
        return { periodNo: i.periodNo, startDate, dueDate: i.dueDate, principalFen, interestFen, totalFen: 0n };
      }),
      valueDate,
      amountFen: unappliedFen,
    });
    if (early.principalFen > 0n) {
      // The current period keeps what was paid in it and the prepayment, due and paid at once; each later
      // period what was paid plus its recomputed amounts (none once the balance is paid off).
      current.interestPaid += early.interestFen;
      current.feeDue += early.feeFen;
      current.feePaid += early.feeFen;
      current.principalPaid += early.principalFen;
      for (const row of later) {
        const next = early.installments.find((n) => n.periodNo === row.periodNo);
        row.principalDue = row.principalPaid + (next?.principalFen ?? 0n);
        row.interestDue = row.interestPaid + (next?.interestFen ?? 0n);
      }
      lines.push({
        periodNo: current.periodNo,
        feeFen: early.feeFen,
        penaltyFen: 0n,
        interestFen: early.interestFen,
        principalFen: early.principalFen,
        kind: 'EARLY',
      });
      unappliedFen = early.unappliedFen;
    }
  }
  // 已结清 once nothing is owed; a later installment given principal again by a recomputation is not due yet.
  for (const row of rows) row.status = owed(row) === 0n ? 'SETTLED' : row.status === 'SETTLED' ? 'NOT_DUE' : row.status;
  const settled = rows.every((i) => i.status === 'SETTLED');
  const last = (rows.at(-1) as StoredInstallment).dueDate;
  // An installment paid off is 已结清 above: what is still 逾期 still owes.
  const stillOverdue = rows.some((i) => i.status === 'OVERDUE');
  const outcome: RepaymentOutcome = settled
    ? valueDate >= last
      ? 'SETTLED'
      : 'SETTLED_EARLY'
    : payment.state === 'REPAYING/OVERDUE' && !stillOverdue
      ? 'NORMAL'
      : 'SAME';
  return {
    lines,
    installments: rows,
    unappliedFen,
    principalFen: lines.reduce((s, l) => s + l.principalFen, 0n),
    outcome,
  };
}

/** Σ of what a repayment's lines put on installments, 分. */
export const appliedFen = (lines: readonly AllocationLine[]) => lines.reduce((s, l) => s + sumLine(l), 0n);
