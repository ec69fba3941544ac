// One date type for every date field and date filter (BUSINESS.md "Money and dates": a calendar date is
// 'YYYY-MM-DD'). A value must name a day that exists (no 2026-02-30) within 1900-01-01..2100-12-31: the
// earliest day any record of the platform can carry (an enterprise's 成立日期, a document's 生效日) is well after
// 1900, the latest (a fund product's or a certificate's 到期日, a long contract's term) well before 2100, and
// the range refuses the typos that otherwise pass as dates (9999-12-31, 0202-01-01) while staying where
// JavaScript's Date and PostgreSQL's date agree. The gateway's TypeBox schema (`CalendarDate` in
// gateway/src/schemas/common.ts) and the forms both ask this module.

export const CALENDAR_DATE_MIN = '1900-01-01';
export const CALENDAR_DATE_MAX = '2100-12-31';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' that names a real day within CALENDAR_DATE_MIN..CALENDAR_DATE_MAX. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  const exists = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
  // Same-shaped strings compare as the days they name.
  return exists && value >= CALENDAR_DATE_MIN && value <= CALENDAR_DATE_MAX;
}

/** Asia/Shanghai, the business's zone, is UTC+8 all year (no daylight saving). */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * The calendar day of the instant in Asia/Shanghai (UTC+8, no daylight saving), the business's day: "today"
 * for the business, whatever day of the week. Whether a day is a working day is business-day.ts.
 */
export function businessDay(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The year of the instant's business day: a number counted by the year (GYS…, ZS…) turns at Beijing's midnight. */
export function businessYear(now: Date): number {
  return Number(businessDay(now).slice(0, 4));
}

/**
 * The latest day a near-term date may name: `years` whole years after the business day of `now` (0: today).
 * 29 February moves to 28 February in a year without one.
 */
export function latestNearTermDay(now: Date, years: number): string {
  const [y, m, d] = businessDay(now).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}
