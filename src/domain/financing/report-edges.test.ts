// The report's indicators and proposal as the report prints and reads them: each indicator's words, formula
// and unit; figures that are not whole 分 or not numbers are missing, never guessed; exactRatio's signs; a
// proposal field of the wrong kind read as not filled; and 提交 without limits to check.
import { describe, expect, it } from 'vitest';
import { coreIndicators, exactRatio, proposalTerms, stepDone, submitReportProblems } from './report';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

const STATEMENTS = {
  totalAssets: 200_00,
  currentAssets: 120_00,
  inventory: 30_00,
  receivables: 60_00,
  totalLiabilities: 125_00,
  currentLiabilities: 80_00,
  equity: 75_00,
  revenue: 300_00,
  previousRevenue: 250_00,
  costOfSales: 255_00,
  netProfit: 12_00,
  operatingCashFlow: -4_00,
};

describe('the core indicators as the report prints them', () => {
  it('name each indicator with its words, formula and unit', () => {
    expect(coreIndicators(STATEMENTS).map((i) => [i.key, i.label, i.formula, i.unit])).toEqual([
      ['debtRatio', '资产负债率', '负债合计 ÷ 资产总计', 'ratio'],
      ['currentRatio', '流动比率', '流动资产合计 ÷ 流动负债合计', 'ratio'],
      ['quickRatio', '速动比率', '（流动资产合计 − 存货）÷ 流动负债合计', 'ratio'],
      ['grossMargin', '毛利率', '（营业收入 − 营业成本）÷ 营业收入', 'ratio'],
      ['netMargin', '净利率', '净利润 ÷ 营业收入', 'ratio'],
      ['roe', '净资产收益率', '净利润 ÷ 所有者权益合计', 'ratio'],
      ['revenueGrowth', '营业收入增长率', '（营业收入 − 上年营业收入）÷ 上年营业收入', 'ratio'],
      ['operatingCashCoverage', '经营现金流动负债比', '经营活动现金流量净额 ÷ 流动负债合计', 'ratio'],
      ['receivableDays', '应收账款周转天数', '应收账款 × 360 ÷ 营业收入', 'days'],
    ]);
  });

  it('take a figure that is not a whole number of 分, or not a number, as missing', () => {
    const values = (s: Record<string, unknown>) =>
      Object.fromEntries(coreIndicators({ ...STATEMENTS, ...s } as never).map((i) => [i.key, i.value]));
    expect(values({ totalLiabilities: 1.5 }).debtRatio).toBeNull();
    expect(values({ totalLiabilities: '12500' }).debtRatio).toBeNull();
    expect(values({ totalLiabilities: Number.MAX_SAFE_INTEGER + 2 }).debtRatio).toBeNull();
    // A difference with a missing side is missing too, whichever side it is.
    expect(values({ inventory: null }).quickRatio).toBeNull();
    expect(values({ currentAssets: null }).quickRatio).toBeNull();
    expect(values({ currentAssets: null }).currentRatio).toBeNull();
    expect(values({ receivables: null }).receivableDays).toBeNull();
    expect(values({ netProfit: null }).netMargin).toBeNull();
  });
});

describe('exactRatio', () => {
  it('is negative exactly when one side is, and never minus zero', () => {
    expect(exactRatio(-1n, 3n)).toBe('-0.3333');
    expect(exactRatio(1n, -3n)).toBe('-0.3333');
    expect(exactRatio(-1n, -3n)).toBe('0.3333');
    expect(exactRatio(0n, -5n)).toBe('0.0000');
    expect(exactRatio(0n, 5n)).toBe('0.0000');
    expect(exactRatio(-1n, 100_000n)).toBe('0.0000');
    expect(exactRatio(3n, -2n)).toBe('-1.5000');
  });

  it('is missing without both figures or with a zero denominator', () => {
    expect(exactRatio(null, 3n)).toBeNull();
    expect(exactRatio(3n, null)).toBeNull();
    expect(exactRatio(0n, 0n)).toBeNull();
  });
});

describe('the proposal as the limits read it', () => {
  it('reads each field of the right kind, and nothing from one of another kind', () => {
    expect(
      proposalTerms({
        proposedAmount: 800_00,
        proposedRate: '0.0800',
        proposedTermDays: 180,
        proposedFinancingRatio: '0.8000',
        proposedRepaymentMethod: 'BULLET',
      }),
    ).toEqual({
      amountFen: 800_00n,
      annualRate: '0.0800',
      termDays: 180,
      financingRatio: '0.8000',
      repaymentMethod: 'BULLET',
    });
    const none = { amountFen: null, annualRate: null, termDays: null, financingRatio: null, repaymentMethod: null };
    expect(
      proposalTerms({
        proposedAmount: 1.5,
        proposedRate: '',
        proposedTermDays: '180',
        proposedFinancingRatio: '',
        proposedRepaymentMethod: 'MONTHLY',
      }),
    ).toEqual(none);
    expect(
      proposalTerms({
        proposedAmount: '80000',
        proposedRate: 0.08,
        proposedTermDays: null,
        proposedFinancingRatio: 0.8,
        proposedRepaymentMethod: 1,
      } as never),
    ).toEqual(none);
  });
});

describe('提交 of a report', () => {
  it('a step with no content is not done', () => {
    expect(stepDone('INDICATORS', undefined, {}, TODAY)).toBe(false);
    expect(stepDone('PROPOSAL', undefined, {}, TODAY)).toBe(false);
  });

  it('without the limits to check, names the missing steps only', () => {
    const problems = submitReportProblems({ PROPOSAL: { proposedAmount: -1 } }, null, TODAY);
    expect(problems.length).toBe(8);
    expect(problems.every((p) => p.startsWith('请完成「'))).toBe(true);
  });
});
