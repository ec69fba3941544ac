import { describe, expect, it } from 'vitest';
import { effectiveCap } from '../parameters/effective-cap';
import type { TermsBounds } from './financing-terms';
import {
  coreIndicators,
  exactRatio,
  proposalLimits,
  REPORT_STEPS,
  ReportMessage,
  type ReportStepKey,
  type StepContent,
  stepDone,
  stepErrors,
  submitReportProblems,
} from './report';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

/** 万元 → 分. */
const wan = (n: number) => n * 1_000_000;

const SAMPLE_STEPS: Record<ReportStepKey, StepContent> = {
  CUSTOMER: {
    profile: '华东建材有限公司成立于2012年，主营建筑材料。',
    shareholders: '实际控制人王某持股70%',
    mainBusiness: '商品混凝土、预拌砂浆',
    cooperation: '与远景地产合作5年，年供货约8000万元',
    interview: null,
  },
  FINANCIALS: {
    statementDate: '2025-12-31',
    audited: 'YES',
    totalAssets: wan(20_000),
    currentAssets: wan(12_000),
    inventory: wan(3_000),
    receivables: wan(6_000),
    totalLiabilities: wan(12_500),
    currentLiabilities: wan(8_000),
    equity: wan(7_500),
    revenue: wan(30_000),
    previousRevenue: wan(25_000),
    costOfSales: wan(25_500),
    netProfit: wan(1_200),
    operatingCashFlow: wan(-400),
    investingCashFlow: wan(-1_000),
    financingCashFlow: wan(900),
  },
  INDICATORS: { analysis: '资产负债率62.5%，偿债能力尚可；经营现金流为负需关注。' },
  CREDIT: {
    creditReportDate: '2026-10-20',
    outstandingDebt: wan(5_000),
    guaranteeBalance: null,
    overdue: 'NONE',
    adverse: 'NONE',
    creditSummary: '征信正常',
  },
  COUNTERPARTY: {
    counterpartyStanding: 'GOOD',
    paymentCapacity: '项目公司为集团全资子公司',
    paymentHistory: '近三年按期付款',
    confirmation: '付款确认书已签回',
  },
  JUDICIAL: {
    judgments: '无',
    courtNotices: '无',
    hearingNotices: '无',
    dishonest: 'NONE',
    judicialSummary: '无重大涉诉',
  },
  RATING: { riskRating: 'B', ratingBasis: '规模适中、回款稳定' },
  PROPOSAL: {
    proposedAmount: wan(800),
    proposedRate: '0.0800',
    proposedTermDays: 180,
    proposedFinancingRatio: '0.8000',
    proposedRepaymentMethod: 'BULLET',
    guarantees: '实际控制人连带责任保证',
    proposedConditions: '放款前签回付款确认书\n开立监管账户',
    conclusion: 'CONDITIONAL',
  },
};

const bounds: TermsBounds = {
  cap: effectiveCap({ subsidiary: { singleMaxAmount: BigInt(wan(3_000)) } }),
  product: { minRate: '0.0500', maxRate: '0.1200', termMinDays: 30, termMaxDays: 360, maxFinancingRatio: '0.9000' },
  applyAmountFen: BigInt(wan(1_000)),
};

describe('the report’s eight steps', () => {
  it('are the steps of BUSINESS.md §2, in order, the statements grouped in 财务数据', () => {
    expect(REPORT_STEPS.map((s) => s.title)).toEqual([
      '客户调查',
      '财务数据',
      '核心指标',
      '征信调查',
      '交易对手',
      '司法信息',
      '信用评级',
      '方案建议',
    ]);
    const groups = new Set(REPORT_STEPS[1]!.fields.map((f) => f.group).filter(Boolean));
    expect([...groups]).toEqual(['资产负债表', '利润表', '现金流量表']);
  });

  it('each sample step is complete; a step missing a required field is not, with the field’s message', () => {
    for (const s of REPORT_STEPS) expect(stepDone(s.key, SAMPLE_STEPS[s.key], SAMPLE_STEPS, TODAY)).toBe(true);
    expect(stepErrors('CUSTOMER', { ...SAMPLE_STEPS.CUSTOMER, profile: '' }, {}, TODAY)).toEqual({
      profile: '请输入企业概况',
    });
    expect(stepErrors('RATING', { riskRating: 'E', ratingBasis: 'x' }, {}, TODAY)).toEqual({
      riskRating: expect.any(String),
    });
    expect(stepDone('CUSTOMER', undefined, {}, TODAY)).toBe(false);
  });

  it('statements accept losses and outflows, not other negative figures', () => {
    expect(stepErrors('FINANCIALS', { ...SAMPLE_STEPS.FINANCIALS, netProfit: -1 }, {}, TODAY)).toEqual({});
    expect(Object.keys(stepErrors('FINANCIALS', { ...SAMPLE_STEPS.FINANCIALS, totalAssets: -1 }, {}, TODAY))).toEqual([
      'totalAssets',
    ]);
  });

  it('核心指标 is done only once 财务数据 is', () => {
    const steps = { ...SAMPLE_STEPS, FINANCIALS: { ...SAMPLE_STEPS.FINANCIALS, revenue: null } };
    expect(stepErrors('INDICATORS', SAMPLE_STEPS.INDICATORS, steps, TODAY)).toEqual({
      financials: ReportMessage.financialsFirst,
    });
  });

  it('提交 names each step not done, then the proposal’s broken limits', () => {
    expect(submitReportProblems(SAMPLE_STEPS, bounds, TODAY)).toEqual([]);
    const { JUDICIAL: _, ...missing } = SAMPLE_STEPS;
    expect(submitReportProblems(missing, bounds, TODAY)).toEqual(['请完成「司法信息」']);
    const over = { ...SAMPLE_STEPS, PROPOSAL: { ...SAMPLE_STEPS.PROPOSAL, proposedAmount: wan(1_000) + 1 } };
    expect(submitReportProblems(over, bounds, TODAY)).toEqual(['建议金额不得超过申请金额10,000,000.00元']);
  });
});

describe('coreIndicators', () => {
  it('computes the eight ratios and the turnover days exactly from the statements', () => {
    const values = Object.fromEntries(coreIndicators(SAMPLE_STEPS.FINANCIALS).map((i) => [i.key, i.value]));
    expect(values).toEqual({
      debtRatio: '0.6250',
      currentRatio: '1.5000',
      quickRatio: '1.1250',
      grossMargin: '0.1500',
      netMargin: '0.0400',
      roe: '0.1600',
      revenueGrowth: '0.2000',
      operatingCashCoverage: '-0.0500',
      receivableDays: '72.0000',
    });
  });

  it('null where a figure is missing or a denominator is zero', () => {
    const i = coreIndicators({ ...SAMPLE_STEPS.FINANCIALS, revenue: 0, equity: null });
    const values = Object.fromEntries(i.map((x) => [x.key, x.value]));
    expect(values.grossMargin).toBeNull();
    expect(values.roe).toBeNull();
    expect(values.receivableDays).toBeNull();
    expect(values.debtRatio).toBe('0.6250');
  });

  it('exactRatio rounds HALF_UP away from zero at four places, never through a float', () => {
    expect(exactRatio(2n, 3n)).toBe('0.6667');
    expect(exactRatio(-2n, 3n)).toBe('-0.6667');
    expect(exactRatio(1n, 20_000n)).toBe('0.0001');
    expect(exactRatio(-1n, 30_000n)).toBe('0.0000');
    expect(exactRatio(10n ** 30n + 1n, 10n ** 30n)).toBe('1.0000');
    expect(exactRatio(1n, 0n)).toBeNull();
  });
});

describe('proposalLimits', () => {
  it('each limit keyed by the proposal field it sits beside', () => {
    const limits = proposalLimits({ ...SAMPLE_STEPS.PROPOSAL, proposedRate: '0.1300' }, bounds);
    expect(limits.map((l) => [l.key, l.message])).toEqual([
      ['proposedAmount', null],
      ['proposedRate', '年利率须在产品利率区间5.00%至12.00%之间'],
      ['proposedTermDays', null],
      ['proposedFinancingRatio', null],
      ['proposedRepaymentMethod', null],
    ]);
  });
});
