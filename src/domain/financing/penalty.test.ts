// 罚息: the vector of BUSINESS.md, the days that count, HALF_UP at the half 分, and its shape as properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PenaltyInput, penaltyFen } from './penalty';
import { addDays } from './repayment-schedule';

const base: PenaltyInput = {
  overdueFen: 1_000_000_00n,
  annualRate: '0.0600',
  markup: '0.5',
  dayCountBasis: 360,
  dueDate: '2026-06-10',
  valueDate: '2026-06-20',
};

describe('penaltyFen', () => {
  it('1,000,000.00 overdue 10 days at 6 % × 1.5 / 360 is 2,500.00', () => {
    expect(penaltyFen(base)).toBe(2_500_00n);
  });

  it('counts actual days over 365 when the product says so', () => {
    // 1,000,000.00 × 9 % × 10 / 365 = 2,465.7534…
    expect(penaltyFen({ ...base, dayCountBasis: 365 })).toBe(2_465_75n);
  });

  it('is 0 on the due date and before it', () => {
    expect(penaltyFen({ ...base, valueDate: base.dueDate })).toBe(0n);
    expect(penaltyFen({ ...base, valueDate: '2026-06-01' })).toBe(0n);
    expect(penaltyFen({ ...base, valueDate: '2026-06-11' })).toBe(250_00n);
  });

  it('rounds the half 分 up and less than half down', () => {
    // 1 分 × 9 % / 360 = 1 / 4000 a day.
    const one = { ...base, overdueFen: 1n, dueDate: '2020-01-01' };
    expect(penaltyFen({ ...one, valueDate: addDays('2020-01-01', 2000) })).toBe(1n);
    expect(penaltyFen({ ...one, valueDate: addDays('2020-01-01', 1999) })).toBe(0n);
  });

  it('takes the markup as written: none, and a markup with decimals', () => {
    expect(penaltyFen({ ...base, markup: '0' })).toBe(1_666_67n);
    expect(penaltyFen({ ...base, markup: '0.25' })).toBe(2_083_33n);
  });

  it('refuses a negative overdue amount', () => {
    expect(() => penaltyFen({ ...base, overdueFen: -1n })).toThrow('逾期金额不能为负');
    expect(penaltyFen({ ...base, overdueFen: 0n })).toBe(0n);
  });
});

const input = fc.record({
  overdueFen: fc.bigInt({ min: 0n, max: 10n ** 12n }),
  annualRate: fc.integer({ min: 0, max: 2400 }).map((bp) => (bp / 10_000).toFixed(4)),
  markup: fc.constantFrom('0', '0.3', '0.5', '1'),
  dayCountBasis: fc.constantFrom(360 as const, 365 as const),
  dueDate: fc.constant('2026-03-31'),
  valueDate: fc.integer({ min: -30, max: 800 }).map((d) => addDays('2026-03-31', d)),
});

describe('penaltyFen, as properties', () => {
  it('is never negative, and exact to half a 分', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = penaltyFen(i);
        const days = BigInt(Math.max(0, (Date.parse(i.valueDate) - Date.parse(i.dueDate)) / 86_400_000));
        const [rn, rd] = [BigInt(Math.round(Number(i.annualRate) * 10_000)), 10_000n];
        const [mn, md] = [BigInt(Math.round(Number(i.markup) * 10)), 10n];
        // |p − exact| ≤ ½ ⇔ |2·p·den − 2·num| ≤ den
        const num = i.overdueFen * rn * (md + mn) * days;
        const den = rd * md * BigInt(i.dayCountBasis);
        const gap = 2n * p * den - 2n * num;
        expect(p >= 0n).toBe(true);
        expect(gap <= den && -gap <= den).toBe(true);
      }),
    );
  });

  it('grows with the days and with the amount overdue', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 100 }), fc.bigInt({ min: 0n, max: 10n ** 9n }), (i, more, extra) => {
        const p = penaltyFen(i);
        expect(penaltyFen({ ...i, valueDate: addDays(i.valueDate, more) }) >= p).toBe(true);
        expect(penaltyFen({ ...i, overdueFen: i.overdueFen + extra }) >= p).toBe(true);
      }),
    );
  });

  it('of two amounts together is the sum of each, within one 分', () => {
    fc.assert(
      fc.property(input, fc.bigInt({ min: 0n, max: 10n ** 12n }), (i, other) => {
        const gap =
          penaltyFen({ ...i, overdueFen: i.overdueFen + other }) -
          penaltyFen(i) -
          penaltyFen({ ...i, overdueFen: other });
        expect(gap >= -1n && gap <= 1n).toBe(true);
      }),
    );
  });
});
