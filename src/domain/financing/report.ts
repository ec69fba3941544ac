// The due-diligence report (尽调报告, BUSINESS.md §2 DueDiligenceReport; "Decisions for the lifecycle's second
// half": Report): eight steps a cached stepper renders and saves one at a time, each with its fields and its
// completeness; 提交 needs every step done. 核心指标 is not typed: it is computed from the three statements
// of 财务数据 (only its analysis is written), as exact ratios with four places. 方案建议 is checked against the
// effective cap and the product's ranges as the maker types (financing-terms.ts).
//
// A step's content travels as JSON of wire values (money integer 分, rates '0.0600', dates 'YYYY-MM-DD').
import { formatPercent } from '../format/percent-format';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import { type FieldDef, type ResourceForm, validateField } from '../resource/resource';
import type { FinancingTerms, LimitCheck, TermsBounds } from './financing-terms';
import { termsLimits } from './financing-terms';
import type { RepaymentMethod } from './repayment-schedule';

export const REPORT_STEP_KEYS = [
  'CUSTOMER',
  'FINANCIALS',
  'INDICATORS',
  'CREDIT',
  'COUNTERPARTY',
  'JUDICIAL',
  'RATING',
  'PROPOSAL',
] as const;
export type ReportStepKey = (typeof REPORT_STEP_KEYS)[number];

/** A field of a step, with the heading it sits under (e.g. 资产负债表 inside 财务数据). */
export type ReportField = FieldDef & { group?: string };

export interface ReportStepDef {
  key: ReportStepKey;
  title: string;
  fields: readonly ReportField[];
}

/** Statements' figures may be negative (a loss, an outflow); 1 万亿元 either way is far beyond any supplier. */
const SIGNED_MONEY = { type: 'money', min: -100_000_000_000_000, max: 100_000_000_000_000 } as const;
const YES_NO = { NONE: '无', SOME: '有' } as const;

const money = (key: string, label: string, group: string, signed = false): ReportField => ({
  key,
  label,
  group,
  ...(signed ? SIGNED_MONEY : { type: 'money' as const, max: 100_000_000_000_000 }),
});
const text = (key: string, label: string, max = 2000, required = true): ReportField => ({
  key,
  label,
  type: 'textarea',
  max,
  ...(required ? {} : { required: false }),
});

const BALANCE = '资产负债表';
const INCOME = '利润表';
const CASH = '现金流量表';

export const REPORT_CONCLUSION_LABEL = { RECOMMEND: '建议通过', CONDITIONAL: '有条件通过', DECLINE: '不建议' } as const;
export const RISK_RATING_LABEL = { A: 'A', B: 'B', C: 'C', D: 'D' } as const;

export const REPORT_STEPS: readonly ReportStepDef[] = [
  {
    key: 'CUSTOMER',
    title: '客户调查',
    fields: [
      text('profile', '企业概况'),
      text('shareholders', '股权结构及实际控制人', 1000),
      text('mainBusiness', '主营业务', 1000),
      text('cooperation', '与项目公司合作情况', 1000),
      text('interview', '访谈情况', 2000, false),
    ],
  },
  {
    key: 'FINANCIALS',
    title: '财务数据',
    fields: [
      // A statement's date and a credit report's are past facts: never after today.
      { key: 'statementDate', label: '报表截止日', type: 'date', nearTermYears: 0 },
      { key: 'audited', label: '是否经审计', type: 'enum', options: { YES: '已审计', NO: '未审计' } },
      money('totalAssets', '资产总计', BALANCE),
      money('currentAssets', '流动资产合计', BALANCE),
      money('inventory', '存货', BALANCE),
      money('receivables', '应收账款', BALANCE),
      money('totalLiabilities', '负债合计', BALANCE),
      money('currentLiabilities', '流动负债合计', BALANCE),
      money('equity', '所有者权益合计', BALANCE, true),
      money('revenue', '营业收入', INCOME),
      money('previousRevenue', '上年营业收入', INCOME),
      money('costOfSales', '营业成本', INCOME),
      money('netProfit', '净利润', INCOME, true),
      money('operatingCashFlow', '经营活动现金流量净额', CASH, true),
      money('investingCashFlow', '投资活动现金流量净额', CASH, true),
      money('financingCashFlow', '筹资活动现金流量净额', CASH, true),
    ],
  },
  {
    key: 'INDICATORS',
    title: '核心指标',
    fields: [text('analysis', '指标分析')],
  },
  {
    key: 'CREDIT',
    title: '征信调查',
    fields: [
      { key: 'creditReportDate', label: '征信报告日期', type: 'date', nearTermYears: 0 },
      { key: 'outstandingDebt', label: '对外融资余额', type: 'money', max: 100_000_000_000_000 },
      {
        key: 'guaranteeBalance',
        label: '对外担保余额',
        type: 'money',
        max: 100_000_000_000_000,
        required: false,
      },
      { key: 'overdue', label: '逾期记录', type: 'enum', options: YES_NO },
      { key: 'adverse', label: '关注及不良类记录', type: 'enum', options: YES_NO },
      text('creditSummary', '征信结论', 1000),
    ],
  },
  {
    key: 'COUNTERPARTY',
    title: '交易对手',
    fields: [
      {
        key: 'counterpartyStanding',
        label: '项目公司资信',
        type: 'enum',
        options: { GOOD: '优', FAIR: '良', AVERAGE: '中', POOR: '差' },
      },
      text('paymentCapacity', '项目公司付款能力', 1000),
      text('paymentHistory', '历史付款情况', 1000),
      text('confirmation', '应收账款确权情况', 1000),
    ],
  },
  {
    key: 'JUDICIAL',
    title: '司法信息',
    fields: [
      text('judgments', '裁判文书', 1000),
      text('courtNotices', '法院公告', 1000),
      text('hearingNotices', '开庭公告', 1000),
      { key: 'dishonest', label: '失信被执行', type: 'enum', options: YES_NO },
      text('judicialSummary', '司法结论', 1000),
    ],
  },
  {
    key: 'RATING',
    title: '信用评级',
    fields: [
      { key: 'riskRating', label: '风险评级', type: 'enum', options: RISK_RATING_LABEL },
      text('ratingBasis', '评级依据', 1000),
    ],
  },
  {
    key: 'PROPOSAL',
    title: '方案建议',
    fields: [
      { key: 'proposedAmount', label: '建议金额', type: 'money', min: 1 },
      { key: 'proposedRate', label: '建议年利率', type: 'rate', hint: '6.00' },
      { key: 'proposedTermDays', label: '建议期限（天）', type: 'int', min: 30, max: 360 },
      { key: 'proposedFinancingRatio', label: '建议融资比例', type: 'rate', hint: '80' },
      { key: 'proposedRepaymentMethod', label: '建议还款方式', type: 'enum', options: REPAYMENT_METHOD_LABEL },
      text('guarantees', '担保措施', 1000, false),
      text('proposedConditions', '建议放款条件', 1000, false),
      { key: 'conclusion', label: '结论', type: 'enum', options: REPORT_CONCLUSION_LABEL },
    ],
  },
];

export const reportStep = (key: ReportStepKey): ReportStepDef => REPORT_STEPS.find((s) => s.key === key)!;

export type StepContent = ResourceForm;

export const ReportMessage = {
  stepIncomplete: (title: string) => `请完成「${title}」`,
  financialsFirst: '请先完成「财务数据」，核心指标由三张报表计算',
  unknownStep: '报告章节不存在',
} as const;

/** The messages of one step's fields (key → message); empty when the step is complete. */
export function stepErrors(
  key: ReportStepKey,
  content: StepContent,
  steps: Partial<Record<ReportStepKey, StepContent>> = {},
  today: Date,
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const f of reportStep(key).fields) {
    // Judged on the day of the save or submission (a date "not in the future" is so on that day).
    const message = validateField(f, content, today);
    if (message) errors[f.key] = message;
  }
  // 核心指标 stand on the statements: they are complete only once 财务数据 is.
  if (key === 'INDICATORS' && Object.keys(stepErrors('FINANCIALS', steps.FINANCIALS ?? {}, {}, today)).length > 0) {
    errors.financials = ReportMessage.financialsFirst;
  }
  return errors;
}

export const stepDone = (
  key: ReportStepKey,
  content: StepContent | undefined,
  steps: Partial<Record<ReportStepKey, StepContent>> = {},
  today: Date,
) => content !== undefined && Object.keys(stepErrors(key, content, steps, today)).length === 0;

/** SUBMIT_REPORT: every step done (the first missing named), then the proposal within its limits. */
export function submitReportProblems(
  steps: Partial<Record<ReportStepKey, StepContent>>,
  bounds: TermsBounds | null,
  today: Date,
): string[] {
  const problems = REPORT_STEPS.filter((s) => !stepDone(s.key, steps[s.key], steps, today)).map((s) =>
    ReportMessage.stepIncomplete(s.title),
  );
  if (bounds && steps.PROPOSAL) {
    for (const l of proposalLimits(steps.PROPOSAL, bounds)) if (l.message) problems.push(l.message);
  }
  return problems;
}

// ---- 核心指标 ----

export interface Indicator {
  key: string;
  label: string;
  /** An exact ratio with four places ('0.6250'), or days for 应收账款周转天数; null when it cannot be computed. */
  value: string | null;
  /** How it is computed, as the report prints it. */
  formula: string;
  unit: 'ratio' | 'days';
}

type Statements = StepContent;

const fen = (s: Statements, key: string): bigint | null => {
  const v = s[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : null;
};

/** n / d with four places, HALF_UP away from zero; null when d is 0 or a figure is missing. */
export function exactRatio(n: bigint | null, d: bigint | null): string | null {
  if (n === null || d === null || d === 0n) return null;
  const negative = n < 0n !== d < 0n && n !== 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const units = (2n * an * 10_000n + ad) / (2n * ad);
  const body = `${units / 10_000n}.${String(units % 10_000n).padStart(4, '0')}`;
  return negative && units !== 0n ? `-${body}` : body;
}

const minus = (a: bigint | null, b: bigint | null) => (a === null || b === null ? null : a - b);

/** The eight core indicators of the three statements. */
export function coreIndicators(s: Statements): Indicator[] {
  const f = (key: string) => fen(s, key);
  const ratio = (key: string, label: string, formula: string, n: bigint | null, d: bigint | null): Indicator => ({
    key,
    label,
    value: exactRatio(n, d),
    formula,
    unit: 'ratio',
  });
  const revenue = f('revenue');
  const receivables = f('receivables');
  return [
    ratio('debtRatio', '资产负债率', '负债合计 ÷ 资产总计', f('totalLiabilities'), f('totalAssets')),
    ratio('currentRatio', '流动比率', '流动资产合计 ÷ 流动负债合计', f('currentAssets'), f('currentLiabilities')),
    ratio(
      'quickRatio',
      '速动比率',
      '（流动资产合计 − 存货）÷ 流动负债合计',
      minus(f('currentAssets'), f('inventory')),
      f('currentLiabilities'),
    ),
    ratio('grossMargin', '毛利率', '（营业收入 − 营业成本）÷ 营业收入', minus(revenue, f('costOfSales')), revenue),
    ratio('netMargin', '净利率', '净利润 ÷ 营业收入', f('netProfit'), revenue),
    ratio('roe', '净资产收益率', '净利润 ÷ 所有者权益合计', f('netProfit'), f('equity')),
    ratio(
      'revenueGrowth',
      '营业收入增长率',
      '（营业收入 − 上年营业收入）÷ 上年营业收入',
      minus(revenue, f('previousRevenue')),
      f('previousRevenue'),
    ),
    ratio(
      'operatingCashCoverage',
      '经营现金流动负债比',
      '经营活动现金流量净额 ÷ 流动负债合计',
      f('operatingCashFlow'),
      f('currentLiabilities'),
    ),
    {
      key: 'receivableDays',
      label: '应收账款周转天数',
      value: exactRatio(receivables === null ? null : receivables * 360n, revenue),
      formula: '应收账款 × 360 ÷ 营业收入',
      unit: 'days',
    },
  ];
}

/**
 * A core indicator as people read it, on the screen and in the printed report alike: ratios as percentages with
 * two places (0.6250 → 62.50%), turnover in days; 无法计算 when a figure it needs is missing or zero.
 */
export function indicatorText(i: { value: string | null; unit: string }): string {
  if (i.value === null) return '无法计算';
  if (i.unit === 'days') return `${i.value.replace(/\.?0+$/, '')}天`;
  return formatPercent(i.value);
}

// ---- 方案建议 ----

/** The proposal step's values as the limits read them. */
export function proposalTerms(p: StepContent): FinancingTerms {
  const amount = p.proposedAmount;
  const term = p.proposedTermDays;
  const method = p.proposedRepaymentMethod;
  return {
    amountFen: typeof amount === 'number' && Number.isSafeInteger(amount) ? BigInt(amount) : null,
    annualRate: typeof p.proposedRate === 'string' && p.proposedRate ? p.proposedRate : null,
    termDays: typeof term === 'number' ? term : null,
    financingRatio:
      typeof p.proposedFinancingRatio === 'string' && p.proposedFinancingRatio ? p.proposedFinancingRatio : null,
    repaymentMethod:
      typeof method === 'string' && method in REPAYMENT_METHOD_LABEL ? (method as RepaymentMethod) : null,
  };
}

/** The limits beside the proposal's fields, keyed by the step's field keys. */
export function proposalLimits(p: StepContent, bounds: TermsBounds): (LimitCheck & { key: string })[] {
  const keyOf: Record<keyof FinancingTerms, string> = {
    amountFen: 'proposedAmount',
    annualRate: 'proposedRate',
    termDays: 'proposedTermDays',
    financingRatio: 'proposedFinancingRatio',
    repaymentMethod: 'proposedRepaymentMethod',
  };
  return termsLimits(proposalTerms(p), bounds, '建议').map((l) => ({ ...l, key: keyOf[l.field] }));
}
