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

/** 到期提醒's 事项类型: an installment's period (第2期已逾期5天) or, for period 0, the 中登 registration's (中登已逾期3天). */
export function reminderLabel(periodNo: number, kind: Reminder, days: number): string {
  const what = periodNo === 0 ? '中登' : `第${periodNo}期`;
  return kind === 'OVERDUE' ? `${what}已逾期${days}天` : `${what}${REMINDER_LABEL[kind]}`;
}

/** The reminder due on a day for an installment, if any. */
export function reminderOn(installment: InstallmentOnDay, day: string): Reminder | null {
  const status = installmentStatus(installment, day);
  if (status === 'OVERDUE') return 'OVERDUE';
  if (status !== 'NOT_DUE') return null;
  const before = daysBetween(day, installment.dueDate);
  return before === 7 ? 'DUE_IN_7' : before === 3 ? 'DUE_IN_3' : before === 1 ? 'DUE_IN_1' : null;
}

/** What the close reads of one installment: its due date, what it still owes, the last day its penalty was posted. */
export interface OpenInstallment {
  periodNo: number;
  dueDate: string;
  /** Principal and interest still owed, 分: what the penalty runs on. */
  overdueBaseFen: bigint;
  /** Everything still owed (with penalty and fees), 分. */
  owedFen: bigint;
  status: InstallmentStatus;
  overdueDays: number;
  /** The last day whose close posted its penalty. */
  penaltyThrough: string | null;
}

/** The loan's terms the penalty is computed on. */
export interface PenaltyTerms {
  annualRate: string;
  markup: string;
  dayCountBasis: 360 | 365;
}

/** A reminder of a day: the installment's period (0 for the 中登 registration), its kind, and what is owed. */
export interface DayReminder {
  day: string;
  periodNo: number;
  kind: Reminder;
  dueDate: string;
  amountFen: bigint;
  overdueDays: number;
}

export interface ClosedInstallment {
  periodNo: number;
  status: InstallmentStatus;
  overdueDays: number;
  /** The penalty the days closed post, 分 (≥ 0). */
  penaltyPostFen: bigint;
  penaltyThrough: string | null;
  /** Whether anything of the installment differs from what it was. */
  changed: boolean;
}

export interface ClosedLoan {
  /** The days closed, in order: after `closedThrough` through the day; none when the day was closed already. */
  days: string[];
  installments: ClosedInstallment[];
  /** The most overdue days of its installments on the day, its risk class and write-off flag by them. */
  overdueDays: number;
  riskClass: RiskClass;
  writeOffReview: boolean;
  /** Whether an installment is overdue on the day: the business is 逾期, else 还款中. */
  overdue: boolean;
  reminders: DayReminder[];
}

/** The 中登 registration as a reminder's subject: due 10 days after the loan, done once registered. */
export interface ZhongdengDeadline {
  dueDate: string;
  registered: boolean;
  /** The loan's amount, 分: what the registration is of. */
  loanFen: bigint;
}

/**
 * Closes one loan through `day`: every day after `closedThrough` (the last day closed for it; the loan's day when
 * none) in order — each installment's status and overdue days as of the day, the penalty of each day not yet
 * posted (penaltyToPostFen, so the posts add up to penaltyFen however many days are closed at once), and each
 * day's reminders. Closing a day already closed closes nothing and changes nothing.
 */
export function closeLoanThrough(
  input: {
    loanDate: string;
    closedThrough: string | null;
    installments: readonly OpenInstallment[];
    terms: PenaltyTerms;
    zhongdeng?: ZhongdengDeadline | null;
  },
  day: string,
): ClosedLoan {
  const days: string[] = [];
  for (let d = input.closedThrough ? addDays(input.closedThrough, 1) : input.loanDate; d <= day; d = addDays(d, 1)) {
    days.push(d);
  }
  const reminders: DayReminder[] = [];
  const installments = input.installments.map((i): ClosedInstallment => {
    const owed = { dueDate: i.dueDate, owedFen: i.owedFen };
    let post = 0n;
    let through = i.penaltyThrough;
    for (const d of days) {
      if (through !== null && d <= through) continue;
      const fen = penaltyToPostFen({ ...input.terms, overdueFen: i.overdueBaseFen, dueDate: i.dueDate }, d);
      if (installmentStatus(owed, d) === 'OVERDUE') through = d;
      post += fen;
    }
    for (const d of days) {
      const kind = reminderOn(owed, d);
      if (kind) {
        const amountFen = i.owedFen + post;
        reminders.push({
          day: d,
          periodNo: i.periodNo,
          kind,
          dueDate: i.dueDate,
          amountFen,
          overdueDays: overdueDays(owed, d),
        });
      }
    }
    if (days.length === 0) return { ...i, penaltyPostFen: 0n, changed: false };
    const status = installmentStatus(owed, day);
    const overdue = overdueDays(owed, day);
    const changed = post !== 0n || status !== i.status || overdue !== i.overdueDays || through !== i.penaltyThrough;
    return {
      periodNo: i.periodNo,
      status,
      overdueDays: overdue,
      penaltyPostFen: post,
      penaltyThrough: through,
      changed,
    };
  });
  const z = input.zhongdeng;
  if (z) {
    const owed = { dueDate: z.dueDate, owedFen: z.registered ? 0n : 1n };
    for (const d of days) {
      const kind = reminderOn(owed, d);
      if (kind)
        reminders.push({
          day: d,
          periodNo: 0,
          kind,
          dueDate: z.dueDate,
          amountFen: z.loanFen,
          overdueDays: overdueDays(owed, d),
        });
    }
  }
  const most = installments.reduce((m, i) => Math.max(m, i.overdueDays), 0);
  return {
    days,
    installments,
    overdueDays: most,
    ...riskClass(most),
    overdue: installments.some((i) => i.status === 'OVERDUE'),
    // Day by day, the 中登 registration (period 0) before the installments.
    reminders: reminders.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.periodNo - b.periodNo)),
  };
}
