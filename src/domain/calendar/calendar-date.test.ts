import { describe, expect, it } from 'vitest';
import { businessDay, businessYear, isCalendarDate, latestNearTermDay } from './calendar-date';

describe('isCalendarDate', () => {
  it('takes days that exist within 1900-01-01..2100-12-31', () => {
    for (const d of ['1900-01-01', '2024-02-29', '2026-12-31', '2100-12-31']) expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses days that do not exist, other shapes and days out of range', () => {
    for (const d of [
      '2026-02-30',
      '2026-99-99',
      '2026-02-29',
      '2100-02-29',
      '2026-00-10',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      ' 2026-01-05',
      'x',
      '1e308',
      '',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31',
      '０２０２-01-01',
    ])
      expect(isCalendarDate(d), d).toBe(false);
    expect(isCalendarDate(20260105)).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });
});

describe('near-term dates', () => {
  it('counts the day in Asia/Shanghai', () => {
    expect(businessDay(new Date('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    expect(businessDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
  });

  it('allows whole years ahead, keeping 29 February within its month', () => {
    expect(latestNearTermDay(new Date('2026-11-26T02:00:00Z'), 0)).toBe('2026-11-26');
    expect(latestNearTermDay(new Date('2026-11-26T02:00:00Z'), 10)).toBe('2036-11-26');
    expect(latestNearTermDay(new Date('2028-02-29T02:00:00Z'), 1)).toBe('2029-02-28');
  });
});

describe('the business year', () => {
  it('turns at Beijing midnight, eight hours before UTC’s', () => {
    expect(businessYear(new Date('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(businessYear(new Date('2026-12-31T16:00:00Z'))).toBe(2027);
  });
});
