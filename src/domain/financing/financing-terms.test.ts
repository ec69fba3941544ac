import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveCap } from '../parameters/effective-cap';
import {
  amountLimit,
  type FinancingTerms,
  ratioLimit,
  type TermsBounds,
  TermsMessage,
  termRange,
  termsLimits,
  termsProblems,
} from './financing-terms';

const bounds: TermsBounds = {
  cap: effectiveCap({
    product: { maxFinancingRatio: '0.8500', maxTermDays: 300 },
    subsidiary: { singleMaxAmount: 3_000_000_000n, maxFinancingRatio: '0.8000', maxTermDays: 180 },
  }),
  product: {
    minRate: '0.0500',
    maxRate: '0.1200',
    termMinDays: 60,
    termMaxDays: 300,
    maxFinancingRatio: '0.8500',
    repaymentMethods: ['BULLET', 'INTEREST_FIRST'],
  },
  applyAmountFen: 50_000_000_00n,
};

const good: FinancingTerms = {
  amountFen: 3_000_000_000n,
  annualRate: '0.0800',
  termDays: 180,
  financingRatio: '0.8000',
  repaymentMethod: 'BULLET',
};

const messageOf = (terms: Partial<FinancingTerms>, field: keyof FinancingTerms, b: TermsBounds = bounds) =>
  termsLimits({ ...good, ...terms }, b).find((l) => l.field === field)?.message;

describe('termsLimits', () => {
  it('every limit is listed beside its field, with none broken by terms inside them', () => {
    const limits = termsLimits(good, bounds, '批复');
    expect(limits.map((l) => [l.field, l.limit, l.message])).toEqual([
      ['amountFen', '不超过申请金额50,000,000.00元、单笔上限30,000,000.00元', null],
      ['annualRate', '5.00%至12.00%', null],
      ['termDays', '60至180天', null],
      ['financingRatio', '不超过80%', null],
      ['repaymentMethod', '到期一次还本付息、先息后本', null],
    ]);
    expect(limits[0]!.label).toBe('批复金额');
  });

  it('the binding figures: the smallest of cap, product, applied and the hard limits', () => {
    expect(termRange(bounds)).toEqual({ min: 60, max: 180 });
    expect(ratioLimit(bounds)).toBe('0.8000');
    expect(amountLimit(bounds)).toBe(3_000_000_000n);
    const loose: TermsBounds = {
      ...bounds,
      cap: effectiveCap({}),
      product: { ...bounds.product, termMinDays: 10, termMaxDays: 720, maxFinancingRatio: '0.9500' },
      applyAmountFen: 100n,
    };
    expect(termRange(loose)).toEqual({ min: 30, max: 360 });
    expect(ratioLimit(loose)).toBe('0.9000');
    expect(amountLimit(loose)).toBe(100n);
  });

  it('amount: positive, ≤ applied, ≤ the single cap — exactly at each boundary', () => {
    expect(messageOf({ amountFen: 3_000_000_000n }, 'amountFen')).toBeNull();
    expect(messageOf({ amountFen: 3_000_000_001n }, 'amountFen')).toBe(TermsMessage.overSingle('融资', 3_000_000_000n));
    expect(messageOf({ amountFen: 0n }, 'amountFen')).toBe('融资金额须大于0');
    const small = { ...bounds, applyAmountFen: 1_000_000n };
    expect(messageOf({ amountFen: 1_000_001n }, 'amountFen', small)).toBe('融资金额不得超过申请金额10,000.00元');
  });

  it('rate within the product range, inclusive', () => {
    expect(messageOf({ annualRate: '0.05' }, 'annualRate')).toBeNull();
    expect(messageOf({ annualRate: '0.1200' }, 'annualRate')).toBeNull();
    expect(messageOf({ annualRate: '0.1201' }, 'annualRate')).toBe('年利率须在产品利率区间5.00%至12.00%之间');
    expect(messageOf({ annualRate: '0.0499' }, 'annualRate')).not.toBeNull();
    expect(messageOf({ annualRate: 'abc' }, 'annualRate')).not.toBeNull();
  });

  it('term within the binding range; ratio above 0 and at most the binding one; method among the product’s', () => {
    expect(messageOf({ termDays: 60 }, 'termDays')).toBeNull();
    expect(messageOf({ termDays: 59 }, 'termDays')).toBe('期限须在60至180天之间');
    expect(messageOf({ termDays: 181 }, 'termDays')).toBe('期限须在60至180天之间');
    expect(messageOf({ financingRatio: '0.8001' }, 'financingRatio')).toBe('融资比例不得超过80%');
    expect(messageOf({ financingRatio: '0' }, 'financingRatio')).toBe('融资比例不得超过80%');
    expect(messageOf({ repaymentMethod: 'EQUAL_INSTALLMENT' }, 'repaymentMethod')).toBe(TermsMessage.method);
  });

  it('values not typed yet are not held against the limits (the form says they are required)', () => {
    const empty = { amountFen: null, annualRate: null, termDays: null, financingRatio: null, repaymentMethod: null };
    expect(termsProblems(empty, bounds)).toEqual([]);
  });

  it('termsProblems lists the broken limits in field order', () => {
    expect(termsProblems({ ...good, amountFen: 3_000_000_001n, termDays: 400 }, bounds)).toEqual([
      TermsMessage.overSingle('融资', 3_000_000_000n),
      '期限须在60至180天之间',
    ]);
  });
});

describe('termsLimits — properties', () => {
  const rate = fc.integer({ min: 0, max: 3000 }).map((u) => `0.${String(u).padStart(4, '0')}`);
  const terms = fc.record({
    amountFen: fc.bigInt({ min: -1n, max: 6_000_000_000n }),
    annualRate: rate,
    termDays: fc.integer({ min: 0, max: 400 }),
    financingRatio: fc.integer({ min: 0, max: 9_999 }).map((u) => `0.${String(u).padStart(4, '0')}`),
    repaymentMethod: fc.constantFrom('BULLET', 'INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL' as const),
  });
  const units = (r: string) => Number(r.replace('0.', ''));

  it('a value is refused exactly when it lies outside the binding limit shown beside it', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const byField = Object.fromEntries(termsLimits(t, bounds).map((l) => [l.field, l.message]));
        const amountOk = t.amountFen > 0n && t.amountFen <= amountLimit(bounds);
        const { min, max } = termRange(bounds);
        expect(byField.amountFen === null).toBe(amountOk);
        expect(byField.annualRate === null).toBe(units(t.annualRate) >= 500 && units(t.annualRate) <= 1200);
        expect(byField.termDays === null).toBe(t.termDays >= min && t.termDays <= max);
        expect(byField.financingRatio === null).toBe(
          units(t.financingRatio) > 0 && units(t.financingRatio) <= units(ratioLimit(bounds)),
        );
        expect(byField.repaymentMethod === null).toBe(['BULLET', 'INTEREST_FIRST'].includes(t.repaymentMethod));
      }),
    );
  });
});
