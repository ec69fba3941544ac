// When a business day is closed (BUSINESS.md, "The daily job"): at 00:10 Asia/Shanghai the day that begins is
// closed — its expiries, and later its installment statuses, penalties and reminders, are judged as of that day.
// A day is a Beijing calendar day, 'YYYY-MM-DD'. Every calendar day is closed: a later stage's holiday calendar
// decides what a step does on a non-business day (a due date on one starts overdue on the next business day),
// not whether the day is closed.
import { SHANGHAI_OFFSET_MS, businessDay } from './calendar-date';

const DAY_MS = 86_400_000;
/** The close runs ten minutes into the Beijing day. */
export const CLOSE_AFTER_MIDNIGHT_MS = 10 * 60_000;

/** The instant `day` ('YYYY-MM-DD') is closed: 00:10 Asia/Shanghai. */
export function closeTimeOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS + CLOSE_AFTER_MIDNIGHT_MS);
}

/** The latest day whose close time has come by `now`: today from 00:10 Beijing on, yesterday before. */
export function dueDay(now: Date): string {
  return businessDay(new Date(now.getTime() - CLOSE_AFTER_MIDNIGHT_MS));
}

/** The first close time after `now`. */
export function nextCloseTime(now: Date): Date {
  return closeTimeOf(nextDay(dueDay(now)));
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` through `through`, in order; none when `from` is after `through`. */
export function daysThrough(from: string, through: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= through; day = nextDay(day)) out.push(day);
  return out;
}
