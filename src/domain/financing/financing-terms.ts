// The limits a financing's terms are held to, shown beside each field before submitting and refused with the
// same words at 提交 (BUSINESS.md "Decisions for the lifecycle's second half": Report's 方案建议 and the
// Decision; §2 FundProduct and Parameters; §3 Financing ratio and Term). One function for the report's
// proposal and the decision, so both say the same thing:
//
// - amount > 0, ≤ the amount applied for, and ≤ the effective cap's single financing amount;
// - annual rate within the product's [minRate, maxRate];
// - term within the product's days and the effective cap's maximum, always inside 30–360 days;
// - financing ratio ≤ the effective cap's ratio, the product's, and never above the hard 90 %;
// - repayment method among the product's.
// Money is bigint 分 and rates / ratios exact decimal strings; nothing passes through a binary float.
import { compareDecimals, parseDecimal } from '../decimal/decimal';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import { formatFen } from '../format/money-format';
import { formatPercent as percent } from '../format/percent-format';
import type { EffectiveCap } from '../parameters/effective-cap';
import { TERM_MAX_DAYS, TERM_MIN_DAYS } from './financing-application-rules';
import { HARD_MAX_FINANCING_RATIO, ratioPercent } from './pre-credit-rules';
import type { RepaymentMethod } from './repayment-schedule';

export interface FinancingTerms {
  amountFen: bigint | null;
  /** Annual, four places: '0.0600'. */
  annualRate: string | null;
  termDays: number | null;
  /** Four places: '0.8000'. */
  financingRatio: string | null;
  repaymentMethod: RepaymentMethod | null;
}

/** The product's ranges as the fund product stores them. */
export interface ProductRanges {
  minRate: string;
  maxRate: string;
  termMinDays: number;
  termMaxDays: number;
  maxFinancingRatio: string;
  repaymentMethods?: readonly RepaymentMethod[];
}

export interface TermsBounds {
  cap: EffectiveCap;
  product: ProductRanges;
  /** What the business applied for (融资申请 total), 分. */
  applyAmountFen: bigint;
}

export type TermsField = keyof FinancingTerms;

/** One limit as shown beside its field: what it is, and the refusal when the value breaks it. */
export interface LimitCheck {
  field: TermsField;
  /** The field's label and the limit in words, e.g. 利率区间 6.00%–12.00%. */
  label: string;
  limit: string;
  /** null when the value holds (or is not typed yet: the required check is the form's). */
  message: string | null;
}

export const TermsMessage = {
  amountPositive: (noun: string) => `${noun}金额须大于0`,
  overApplied: (noun: string, applied: bigint) => `${noun}金额不得超过申请金额${formatFen(applied)}元`,
  overSingle: (noun: string, max: bigint) => `${noun}金额不得超过单笔融资上限${formatFen(max)}元`,
  rateRange: (min: string, max: string) => `年利率须在产品利率区间${percent(min)}至${percent(max)}之间`,
  termRange: (min: number, max: number) => `期限须在${min}至${max}天之间`,
  ratioOver: (max: string) => `融资比例不得超过${ratioPercent(max)}`,
  method: '还款方式不在该资金产品支持的范围内',
} as const;

const cmp = (a: string, b: string) => {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return Number.NaN;
  return compareDecimals(x, y);
};

const minRatio = (...ratios: (string | null | undefined)[]) =>
  ratios.filter((r): r is string => !!r && parseDecimal(r) !== null).reduce((a, b) => (cmp(b, a) < 0 ? b : a));

/** The term the terms may run: the product's days inside 30–360 and under the effective cap's maximum. */
export function termRange(bounds: TermsBounds): { min: number; max: number } {
  const capMax = bounds.cap.maxTermDays?.value;
  return {
    min: Math.max(TERM_MIN_DAYS, bounds.product.termMinDays),
    max: Math.min(TERM_MAX_DAYS, bounds.product.termMaxDays, capMax ?? TERM_MAX_DAYS),
  };
}

/** The highest financing ratio that binds. */
export function ratioLimit(bounds: TermsBounds): string {
  return minRatio(HARD_MAX_FINANCING_RATIO, bounds.product.maxFinancingRatio, bounds.cap.maxFinancingRatio?.value);
}

/** The highest amount that binds: the amount applied for, and the single cap when one is set. */
export function amountLimit(bounds: TermsBounds): bigint {
  const single = bounds.cap.singleMaxAmount?.value;
  return single !== undefined && single < bounds.applyAmountFen ? single : bounds.applyAmountFen;
}

/** Every limit, in the order of the fields, each with its message when the value breaks it. */
export function termsLimits(terms: FinancingTerms, bounds: TermsBounds, noun = '融资'): LimitCheck[] {
  const single = bounds.cap.singleMaxAmount?.value ?? null;
  const amount = terms.amountFen;
  let amountMessage: string | null = null;
  if (amount !== null) {
    if (amount <= 0n) amountMessage = TermsMessage.amountPositive(noun);
    else if (amount > bounds.applyAmountFen) amountMessage = TermsMessage.overApplied(noun, bounds.applyAmountFen);
    else if (single !== null && amount > single) amountMessage = TermsMessage.overSingle(noun, single);
  }
  const amountWords = [`申请金额${formatFen(bounds.applyAmountFen)}元`];
  if (single !== null) amountWords.push(`单笔上限${formatFen(single)}元`);

  const { minRate, maxRate } = bounds.product;
  const rate = terms.annualRate;
  const rateBad = rate !== null && !(cmp(rate, minRate) >= 0 && cmp(rate, maxRate) <= 0);

  const term = termRange(bounds);
  const days = terms.termDays;
  const termBad = days !== null && !(Number.isInteger(days) && days >= term.min && days <= term.max);

  const ratioMax = ratioLimit(bounds);
  const ratio = terms.financingRatio;
  const ratioBad = ratio !== null && !(cmp(ratio, '0') > 0 && cmp(ratio, ratioMax) <= 0);

  const methods = bounds.product.repaymentMethods;
  const method = terms.repaymentMethod;
  const methodBad = method !== null && methods !== undefined && methods.length > 0 && !methods.includes(method);

  return [
    { field: 'amountFen', label: `${noun}金额`, limit: `不超过${amountWords.join('、')}`, message: amountMessage },
    {
      field: 'annualRate',
      label: '年利率',
      limit: `${percent(minRate)}至${percent(maxRate)}`,
      message: rateBad ? TermsMessage.rateRange(minRate, maxRate) : null,
    },
    {
      field: 'termDays',
      label: '期限',
      limit: `${term.min}至${term.max}天`,
      message: termBad ? TermsMessage.termRange(term.min, term.max) : null,
    },
    {
      field: 'financingRatio',
      label: '融资比例',
      limit: `不超过${ratioPercent(ratioMax)}`,
      message: ratioBad ? TermsMessage.ratioOver(ratioMax) : null,
    },
    {
      field: 'repaymentMethod',
      label: '还款方式',
      limit: methods?.length ? methods.map((m) => REPAYMENT_METHOD_LABEL[m]).join('、') : '不限',
      message: methodBad ? TermsMessage.method : null,
    },
  ];
}

/** The refusals of the limits, in field order; empty when every typed value holds. */
export const termsProblems = (terms: FinancingTerms, bounds: TermsBounds, noun?: string): string[] =>
  termsLimits(terms, bounds, noun)
    .map((l) => l.message)
    .filter((m): m is string => m !== null);
