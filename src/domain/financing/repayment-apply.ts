// One confirmed repayment applied to a loan's stored installments, purely — the shared money library's composition
// of `allocatePayment` (what is due by the value date: fee, penalty, interest, principal) and `earlyRepayment`
// (the rest prepays principal; later installments keep their dates and are recomputed), with the outcome the
// installments give the business (the lifecycle's confirmRepayment: 已结清, 提前结清, back to 正常, or the same).
import { earlyRepayment } from './early-repayment';
import { RepaymentMessage } from './repayment';
import { type AllocationLine, allocatePayment } from './repayment-allocation';
import type { StoredInstallment } from './repayment-plan';
import type { RepaymentMethod } from './repayment-schedule';

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
