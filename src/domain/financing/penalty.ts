// 罚息 (BUSINESS.md "Contracts" and §3): the penalty on what is overdue — principal plus interest, since overdue
// interest compounds at the penalty rate — at the contract rate raised by the markup (6 % × (1 + 50 %)), for the
// days from the due date (counted) to the value date (not), over the day-count basis. Computed exactly as one
// fraction and rounded to 分 HALF_UP once, so posting it day by day (close-of-business.ts) adds up to it.
import { daysBetween, rateFraction, roundHalfUp } from './repayment-schedule';

export interface PenaltyInput {
  /** Overdue principal plus overdue interest, 分. */
  overdueFen: bigint;
  /** The contract's annual rate, e.g. '0.0600'. */
  annualRate: string;
  /** The penalty markup over the rate, e.g. '0.5' for + 50 %. */
  markup: string;
  dayCountBasis: 360 | 365;
  /** The contract's due date; the schedule never moves it. */
  dueDate: string;
  /** The day the penalty runs to (not counted). */
  valueDate: string;
}

export function penaltyFen(input: PenaltyInput): bigint {
  if (input.overdueFen < 0n) throw new Error('逾期金额不能为负');
  const days = daysBetween(input.dueDate, input.valueDate);
  if (days <= 0) return 0n;
  const rate = rateFraction(input.annualRate);
  const markup = rateFraction(input.markup);
  // overdue × (a/b) × (1 + c/d) × days / basis = overdue × a × (d + c) × days / (b × d × basis)
  return roundHalfUp(
    input.overdueFen * rate.n * (markup.d + markup.n) * BigInt(days),
    rate.d * markup.d * BigInt(input.dayCountBasis),
  );
}
