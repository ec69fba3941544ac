// Early and partial repayment: vectors checked with Python's fractions (interest to the value date, the fee on
// the balance, the later installments recomputed on their dates), the limits, and the rules as properties for
// every method.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EarlyRepaymentInput, earlyRepayment } from './early-repayment';
import { addDays, buildRepaymentSchedule, daysBetween, type RepaymentMethod } from './repayment-schedule';

// 120,000.00 at 6 %, 12 periods from 2026-01-15; periods 1 and 2 paid, 100,495.42 left.
const loan = buildRepaymentSchedule({
  principalFen: 120_000_00n,
  annualRate: '0.0600',
  method: 'EQUAL_INSTALLMENT',
  loanDate: '2026-01-15',
  periods: 12,
  dayCountBasis: 360,
});
const base: EarlyRepaymentInput = {
  method: 'EQUAL_INSTALLMENT',
  annualRate: '0.0600',
  dayCountBasis: 360,
  earlyRepayFeeRate: '0.005',
  loanDate: '2026-01-15',
  remaining: loan.installments.slice(2),
  valueDate: '2026-03-15',
  amountFen: 50_502_48n,
};

describe('earlyRepayment', () => {
  it('on a due date: no interest, the fee on the balance, ten installments recomputed from 50,495.42', () => {
    const r = earlyRepayment(base);
    expect([r.interestFen, r.feeFen, r.principalFen, r.unappliedFen]).toEqual([0n, 502_48n, 50_000_00n, 0n]);
    expect(r.installments).toHaveLength(10);
    expect(r.installments[0]).toEqual({
      periodNo: 3,
      startDate: '2026-03-15',
      dueDate: '2026-04-15',
      principalFen: 4_936_96n,
      interestFen: 252_48n,
      totalFen: 5_189_44n,
    });
    expect(r.installments[1]?.interestFen).toBe(227_79n);
    expect(r.installments[9]).toMatchObject({ periodNo: 12, principalFen: 5_163_64n, interestFen: 25_82n });
    expect(r.installments.reduce((s, i) => s + i.interestFen, 0n)).toBe(1_399_00n);
  });

  it('inside a period: interest on the balance to the value date, the broken rest by days', () => {
    const r = earlyRepayment({ ...base, valueDate: '2026-04-01', amountFen: 50_000_00n + 284_74n + 502_48n });
    expect([r.interestFen, r.feeFen, r.principalFen, r.unappliedFen]).toEqual([284_74n, 502_48n, 50_000_00n, 0n]);
    expect(r.installments[0]).toMatchObject({
      startDate: '2026-04-01',
      dueDate: '2026-04-15',
      principalFen: 5_071_62n,
      interestFen: 117_82n,
    });
    expect(r.installments[1]).toMatchObject({ startDate: '2026-04-15', principalFen: 4_962_32n, interestFen: 227_12n });
    expect(r.installments[9]).toMatchObject({ principalFen: 5_023_52n, interestFen: 25_12n });
  });

  it('pays a bullet loan off with 90 days of interest, and what is more stays unapplied', () => {
    const bullet = buildRepaymentSchedule({
      principalFen: 1_000_000_00n,
      annualRate: '0.0600',
      method: 'BULLET',
      loanDate: '2026-01-01',
      dueDate: '2026-07-01',
      dayCountBasis: 360,
    });
    const input = {
      ...base,
      method: 'BULLET' as const,
      earlyRepayFeeRate: '0',
      loanDate: '2026-01-01',
      remaining: bullet.installments,
      valueDate: '2026-04-01',
    };
    expect(earlyRepayment({ ...input, amountFen: 1_015_100_00n })).toEqual({
      interestFen: 15_000_00n,
      feeFen: 0n,
      principalFen: 1_000_000_00n,
      unappliedFen: 100_00n,
      installments: [],
    });
    const half = earlyRepayment({ ...input, amountFen: 515_000_00n });
    expect(half.principalFen).toBe(500_000_00n);
    // 500,000.00 × 6 % × 91 / 360 = 7,583.33
    expect(half.installments).toEqual([
      {
        periodNo: 1,
        startDate: '2026-04-01',
        dueDate: '2026-07-01',
        principalFen: 500_000_00n,
        interestFen: 7_583_33n,
        totalFen: 507_583_33n,
      },
    ]);
  });

  it('keeps 先息后本 interest-only until the last period, and 等额本金 parts equal', () => {
    const schedule = (method: RepaymentMethod) =>
      buildRepaymentSchedule({
        principalFen: 120_000_00n,
        annualRate: '0.0600',
        method,
        loanDate: '2026-01-15',
        periods: 12,
        dayCountBasis: 360,
      });
    const first = earlyRepayment({
      ...base,
      method: 'INTEREST_FIRST',
      remaining: schedule('INTEREST_FIRST').installments.slice(2),
      amountFen: 60_600_00n,
    });
    expect(first.principalFen).toBe(60_000_00n);
    expect(first.installments.map((i) => i.principalFen)).toEqual([...Array(9).fill(0n), 60_000_00n]);
    // 60,000.00 × 6 % × 31 / 360 from 03-15 to 04-15
    expect(first.installments[0]?.interestFen).toBe(310_00n);
    const equal = earlyRepayment({
      ...base,
      method: 'EQUAL_PRINCIPAL',
      remaining: schedule('EQUAL_PRINCIPAL').installments.slice(2),
      amountFen: 50_500_00n,
    });
    expect(equal.principalFen).toBe(50_000_00n);
    expect(equal.installments.map((i) => i.principalFen)).toEqual([...Array(9).fill(5_000_00n), 5_000_00n]);
    expect(equal.installments[0]?.interestFen).toBe(250_00n);
  });

  it('never lets a tiny balance over many periods pay more principal than is left', () => {
    const r = earlyRepayment({ ...base, annualRate: '0', earlyRepayFeeRate: '0', amountFen: 100_495_42n - 5n });
    // 0.05 over 10 periods: 0.005 a period, rounded up to 0.01, until nothing is left.
    expect(r.installments.map((i) => i.principalFen)).toEqual([1n, 1n, 1n, 1n, 1n, 0n, 0n, 0n, 0n, 0n]);
  });

  it('prepays nothing and charges nothing when the payment does not cover interest and fee', () => {
    const r = earlyRepayment({ ...base, amountFen: 502_48n });
    expect(r).toEqual({
      interestFen: 0n,
      feeFen: 0n,
      principalFen: 0n,
      unappliedFen: 502_48n,
      installments: base.remaining,
    });
    expect(earlyRepayment({ ...base, amountFen: 502_49n }).principalFen).toBe(1n);
  });

  it('refuses a negative payment, a loan with nothing left, and a value date outside the current period', () => {
    expect(() => earlyRepayment({ ...base, amountFen: -1n })).toThrow('还款金额不能为负');
    expect(() => earlyRepayment({ ...base, remaining: [] })).toThrow('没有未还的本金，无须提前还款');
    const paidUp = base.remaining.map((i) => ({ ...i, principalFen: 0n }));
    expect(() => earlyRepayment({ ...base, remaining: paidUp })).toThrow('没有未还的本金，无须提前还款');
    expect(() => earlyRepayment({ ...base, valueDate: '2026-03-14' })).toThrow('起息日须在当期之内');
    expect(() => earlyRepayment({ ...base, valueDate: '2026-04-15' })).toThrow('起息日须在当期之内');
    expect(earlyRepayment({ ...base, valueDate: '2026-04-14' }).interestFen).toBe(502_48n);
  });
});

const METHODS: RepaymentMethod[] = ['BULLET', 'INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL'];

describe('earlyRepayment, as properties', () => {
  const scenario = fc
    .record({
      method: fc.constantFrom(...METHODS),
      principalFen: fc.bigInt({ min: 1n, max: 10n ** 10n }),
      bp: fc.integer({ min: 0, max: 2400 }),
      periods: fc.integer({ min: 1, max: 36 }),
      paid: fc.integer({ min: 0, max: 35 }),
      into: fc.integer({ min: 0, max: 27 }),
      feeBp: fc.integer({ min: 0, max: 300 }),
      basis: fc.constantFrom(360 as const, 365 as const),
      amount: fc.bigInt({ min: 0n, max: 2n * 10n ** 10n }),
    })
    .map((s) => {
      const annualRate = (s.bp / 10_000).toFixed(4);
      const loanDate = '2026-01-31';
      const schedule = buildRepaymentSchedule({
        principalFen: s.principalFen,
        annualRate,
        method: s.method,
        loanDate,
        periods: s.periods,
        dueDate: addDays(loanDate, 30 * s.periods),
        dayCountBasis: s.basis,
      });
      const remaining = schedule.installments.slice(Math.min(s.paid, schedule.installments.length - 1));
      const first = remaining[0] as (typeof remaining)[number];
      const valueDate = addDays(first.startDate, s.into % daysBetween(first.startDate, first.dueDate));
      const input: EarlyRepaymentInput = {
        method: s.method,
        annualRate,
        dayCountBasis: s.basis,
        earlyRepayFeeRate: (s.feeBp / 10_000).toFixed(4),
        loanDate,
        remaining,
        valueDate,
        amountFen: s.amount,
      };
      return input;
    })
    // A loan so small that its earlier installments took all the principal has nothing left to prepay.
    .filter((input) => input.remaining.some((i) => i.principalFen > 0n));

  it('shares the payment exactly, keeps the dates, and leaves the balance less what was prepaid', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const r = earlyRepayment(input);
        const before = input.remaining.reduce((s, i) => s + i.principalFen, 0n);
        const after = r.installments.reduce((s, i) => s + i.principalFen, 0n);
        expect(r.interestFen + r.feeFen + r.principalFen + r.unappliedFen).toBe(input.amountFen);
        expect(after + r.principalFen).toBe(before);
        for (const v of [r.interestFen, r.feeFen, r.principalFen, r.unappliedFen]) expect(v >= 0n).toBe(true);
        if (r.unappliedFen > 0n && r.principalFen > 0n) expect(r.installments).toEqual([]);
        if (after === 0n) expect(r.installments).toEqual([]);
        else {
          expect(r.installments.map((i) => [i.periodNo, i.dueDate])).toEqual(
            input.remaining.map((i) => [i.periodNo, i.dueDate]),
          );
          r.installments.forEach((i, k) => {
            expect(i.startDate).toBe(
              k === 0 && r.principalFen > 0n ? input.valueDate : (input.remaining[k]?.startDate as string),
            );
            expect(i.principalFen >= 0n && i.interestFen >= 0n && i.totalFen === i.principalFen + i.interestFen).toBe(
              true,
            );
          });
        }
      }),
    );
  });

  it('pays everything off when the payment covers balance, interest and fee', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const probe = earlyRepayment({ ...input, amountFen: 10n ** 12n });
        const owed = 10n ** 12n - probe.unappliedFen;
        const r = earlyRepayment({ ...input, amountFen: owed });
        expect(r.installments).toEqual([]);
        expect(r.unappliedFen).toBe(0n);
      }),
    );
  });
});
