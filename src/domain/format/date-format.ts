// SPEC §9 date display: slash or dash form, '--' for empty, invalid, or a year up to 1970 (the server's
// "no date" is often 0 or 1899-12-30, and a real business date is never that old).
// Strings are read strictly: '2024-02-30' is invalid, not 2 March as Date would make it. Date-only and
// local date-time strings are taken as they are written; epoch numbers and strings with a zone are shown
// in the runtime's local time zone, or in Asia/Shanghai when asked: a time people entered as Beijing time
// (a review meeting's) must read the same hour on a laptop abroad as on the minutes.
import { SHANGHAI_OFFSET_MS } from '../calendar/calendar-date';

export type DateInput = string | number | Date | null | undefined;
export type DateSeparator = '/' | '-';

export interface DateFormatOptions {
  /** '-' unless told otherwise. */
  separator?: DateSeparator;
  /** Add ' HH:mm:ss' ('seconds') or ' HH:mm' ('minutes'). */
  time?: 'seconds' | 'minutes';
  /** The zone an instant is shown in; 'local' (the browser's) unless told otherwise. */
  zone?: DateZone;
}

export type DateZone = 'local' | 'Asia/Shanghai';

export const EMPTY_DATE = '--';
/** Dates in this year or before are shown as empty. */
export const LAST_EMPTY_YEAR = 1970;

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LOCAL = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d{1,9})?)?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

function fromDate(d: Date, zone: DateZone): DateParts | null {
  if (Number.isNaN(d.getTime())) return null;
  // The wall clock of the zone, read as UTC: the instant moved by the zone's offset at that instant.
  const offset = zone === 'Asia/Shanghai' ? SHANGHAI_OFFSET_MS : -d.getTimezoneOffset() * 60_000;
  const wall = new Date(d.getTime() + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The calendar parts a value means, or null when it is empty or not a real date. */
export function readDateParts(value: DateInput, zone: DateZone = 'local'): DateParts | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return fromDate(value, zone);
  if (typeof value === 'number') return Number.isFinite(value) ? fromDate(new Date(value), zone) : null;
  const text = value.trim();
  if (/^-?\d{9,}$/.test(text)) return fromDate(new Date(Number(text)), zone);
  const m = LOCAL.exec(text);
  if (m) {
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map((s) => (s === undefined ? 0 : Number(s)));
    if (!isRealDate(year!, month!, day!) || hour! > 23 || minute! > 59 || second! > 59) return null;
    return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  }
  return ZONED.test(text) ? fromDate(new Date(text), zone) : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '2024/01/02', '2024-01-02 08:30:00', or '--'. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const parts = readDateParts(value, options.zone);
  if (parts === null || parts.year <= LAST_EMPTY_YEAR) return EMPTY_DATE;
  const sep = options.separator ?? '-';
  const date = `${pad(parts.year, 4)}${sep}${pad(parts.month)}${sep}${pad(parts.day)}`;
  if (options.time === 'seconds') return `${date} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
  if (options.time === 'minutes') return `${date} ${pad(parts.hour)}:${pad(parts.minute)}`;
  return date;
}

/** formatDate with the time to the second. */
export function formatDateTime(value: DateInput, separator: DateSeparator = '-'): string {
  return formatDate(value, { separator, time: 'seconds' });
}

/** A time entered as Beijing time, to the minute, in Asia/Shanghai wherever it is read: '2026-11-28 10:00'. */
export function formatShanghaiTime(value: DateInput, separator: DateSeparator = '-'): string {
  return formatDate(value, { separator, time: 'minutes', zone: 'Asia/Shanghai' });
}
