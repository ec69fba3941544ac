// Business days from the maintained holiday calendar: holidays, 调休 working weekends, plain weekends, a year
// the calendar has no data for yet, and the next business day as properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBusinessDay, nextBusinessDay, onOrNextBusinessDay } from './business-day';

describe('isBusinessDay', () => {
  it('takes the national holidays off, weekdays included', () => {
    for (const day of ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-07', '2026-01-01', '2026-02-16'])
      expect(isBusinessDay(day), day).toBe(false);
  });

  it('works the weekend days moved for a holiday (调休)', () => {
    for (const day of ['2026-10-10', '2026-09-20', '2026-02-14', '2026-02-28', '2026-01-04'])
      expect(isBusinessDay(day), day).toBe(true);
  });

  it('works Monday to Friday and rests at the weekend otherwise', () => {
    expect(isBusinessDay('2026-11-25')).toBe(true); // Wednesday
    expect(isBusinessDay('2026-11-27')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-30')).toBe(true); // Monday
  });

  it('counts weekends only in a year the calendar does not know yet', () => {
    expect(isBusinessDay('2030-05-01')).toBe(true); // a Wednesday; its holiday is not announced
    expect(isBusinessDay('2030-05-04')).toBe(false);
  });

  it('refuses what is not a date', () => {
    expect(() => isBusinessDay('2026-1-1')).toThrow('不是合法的日期：2026-1-1');
    expect(() => nextBusinessDay('x')).toThrow('不是合法的日期：x');
  });
});

describe('nextBusinessDay and onOrNextBusinessDay', () => {
  it('skip the National Day week and the weekend', () => {
    expect(nextBusinessDay('2026-09-30')).toBe('2026-10-08');
    expect(nextBusinessDay('2026-10-03')).toBe('2026-10-08');
    expect(nextBusinessDay('2026-11-27')).toBe('2026-11-30');
    expect(nextBusinessDay('2026-10-09')).toBe('2026-10-10');
  });

  it('keep a business day as it is, on or next', () => {
    expect(onOrNextBusinessDay('2026-11-25')).toBe('2026-11-25');
    expect(onOrNextBusinessDay('2026-10-03')).toBe('2026-10-08');
  });

  it('find the first business day after the day, as a property', () => {
    const day = fc
      .integer({ min: 0, max: 3 * 366 })
      .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (d) => {
        const next = nextBusinessDay(d);
        expect(next > d && isBusinessDay(next)).toBe(true);
        for (let t = new Date(`${d}T00:00:00Z`); ; ) {
          t.setUTCDate(t.getUTCDate() + 1);
          const between = t.toISOString().slice(0, 10);
          if (between === next) break;
          expect(isBusinessDay(between)).toBe(false);
        }
        expect(onOrNextBusinessDay(d)).toBe(isBusinessDay(d) ? d : next);
      }),
    );
  });
});
