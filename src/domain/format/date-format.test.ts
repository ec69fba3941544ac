import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_DATE, formatDate, formatDateTime, formatShanghaiTime, isRealDate, readDateParts } from './date-format';

const runs = { numRuns: 1000 };
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

describe('formatDate (SPEC §9)', () => {
  it.each<[Parameters<typeof formatDate>[0], Parameters<typeof formatDate>[1], string]>([
    ['2024-01-02', {}, '2024-01-02'],
    ['2024-01-02', { separator: '/' }, '2024/01/02'],
    ['2024/1/2', {}, '2024-01-02'],
    ['2024-01-02 08:30:05', { time: 'seconds' }, '2024-01-02 08:30:05'],
    ['2024-01-02T08:30:05.123', { time: 'minutes', separator: '/' }, '2024/01/02 08:30'],
    ['2024-01-02', { time: 'seconds' }, '2024-01-02 00:00:00'],
    ['2024-02-29', {}, '2024-02-29'],
    ['2023-02-29', {}, EMPTY_DATE],
    ['2024-02-30', {}, EMPTY_DATE],
    ['2024-13-01', {}, EMPTY_DATE],
    ['2024-01-02 24:00:00', {}, EMPTY_DATE],
    ['1970-12-31', {}, EMPTY_DATE],
    ['1971-01-01', {}, '1971-01-01'],
    ['1899-12-30', {}, EMPTY_DATE],
    ['', {}, EMPTY_DATE],
    ['   ', {}, EMPTY_DATE],
    ['not a date', {}, EMPTY_DATE],
    [null, {}, EMPTY_DATE],
    [undefined, {}, EMPTY_DATE],
    [0, {}, EMPTY_DATE],
    [-2209017600000, {}, EMPTY_DATE],
    [Number.NaN, {}, EMPTY_DATE],
    [new Date(Number.NaN), {}, EMPTY_DATE],
    [new Date(2024, 0, 2, 8, 30, 5), { time: 'seconds' }, '2024-01-02 08:30:05'],
    [new Date(2024, 0, 2).getTime(), { separator: '/' }, '2024/01/02'],
    [String(new Date(2024, 0, 2).getTime()), {}, '2024-01-02'],
  ])('%j %j → %s', (value, options, expected) => {
    expect(formatDate(value, options)).toBe(expected);
  });

  it('reads zoned ISO strings as instants', () => {
    const instant = '2024-06-01T12:00:00Z';
    const local = new Date(instant);
    expect(formatDateTime(instant)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:00:00`,
    );
  });

  const calendarDay = fc
    .record({
      year: fc.integer({ min: 1000, max: 2999 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 31 }),
    })
    .filter(({ year, month, day }) => isRealDate(year, month, day));

  it('shows every real date after 1970 in both forms, and reads its own output back', () => {
    fc.assert(
      fc.property(
        calendarDay,
        fc.constantFrom('/', '-'),
        fc.constantFrom('/', '-', '.'),
        ({ year, month, day }, sep, inputSep) => {
          const shown = formatDate(`${year}${inputSep}${month}${inputSep}${day}`, { separator: sep as '/' | '-' });
          if (year <= 1970) return shown === EMPTY_DATE;
          return (
            shown === `${year}${sep}${pad(month)}${sep}${pad(day)}` &&
            formatDate(shown, { separator: sep as '/' | '-' }) === shown
          );
        },
      ),
      runs,
    );
  });

  it('agrees with Date on which days exist', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 2999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const date = new Date(y, m - 1, d);
          const exists = m >= 1 && m <= 12 && d >= 1 && date.getMonth() === m - 1 && date.getDate() === d;
          return isRealDate(y, m, d) === exists && (readDateParts(`${y}-${m}-${d}`) !== null) === exists;
        },
      ),
      runs,
    );
  });

  it('shows an epoch time as the local calendar day of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1972, 0, 1), max: Date.UTC(2999, 0, 1) }), (ms) => {
        const d = new Date(ms);
        return formatDate(ms, { separator: '/' }) === `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
      }),
      runs,
    );
  });
});

describe('times shown in Asia/Shanghai, wherever the browser is', () => {
  // A browser in New York: five hours behind UTC in winter, four in summer, thirteen or twelve behind Beijing.
  const runtimeZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (runtimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = runtimeZone;
  });

  it('runs in a zone that is not Beijing', () => {
    expect(new Date('2026-11-28T02:00:00Z').getHours()).toBe(21);
  });

  it.each<[Parameters<typeof formatShanghaiTime>[0], string]>([
    ['2026-11-28T02:00:00.000Z', '2026-11-28 10:00'],
    ['2026-11-28T10:00:00+08:00', '2026-11-28 10:00'],
    ['2026-07-01T16:30:00Z', '2026-07-02 00:30'],
    ['2026-03-08T07:30:00Z', '2026-03-08 15:30'],
    [Date.UTC(2026, 10, 27, 23, 59), '2026-11-28 07:59'],
    [new Date('2026-11-28T02:00:00Z'), '2026-11-28 10:00'],
    ['2026-11-28 10:00', '2026-11-28 10:00'],
    ['', EMPTY_DATE],
    [null, EMPTY_DATE],
  ])('%j → %s', (value, expected) => {
    expect(formatShanghaiTime(value)).toBe(expected);
  });

  it('is the instant eight hours after UTC, for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 2), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const beijing = new Date(ms + 8 * 3_600_000).toISOString();
        return formatShanghaiTime(new Date(ms).toISOString()) === `${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`;
      }),
      runs,
    );
  });

  it('leaves the browser zone to every other time', () => {
    expect(formatDateTime('2026-11-28T02:00:00Z')).toBe('2026-11-27 21:00:00');
    expect(formatDate('2026-11-28T02:00:00Z', { zone: 'Asia/Shanghai', separator: '/' })).toBe('2026/11/28');
  });
});
