import { describe, expect, it } from 'vitest';
import { closeTimeOf, daysThrough, dueDay, nextCloseTime, nextDay } from './close-of-business';

describe('the close of a business day', () => {
  it('closes a Beijing day at 00:10 there (16:10 UTC the evening before)', () => {
    expect(closeTimeOf('2026-03-01').toISOString()).toBe('2026-02-28T16:10:00.000Z');
  });

  it('makes a day due from its 00:10 on, the day before until then', () => {
    expect(dueDay(new Date('2026-02-28T16:09:59Z'))).toBe('2026-02-28');
    expect(dueDay(new Date('2026-02-28T16:10:00Z'))).toBe('2026-03-01');
    expect(dueDay(new Date('2026-03-01T15:59:00Z'))).toBe('2026-03-01');
  });

  it('wakes at the next 00:10, tomorrow once today is closed', () => {
    expect(nextCloseTime(new Date('2026-02-28T16:00:00Z')).toISOString()).toBe('2026-02-28T16:10:00.000Z');
    expect(nextCloseTime(new Date('2026-02-28T16:10:00Z')).toISOString()).toBe('2026-03-01T16:10:00.000Z');
  });

  it('walks calendar days across months and years, in order', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(daysThrough('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysThrough('2026-12-30', '2026-12-29')).toEqual([]);
  });
});
