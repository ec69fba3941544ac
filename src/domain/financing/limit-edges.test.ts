// The financing limits and the make pages' forms at their edges: a value exactly at a limit is taken and one
// step past it refused, with the exact words; ratios and rates read in any number of places; the limits that
// are not set do not bind. Counterparts of the rules' own tests, for the boundaries those leave open.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveCap } from '../parameters/effective-cap';
import { fenToYuanText, lineFigures, totals } from './financing-application-form';
import {
  amountLimit,
  type FinancingTerms,
  ratioLimit,
  type TermsBounds,
  TermsMessage,
  termsLimits,
} from './financing-terms';
import { PreCreditFormMessage, readPreCreditForm, yuanText } from './pre-credit-form';
import { financingRatio, PreCreditMessage, ratioPercent, submitPreCreditProblems } from './pre-credit-rules';

describe('ratios in any number of places', () => {
  it('a ratio is shown in percent with its places, none when whole', () => {
    expect(ratioPercent('0.8000')).toBe('80%');
    expect(ratioPercent('0.8')).toBe('80%');
    expect(ratioPercent('0.7550')).toBe('75.5%');
    expect(ratioPercent('0.7505')).toBe('75.05%');
    // Past four places the rest is cut, not rounded.
    expect(ratioPercent('0.755599')).toBe('75.55%');
    expect(ratioPercent('abc')).toBe('0%');
    expect(ratioPercent('-0.5')).toBe('0%');
  });

  it('the binding ratio is written with four places, at most the hard maximum', () => {
    expect(financingRatio('0.75')).toBe('0.7500');
    expect(financingRatio('0.05')).toBe('0.0500');
    expect(financingRatio('0.855')).toBe('0.8550');
    expect(financingRatio('0.9')).toBe('0.9000');
    expect(financingRatio('0.90001')).toBe('0.9000');
    expect(financingRatio('0.95')).toBe('0.9000');
    expect(financingRatio(null)).toBe('0.8000');
    expect(financingRatio('abc')).toBe('0.8000');
  });
});

describe('提交 of a pre-credit without orders', () => {
  it('is refused for the missing orders alone, not for a ceiling of nothing', () => {
    const problems = submitPreCreditProblems({
      supplierId: 'sup',
      applyAmount: 100_00,
      basisOrderIds: [],
      orders: [],
      today: '2026-11-26',
    });
    expect(problems).toEqual([PreCreditMessage.noOrders]);
  });
});

const bounds = (cap: Parameters<typeof effectiveCap>[0], extra: Partial<TermsBounds['product']> = {}): TermsBounds => ({
  cap: effectiveCap(cap),
  product: {
    minRate: '0.0500',
    maxRate: '0.1200',
    termMinDays: 60,
    termMaxDays: 300,
    maxFinancingRatio: '0.8500',
    repaymentMethods: ['BULLET'],
    ...extra,
  },
  applyAmountFen: 1_000_000_00n,
});
const good: FinancingTerms = {
  amountFen: 500_000_00n,
  annualRate: '0.0800',
  termDays: 180,
  financingRatio: '0.8000',
  repaymentMethod: 'BULLET',
};
const limitOf = (b: TermsBounds, field: keyof FinancingTerms, terms: Partial<FinancingTerms> = {}) =>
  termsLimits({ ...good, ...terms }, b).find((l) => l.field === field)!;

describe('financing terms without a cap', () => {
  const open = bounds({});

  it('bind the amount applied for alone, taken exactly and refused one 分 over', () => {
    expect(amountLimit(open)).toBe(1_000_000_00n);
    expect(limitOf(open, 'amountFen', { amountFen: 1_000_000_00n }).message).toBeNull();
    expect(limitOf(open, 'amountFen', { amountFen: 1_000_000_01n }).message).toBe(
      TermsMessage.overApplied('融资', 1_000_000_00n),
    );
    expect(limitOf(open, 'amountFen').limit).not.toContain('单笔上限');
  });

  it('a single cap above the amount applied for does not bind; one below does, exactly', () => {
    const high = bounds({ subsidiary: { singleMaxAmount: 2_000_000_00n } });
    expect(amountLimit(high)).toBe(1_000_000_00n);
    const low = bounds({ subsidiary: { singleMaxAmount: 300_000_00n } });
    expect(amountLimit(low)).toBe(300_000_00n);
    expect(limitOf(low, 'amountFen', { amountFen: 300_000_00n }).message).toBeNull();
    expect(limitOf(low, 'amountFen', { amountFen: 300_000_01n }).message).toBe(
      TermsMessage.overSingle('融资', 300_000_00n),
    );
  });

  it('the lowest ratio binds, the first named when two are equal', () => {
    expect(ratioLimit(bounds({}, { maxFinancingRatio: '0.9' }))).toBe('0.9000');
    expect(ratioLimit(bounds({ subsidiary: { maxFinancingRatio: '0.8000' } }, { maxFinancingRatio: '0.7000' }))).toBe(
      '0.7000',
    );
    expect(ratioLimit(bounds({ subsidiary: { maxFinancingRatio: '0.7000' } }, { maxFinancingRatio: '0.8000' }))).toBe(
      '0.7000',
    );
  });

  it('an empty list of repayment methods allows any', () => {
    expect(
      limitOf(bounds({}, { repaymentMethods: [] }), 'repaymentMethod', { repaymentMethod: 'EQUAL_PRINCIPAL' }).message,
    ).toBeNull();
    expect(limitOf(bounds({}), 'repaymentMethod', { repaymentMethod: 'EQUAL_PRINCIPAL' }).message).toBe(
      TermsMessage.method,
    );
  });

  it('rates are shown in percent with two places, whatever places they were stored with', () => {
    expect(limitOf(bounds({}, { minRate: '0.05', maxRate: '0.120000' }), 'annualRate').limit).toBe('5.00%至12.00%');
    expect(limitOf(bounds({}, { minRate: 'abc' }), 'annualRate').limit).toBe('abc至12.00%');
  });
});

describe('the 申请预授信 form', () => {
  const texts = { supplierId: 's', projectCompanyId: '', amount: '100.00', validDays: '90' };

  it('takes a validity of 1 to 365 days, digits only', () => {
    for (const validDays of ['1', '365', ' 90 '])
      expect(readPreCreditForm({ ...texts, validDays }, []).errors, validDays).toEqual({});
    for (const validDays of ['0', '366', '1000', 'a90', '90d', '-1', ''])
      expect(readPreCreditForm({ ...texts, validDays }, []).errors.validDays, validDays).toBe(
        PreCreditFormMessage.validDays,
      );
  });

  it('validity at the threshold: n days are taken exactly when 1 ≤ n ≤ 365 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), (n) => {
        const { form } = readPreCreditForm({ ...texts, validDays: String(n) }, []);
        expect(form?.validDays ?? null).toBe(n >= 1 && n <= 365 ? n : null);
      }),
    );
  });

  it('takes an amount up to the largest safe number of 分 and refuses one 分 more', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const { form } = readPreCreditForm({ ...texts, amount: yuanText(max) }, []);
    expect(form?.applyAmount).toBe(max);
    expect(readPreCreditForm({ ...texts, amount: fenToYuanText(BigInt(max) + 1n) }, []).errors.amount).toBe(
      PreCreditFormMessage.amountFormat,
    );
  });

  it('gives no form while any field is wrong', () => {
    expect(readPreCreditForm({ ...texts, supplierId: '' }, [])).toEqual({
      form: null,
      errors: { supplierId: PreCreditFormMessage.supplier },
    });
  });

  it('shows 分 back as 元 with the sign', () => {
    expect(yuanText(-150)).toBe('-1.50');
    expect(yuanText(0)).toBe('0.00');
    expect(yuanText(5)).toBe('0.05');
  });
});

describe('the make page’s lines', () => {
  it('reads an amount typed with spaces around it, and none from spaces alone', () => {
    expect(lineFigures({ orderId: 'o', text: ' 100.00 ' }, 1_000_00, '0.8000').amount).toBe(100_00n);
    expect(lineFigures({ orderId: 'o', text: '   ' }, 1_000_00, '0.8000').amount).toBeNull();
  });

  it('totals only the amounts above zero', () => {
    const line = (amount: bigint | null) => ({ orderId: 'o', cap: 0n, amount, error: null });
    expect(totals([line(100n), line(0n), line(-50n), line(null), line(1n)], []).total).toBe(101n);
  });

  it('shows 分 back as 元 with the sign', () => {
    expect(fenToYuanText(-150n)).toBe('-1.50');
    expect(fenToYuanText(-5)).toBe('-0.05');
    expect(fenToYuanText(0)).toBe('0.00');
  });
});
