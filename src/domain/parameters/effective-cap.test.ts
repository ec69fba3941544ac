import { describe, expect, it } from 'vitest';
import { type CapSource, type CapSourceName, effectiveCap } from './effective-cap';

const WAN = 1_000_000n; // 1 万元 in 分

type Case = [
  string,
  Partial<Record<CapSourceName, CapSource | null>>,
  [bigint, CapSourceName] | null,
  [string, CapSourceName] | null,
  [number, CapSourceName] | null,
];

describe('effectiveCap', () => {
  it.each<Case>([
    [
      'all three set: each cap is the smallest',
      {
        product: { singleMaxAmount: 5000n * WAN, maxFinancingRatio: '0.9000', maxTermDays: 360 },
        subsidiary: { singleMaxAmount: 3000n * WAN, maxFinancingRatio: '0.8500', maxTermDays: 180 },
        summary: { singleMaxAmount: 4000n * WAN, maxFinancingRatio: '0.8000', maxTermDays: 270 },
      },
      [3000n * WAN, 'subsidiary'],
      ['0.8000', 'summary'],
      [180, 'subsidiary'],
    ],
    [
      'missing values are ignored, not read as zero',
      {
        product: { maxTermDays: 90 },
        subsidiary: { singleMaxAmount: null, maxFinancingRatio: '' },
        summary: { maxFinancingRatio: '0.8' },
      },
      null,
      ['0.8000', 'summary'],
      [90, 'product'],
    ],
    [
      'a missing source is ignored',
      { product: null, summary: { singleMaxAmount: 1n, maxTermDays: 30 } },
      [1n, 'summary'],
      null,
      [30, 'summary'],
    ],
    ['nothing set: no cap', {}, null, null, null],
    [
      'a tie binds the first source in product, subsidiary, summary order',
      {
        product: { maxFinancingRatio: '0.80' },
        subsidiary: { maxFinancingRatio: '0.8000' },
        summary: { maxFinancingRatio: '0.8' },
      },
      null,
      ['0.8000', 'product'],
      null,
    ],
    [
      'ratios compare exactly, not as floats (0.7 + a hair vs 0.7)',
      { product: { maxFinancingRatio: '0.7001' }, subsidiary: { maxFinancingRatio: '0.7' } },
      null,
      ['0.7000', 'subsidiary'],
      null,
    ],
    [
      'money beyond 2^53 分 compares exactly',
      { product: { singleMaxAmount: 9_007_199_254_740_993n }, summary: { singleMaxAmount: 9_007_199_254_740_992n } },
      [9_007_199_254_740_992n, 'summary'],
      null,
      null,
    ],
    [
      'a zero cap binds (it is a value, not a missing one)',
      { product: { singleMaxAmount: 0n, maxTermDays: 0 }, subsidiary: { singleMaxAmount: 10n, maxTermDays: 10 } },
      [0n, 'product'],
      null,
      [0, 'product'],
    ],
  ])('%s', (_, sources, amount, ratio, term) => {
    const cap = effectiveCap(sources);
    expect(cap.singleMaxAmount && [cap.singleMaxAmount.value, cap.singleMaxAmount.from]).toEqual(amount);
    expect(cap.maxFinancingRatio && [cap.maxFinancingRatio.value, cap.maxFinancingRatio.from]).toEqual(ratio);
    expect(cap.maxTermDays && [cap.maxTermDays.value, cap.maxTermDays.from]).toEqual(term);
  });

  it('refuses a ratio that is not a decimal of at most four places', () => {
    expect(() => effectiveCap({ product: { maxFinancingRatio: '0.1+0.2' } })).toThrow(RangeError);
    expect(() => effectiveCap({ product: { maxFinancingRatio: '0.80001' } })).toThrow(RangeError);
    expect(() => effectiveCap({ product: { maxFinancingRatio: '-0.5' } })).toThrow(RangeError);
  });
});
