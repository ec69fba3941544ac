// The close of business's pure parts (BUSINESS.md "The daily job" and §3), for one installment on one day:
// its status, its overdue days, the penalty to post that day, its risk class and the reminder due that day.
// The gateway's daily job loads the facts and stores what these answer; a second run of a day computes the
// same answers, so it changes nothing.
//
// A due date on a non-business day gives the borrower until the next business day (§3); paid by then, nothing
// is overdue. Past it, the installment is overdue from its contractual due date, as the schedule says
// (overdueDays = day − dueDate) — the grace is a courtesy of the calendar, not a new due date.
import { onOrNextBusinessDay } from '../calendar/business-day';
import { type PenaltyInput, penaltyFen } from './penalty';
import { addDays, daysBetween } from './repayment-schedule';
import type { InstallmentStatus } from './installment-status';

export { INSTALLMENT_STATUS_LABEL, type InstallmentStatus } from './installment-status';

export interface InstallmentOnDay {
  dueDate: string;
  /** Everything the installment still owes (principal, interest, penalty, fees), 分. */
  owedFen: bigint;
}

/** The status of an installment on a day. */
export function installmentStatus(installment: InstallmentOnDay, day: string): InstallmentStatus {
  if (installment.owedFen === 0n) return 'SETTLED';
  if (day < installment.dueDate) return 'NOT_DUE';
  return day > onOrNextBusinessDay(installment.dueDate) ? 'OVERDUE' : 'DUE';
}

/** Days overdue on a day: 0 unless overdue, then the days since the contractual due date. */
export function overdueDays(installment: InstallmentOnDay, day: string): number {
  if (installmentStatus(installment, day) !== 'OVERDUE') return 0;
  return daysBetween(installment.dueDate, day);
}

/**
 * The penalty the close of `day` posts: the penalty to that day less the penalty to the day before, so the
 * posts of consecutive days add up to `penaltyFen` over the span exactly (one rounding, not one per day). The
 * first overdue day after a holiday's grace posts the grace days too: overdue runs from the due date.
 */
export function penaltyToPostFen(input: Omit<PenaltyInput, 'valueDate'>, day: string): bigint {
  const owed = { dueDate: input.dueDate, owedFen: input.overdueFen };
  if (installmentStatus(owed, day) !== 'OVERDUE') return 0n;
  const yesterday = addDays(day, -1);
  const before = installmentStatus(owed, yesterday) === 'OVERDUE' ? penaltyFen({ ...input, valueDate: yesterday }) : 0n;
  return penaltyFen({ ...input, valueDate: day }) - before;
}

/** 五级分类 by overdue days: 正常, 关注 (1–90), 次级 (over 90). */
export type RiskClass = 'NORMAL' | 'SPECIAL_MENTION' | 'SUBSTANDARD';

export const RISK_CLASS_LABEL: Readonly<Record<RiskClass, string>> = {
  NORMAL: '正常',
  SPECIAL_MENTION: '关注',
  SUBSTANDARD: '次级',
};

/** The risk class by overdue days, and whether the loan goes to write-off review (over 180 days). */
export function riskClass(days: number): { riskClass: RiskClass; writeOffReview: boolean } {
  return {
    riskClass: days > 90 ? 'SUBSTANDARD' : days > 0 ? 'SPECIAL_MENTION' : 'NORMAL',
    writeOffReview: days > 180,
  };
}

/** 到期提醒: 7, 3 and 1 days before the due date, and every day while overdue. */
export type Reminder = 'DUE_IN_7' | 'DUE_IN_3' | 'DUE_IN_1' | 'OVERDUE';

export const REMINDER_LABEL: Readonly<Record<Reminder, string>> = {
  DUE_IN_7: '7天后到期',
  DUE_IN_3: '3天后到期',
  DUE_IN_1: '明天到期',
  OVERDUE: '已逾期',
};

/** The reminder due on a day for an installment, if any. */
export function reminderOn(installment: InstallmentOnDay, day: string): Reminder | null {
  const status = installmentStatus(installment, day);
  if (status === 'OVERDUE') return 'OVERDUE';
  if (status !== 'NOT_DUE') return null;
  const before = daysBetween(day, installment.dueDate);
  return before === 7 ? 'DUE_IN_7' : before === 3 ? 'DUE_IN_3' : before === 1 ? 'DUE_IN_1' : null;
}
