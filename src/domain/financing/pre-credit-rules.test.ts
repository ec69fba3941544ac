import { describe, expect, it } from 'vitest';
import {
  type BasisOrder,
  PreCreditExpiryMessage,
  PreCreditMessage,
  acceptDemandProblems,
  applicationOnPreCreditProblems,
  approvedAmountOf,
  approvedAmountProblem,
  expireProblems,
  financingRatio,
  hasFinanceableLife,
  preCreditCeiling,
  submitPreCreditProblems,
  validTo,
} from './pre-credit-rules';

const order = (over: Partial<BasisOrder> = {}): BasisOrder => ({
  orderId: 'o1',
  orderNo: 'FK001',
  supplierId: 's1',
  confirmStatus: 'CONFIRMED',
  locked: false,
  eligibleAmount: 1_000_000_00,
  dueDate: '2027-03-31',
  ...over,
});

describe('accepting a demand', () => {
  it('holds for a live supplier and figures within the limits', () => {
    expect(acceptDemandProblems({ supplierEnabled: true, expectedAmount: 1_000_000, expectedTermDays: 30 })).toEqual(
      [],
    );
    expect(
      acceptDemandProblems({ supplierEnabled: true, expectedAmount: 10_000_000_000, expectedTermDays: 360 }),
    ).toEqual([]);
  });
  it('refuses a disabled supplier, an amount or a term outside the limits', () => {
    expect(acceptDemandProblems({ supplierEnabled: false, expectedAmount: 999_999, expectedTermDays: 361 })).toEqual([
      PreCreditMessage.supplierGone,
      PreCreditMessage.demandAmount,
      PreCreditMessage.demandTerm,
    ]);
    expect(
      acceptDemandProblems({ supplierEnabled: true, expectedAmount: 10_000_000_001, expectedTermDays: 29 }),
    ).toEqual([PreCreditMessage.demandAmount, PreCreditMessage.demandTerm]);
  });
});

describe('the financing ratio', () => {
  it('defaults to 80 % and never exceeds the hard 90 %', () => {
    expect(financingRatio()).toBe('0.8000');
    expect(financingRatio(null)).toBe('0.8000');
    expect(financingRatio('0.75')).toBe('0.7500');
    expect(financingRatio('0.95')).toBe('0.9000');
    expect(financingRatio('not a ratio')).toBe('0.8000');
  });
  it('rounds the ceiling down to the 分, exactly', () => {
    expect(preCreditCeiling([{ eligibleAmount: 333 }], '0.8000')).toBe(266n);
    expect(preCreditCeiling([{ eligibleAmount: 100 }, { eligibleAmount: 25 }], '0.8000')).toBe(100n);
    // Beyond 2^53 分 the bigint stays exact.
    expect(preCreditCeiling([{ eligibleAmount: Number.MAX_SAFE_INTEGER }], '0.9000')).toBe(
      (BigInt(Number.MAX_SAFE_INTEGER) * 9000n) / 10000n,
    );
    expect(preCreditCeiling([{ eligibleAmount: -5 }], '0.8000')).toBe(0n);
  });
});

describe('submitting a pre-credit', () => {
  const base = { supplierId: 's1', basisOrderIds: ['o1'], orders: [order()], today: '2026-11-26' };
  it('holds at exactly the ceiling', () => {
    expect(submitPreCreditProblems({ ...base, applyAmount: 800_000_00 })).toEqual([]);
  });
  it('refuses one 分 over the ceiling, naming the ceiling and the ratio', () => {
    expect(submitPreCreditProblems({ ...base, applyAmount: 800_000_01 })).toEqual([
      PreCreditMessage.overCeiling(800_000_00n, ['0.8000']),
    ]);
    expect(PreCreditMessage.overCeiling(800_000_00n, ['0.8000'])).toContain('80%');
    expect(PreCreditMessage.overCeiling(800_000_00n, ['0.8000'])).toContain('800,000.00');
  });
  it('uses the effective cap when a parameter sets one', () => {
    expect(submitPreCreditProblems({ ...base, applyAmount: 700_000_00, ratio: '0.7000' })).toEqual([]);
    expect(submitPreCreditProblems({ ...base, applyAmount: 700_000_01, ratio: '0.7000' })).toHaveLength(1);
  });
  it('holds the amount to the effective single financing amount when one is set', () => {
    expect(submitPreCreditProblems({ ...base, applyAmount: 500_000_00, singleMax: 500_000_00n })).toEqual([]);
    expect(submitPreCreditProblems({ ...base, applyAmount: 500_000_01, singleMax: 500_000_00n })).toEqual([
      PreCreditMessage.overSingleMax(500_000_00n),
    ]);
    expect(submitPreCreditProblems({ ...base, applyAmount: 800_000_00, singleMax: null })).toEqual([]);
  });
  it('refuses a zero amount and no order', () => {
    expect(submitPreCreditProblems({ ...base, applyAmount: 0, basisOrderIds: [] })).toEqual([
      PreCreditMessage.amountPositive,
      PreCreditMessage.noOrders,
    ]);
  });
  it('refuses orders unconfirmed, locked, of another supplier or unknown', () => {
    const problems = submitPreCreditProblems({
      supplierId: 's1',
      applyAmount: 1,
      today: '2026-11-26',
      basisOrderIds: ['a', 'b', 'c', 'missing'],
      orders: [
        order({ orderId: 'a', orderNo: 'A', confirmStatus: 'UNCONFIRMED' }),
        order({ orderId: 'b', orderNo: 'B', locked: true }),
        order({ orderId: 'c', orderNo: 'C', supplierId: 's2' }),
      ],
    });
    expect(problems).toEqual([
      PreCreditMessage.orderUnconfirmed('A'),
      PreCreditMessage.orderLocked('B'),
      PreCreditMessage.orderGone('c'),
      PreCreditMessage.orderGone('missing'),
    ]);
  });
  it('sums every basis order', () => {
    const orders = [order({ orderId: 'a', eligibleAmount: 100_00 }), order({ orderId: 'b', eligibleAmount: 150_00 })];
    expect(submitPreCreditProblems({ ...base, applyAmount: 200_00, basisOrderIds: ['a', 'b'], orders })).toEqual([]);
  });
  it("holds each order to its own project company's ratio, whatever the screen filtered by", () => {
    // 苏州's order at 75 %, 南京's at 85 %: the ceiling is 75 + 85, not 2 × 85 (as a 全部 filter once let through).
    const orders = [
      order({ orderId: 'sz', orderNo: 'SZ', eligibleAmount: 100_00, ratio: '0.7500' }),
      order({ orderId: 'nj', orderNo: 'NJ', eligibleAmount: 100_00, ratio: '0.8500' }),
    ];
    const mixed = { ...base, basisOrderIds: ['sz', 'nj'], orders, ratio: '0.8500' };
    expect(submitPreCreditProblems({ ...mixed, applyAmount: 160_00 })).toEqual([]);
    expect(submitPreCreditProblems({ ...mixed, applyAmount: 160_01 })).toEqual([
      PreCreditMessage.overCeiling(160_00n, ['0.7500', '0.8500']),
    ]);
    expect(PreCreditMessage.overCeiling(160_00n, ['0.7500', '0.8500'])).toContain('各付款单项目公司的融资比例');
    // The same 苏州 order alone is held to 75 % whichever ratio the filter's company would have given.
    expect(submitPreCreditProblems({ ...mixed, basisOrderIds: ['sz'], applyAmount: 75_01, ratio: '0.9000' })).toEqual([
      PreCreditMessage.overCeiling(75_00n, ['0.7500']),
    ]);
    // An order whose company has no parameter takes the default 80 %, never the filter's ratio.
    const bare = [order({ orderId: 'x', eligibleAmount: 100_00, ratio: null })];
    expect(
      submitPreCreditProblems({ ...base, basisOrderIds: ['x'], orders: bare, applyAmount: 80_01, ratio: '0.9000' }),
    ).toHaveLength(1);
  });
  it('refuses an order past due or with under 30 days of life left', () => {
    const orders = [
      order({ orderId: 'past', orderNo: 'FKSZ20260009', dueDate: '2026-01-03' }),
      order({ orderId: 'short', orderNo: 'SHORT', dueDate: '2026-12-25' }),
      order({ orderId: 'ok', orderNo: 'OK', dueDate: '2026-12-26' }),
    ];
    const at = { ...base, orders, applyAmount: 1 };
    expect(submitPreCreditProblems({ ...at, basisOrderIds: ['past', 'short', 'ok'] })).toEqual([
      PreCreditMessage.remainingLife('FKSZ20260009', '2026-01-03'),
      PreCreditMessage.remainingLife('SHORT', '2026-12-25'),
    ]);
    expect(submitPreCreditProblems({ ...at, basisOrderIds: ['ok'] })).toEqual([]);
    expect(hasFinanceableLife('2026-12-26', '2026-11-26')).toBe(true);
    expect(hasFinanceableLife('2026-12-25', '2026-11-26')).toBe(false);
    expect(hasFinanceableLife('2026-01-03', '2026-11-26')).toBe(false);
  });
});

describe('validity', () => {
  it('runs 90 days from the start day, the start day counted', () => {
    expect(validTo('2026-01-01')).toBe('2026-03-31');
    expect(validTo('2026-11-22', 1)).toBe('2026-11-22');
    expect(validTo('2024-02-01', 29)).toBe('2024-02-29');
  });
});

describe('a pre-credit lapses after its last day', () => {
  it('carries an application through its last day, not the day after', () => {
    expect(applicationOnPreCreditProblems('2026-03-31', '2026-03-31')).toEqual([]);
    expect(applicationOnPreCreditProblems('2026-03-31', '2026-04-01')).toEqual([
      PreCreditExpiryMessage.expired('2026-03-31'),
    ]);
    expect(applicationOnPreCreditProblems(null, '2026-04-01')).toEqual([]);
  });

  it('lets EXPIRE through only once lapsed, while the pre-credit or its application is being made', () => {
    const lapsed = { validTo: '2026-03-31', today: '2026-04-01' };
    expect(expireProblems({ stage: 'PRE_CREDIT', ...lapsed })).toEqual([]);
    expect(expireProblems({ stage: 'APPLICATION', ...lapsed })).toEqual([]);
    expect(expireProblems({ stage: 'REPORT', ...lapsed })).toEqual([PreCreditExpiryMessage.pastApplication]);
    expect(expireProblems({ stage: 'APPLICATION', validTo: '2026-03-31', today: '2026-03-31' })).toEqual([
      PreCreditExpiryMessage.stillValid('2026-03-31'),
    ]);
    expect(expireProblems({ stage: 'PRE_CREDIT', validTo: null, today: '2026-03-31' })).toEqual([
      PreCreditExpiryMessage.noValidity,
    ]);
  });
});

describe('the 批复额度 against the applied amount', () => {
  it('compares whole 分 as bigint, exactly past what a binary float holds', () => {
    // 2^53 + 1 分: a float rounds it down to the applied amount itself; as bigint it is one 分 over.
    const applied = 9_007_199_254_740_992n;
    expect(approvedAmountProblem('9007199254740992', applied)).toBeNull();
    expect(approvedAmountProblem('9007199254740993', applied)).toBe(PreCreditMessage.approvedOverApplied(applied));
    expect(approvedAmountOf('9007199254740991', applied)).toBe(9_007_199_254_740_991n);
    expect(approvedAmountOf(undefined, applied)).toBe(applied);
    expect(approvedAmountProblem(100_00, 100_00n)).toBeNull();
    expect(approvedAmountProblem(100_01, 100_00n)).toBe(PreCreditMessage.approvedOverApplied(100_00n));
    for (const bad of [0, -1, 1.5, '0', '12.5', 'abc']) {
      expect(approvedAmountProblem(bad, 100_00n)).toBe(PreCreditMessage.approvedPositive);
    }
  });
});
