// SPEC §5 resident identity number (GB 11643): 18 characters — a six-digit region code whose first two
// digits are a province-level code, a birth date in 19xx or 2xxx that is a real day not after today, a
// three-digit sequence, and the ISO 7064 MOD 11-2 check character (X for 10; a lower-case x is read as X).
// "Today" is a parameter so the rule is deterministic in tests and the same on client and gateway.
import { isRealDate } from '../format/date-format';

export type ResidentIdProblem = 'format' | 'region' | 'birthDate' | 'checksum';

/**
 * Province-level codes (GB/T 2260) and the 71/81/82/83 prefixes of Taiwan, Hong Kong and Macao residents'
 * numbers. Foreigners' permanent-residence numbers (starting with 9) are not resident IDs and are refused.
 */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

const SHAPE = /^\d{6}(?:19|2\d)\d{2}\d{2}\d{2}\d{3}[\dX]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** Trimmed and upper-cased, as stored. */
export function normalizeResidentId(id: string): string {
  return id.trim().toUpperCase();
}

/** The ISO 7064 MOD 11-2 check character for the first 17 digits. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function todayOf(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

function after(a: CalendarDay, b: CalendarDay): boolean {
  return a.year !== b.year ? a.year > b.year : a.month !== b.month ? a.month > b.month : a.day > b.day;
}

/** The birth date written in the number (positions 7–14), whether or not it is valid. */
export function residentIdBirthDate(id: string): CalendarDay | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(normalizeResidentId(id));
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/** The first rule the number breaks, or null for a valid resident ID. */
export function checkResidentId(id: string, today: Date): ResidentIdProblem | null {
  const value = normalizeResidentId(id);
  if (!SHAPE.test(value)) return 'format';
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return 'region';
  const birth = residentIdBirthDate(value)!;
  if (!isRealDate(birth.year, birth.month, birth.day) || after(birth, todayOf(today))) return 'birthDate';
  return residentIdCheckChar(value) === value[17] ? null : 'checksum';
}

export function isResidentId(id: string, today: Date): boolean {
  return checkResidentId(id, today) === null;
}
