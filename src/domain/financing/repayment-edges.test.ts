// The repayment schedule's inputs at their limits (a rate, a date, the principal, the due date and the number
// of periods, each refused with its words just past the limit and taken at it), the instalments numbered from
// 1 in every method, and 等额本息 on a loan so small that one period's payment could exceed what is left.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  buildRepaymentSchedule,
  daysBetween,
  rateFraction,
  type RepaymentMethod,
  roundHalfUp,
  type ScheduleInput,
} from './repayment-schedule';

const base: ScheduleInput = {
  principalFen: 120_000_00n,
  annualRate: '0.0600',
  method: 'EQUAL_INSTALLMENT',
  loanDate: '2026-01-15',
  periods: 12,
  dayCountBasis: 360,
};

describe('rateFraction', () => {
  it('reads a decimal exactly, around spaces, with or without a fraction', () => {
    expect(rateFraction(' 0.0600 ')).toEqual({ n: 600n, d: 10_000n });
    expect(rateFraction('12.5')).toEqual({ n: 125n, d: 10n });
    expect(rateFraction('1')).toEqual({ n: 1n, d: 1n });
  });

  it('refuses anything else with its words', () => {
    for (const bad of ['abc', '0.06%', 'x0.06', '1.', '.5', '-0.06', ''])
      expect(() => rateFraction(bad), bad).toThrow(`不是合法的利率：${bad}`);
  });
});

describe('roundHalfUp', () => {
  it('rounds half up, from zero', () => {
    expect(roundHalfUp(0n, 1n)).toBe(0n);
    expect(roundHalfUp(1n, 2n)).toBe(1n);
    expect(roundHalfUp(5n, 1n)).toBe(5n);
  });

  it('refuses a negative numerator and a denominator that is not positive', () => {
    const words = 'roundHalfUp expects n ≥ 0 and d > 0';
    expect(() => roundHalfUp(-1n, 2n)).toThrow(words);
    expect(() => roundHalfUp(1n, 0n)).toThrow(words);
    expect(() => roundHalfUp(1n, -2n)).toThrow(words);
  });
});

describe('dates', () => {
  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => daysBetween('2026-1-1', '2026-02-01')).toThrow('不是合法的日期：2026-1-1');
    expect(() => daysBetween('2026-01-01', '20260201')).toThrow('不是合法的日期：20260201');
    expect(() => addMonths('2026/01/31', 1)).toThrow('不是合法的日期：2026/01/31');
  });
});

describe('buildRepaymentSchedule at its limits', () => {
  it('needs a principal of at least one 分', () => {
    expect(() => buildRepaymentSchedule({ ...base, principalFen: 0n })).toThrow('本金须大于0');
    expect(() => buildRepaymentSchedule({ ...base, principalFen: -1n })).toThrow('本金须大于0');
    expect(buildRepaymentSchedule({ ...base, principalFen: 1n }).installments).toHaveLength(12);
  });

  it('到期一次还本付息 needs a due date at least one day after the loan', () => {
    const bullet = { ...base, method: 'BULLET' as const, loanDate: '2026-03-01' };
    expect(() => buildRepaymentSchedule({ ...bullet, dueDate: undefined })).toThrow('到期一次还本付息须有到期日');
    expect(() => buildRepaymentSchedule({ ...bullet, dueDate: '2026-03-01' })).toThrow('到期日须晚于起息日');
    expect(() => buildRepaymentSchedule({ ...bullet, dueDate: '2026-02-28' })).toThrow('到期日须晚于起息日');
    // One day of interest on 120,000.00 at 6 % / 360: 20.00.
    expect(buildRepaymentSchedule({ ...bullet, dueDate: '2026-03-02' }).totalInterestFen).toBe(2_000n);
  });

  it('takes 1 to 360 whole periods', () => {
    for (const periods of [0, -1, 361, 1.5, undefined])
      expect(() => buildRepaymentSchedule({ ...base, periods }), String(periods)).toThrow('期数须为1到360的整数');
    expect(buildRepaymentSchedule({ ...base, periods: 1 }).installments).toHaveLength(1);
    expect(buildRepaymentSchedule({ ...base, periods: 360 }).installments).toHaveLength(360);
  });

  it('numbers the instalments from 1 in every method (property)', () => {
    const methods: RepaymentMethod[] = ['INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL'];
    fc.assert(
      fc.property(fc.constantFrom(...methods), fc.integer({ min: 1, max: 36 }), (method, periods) => {
        const { installments } = buildRepaymentSchedule({ ...base, method, periods });
        expect(installments.map((i) => i.periodNo)).toEqual(Array.from({ length: periods }, (_, i) => i + 1));
      }),
    );
  });

  it('等额本息 pays the payment less the interest while that is no more than what is left', () => {
    // 3 分 at 1200 % a year (1 a month) over 2 months: the payment is 4 分; the first month's interest is 3 分,
    // so 1 分 of principal, and the last month takes the 2 分 left with 2 分 of interest.
    const { installments } = buildRepaymentSchedule({ ...base, principalFen: 3n, annualRate: '12', periods: 2 });
    expect(installments.map((i) => [i.principalFen, i.interestFen])).toEqual([
      [1n, 3n],
      [2n, 2n],
    ]);
  });

  it('等额本息 keeps the payment equal until the last period', () => {
    const { installments } = buildRepaymentSchedule(base);
    for (const i of installments.slice(0, -1)) expect(i.totalFen).toBe(1_032_797n);
  });
});
