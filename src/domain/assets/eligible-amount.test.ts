import { describe, expect, it } from 'vitest';
import { confirmableAmount, eligibleAmount } from './eligible-amount';

describe('eligibleAmount (BUSINESS.md §3)', () => {
  it('is confirmed − paid − reserved − financed', () => {
    // 确权 100 万元, 已付 20 万, 占用 30 万, 已融资 10 万 → 40 万元 eligible.
    expect(
      eligibleAmount({
        confirmedAmount: 100_000_000,
        paidAmount: 20_000_000,
        reservedAmount: 30_000_000,
        financedAmount: 10_000_000,
      }),
    ).toBe(40_000_000);
  });

  it('is zero before confirmation and never negative', () => {
    expect(eligibleAmount({ confirmedAmount: null, paidAmount: 0, reservedAmount: 0, financedAmount: 0 })).toBe(0);
    expect(
      eligibleAmount({
        confirmedAmount: 50_000_000,
        paidAmount: 30_000_000,
        reservedAmount: 30_000_000,
        financedAmount: 0,
      }),
    ).toBe(0);
  });

  it('keeps every 分', () => {
    expect(eligibleAmount({ confirmedAmount: 123_456_789, paidAmount: 1, reservedAmount: 2, financedAmount: 3 })).toBe(
      123_456_783,
    );
  });
});

describe('confirmableAmount', () => {
  it('is the receivable not yet paid, at least zero', () => {
    expect(confirmableAmount({ receivableAmount: 100_000_000, paidAmount: 20_000_000 })).toBe(80_000_000);
    expect(confirmableAmount({ receivableAmount: 10, paidAmount: 20 })).toBe(0);
  });
});
