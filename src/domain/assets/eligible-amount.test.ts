import { describe, expect, it } from 'vitest';
import { confirmableAmount, eligibleAmount } from './eligible-amount';

describe('eligibleAmount (BUSINESS.md §3)', () => {
  it('is confirmed − paid − reserved − financed', () => {
    // 确权 100 万元, 已付 20 万, 占用 30 万, 已融资 10 万 → 40 万元 eligible.
    expect(
      eligibleAmount({
        confirmedAmount: 100_000_000n,
        paidAmount: 20_000_000n,
        reservedAmount: 30_000_000n,
        financedAmount: 10_000_000n,
      }),
    ).toBe(40_000_000n);
  });

  it('is zero before confirmation and never negative', () => {
    expect(eligibleAmount({ confirmedAmount: null, paidAmount: 0n, reservedAmount: 0n, financedAmount: 0n })).toBe(0n);
    expect(
      eligibleAmount({
        confirmedAmount: 50_000_000n,
        paidAmount: 30_000_000n,
        reservedAmount: 30_000_000n,
        financedAmount: 0n,
      }),
    ).toBe(0n);
  });

  it('keeps every 分', () => {
    expect(
      eligibleAmount({ confirmedAmount: 123_456_789n, paidAmount: 1n, reservedAmount: 2n, financedAmount: 3n }),
    ).toBe(123_456_783n);
  });
});

describe('confirmableAmount', () => {
  it('is the receivable not yet paid, at least zero', () => {
    expect(confirmableAmount({ receivableAmount: 100_000_000, paidAmount: 20_000_000 })).toBe(80_000_000);
    expect(confirmableAmount({ receivableAmount: 10, paidAmount: 20 })).toBe(0);
  });
});
