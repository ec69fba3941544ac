// A document's financing terms beside the TERM elements (BUSINESS.md "Decisions for the lifecycle's second half":
// Contracts, Signing): one pure comparison of the amount, annual rate, term and repayment method a document states
// with the elements the approved decision made — a contract's factors on the review page and at 合同审核's guard
// (differences in red, 通过 refused), a supplement's terms at 补充签约 (it may change none of them). Only the terms the
// document states and whose element the business has are compared: exact 分, the rate in ten-thousandths (so
// '0.065' and '0.0650' are one rate), days, the method's code. Before that, the terms a form typed are checked
// by one rule, with the same words, for a contract made and a supplement registered.
import { type ElementValue, elementValueText } from '../financing/elements';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import type { RepaymentMethod } from '../financing/repayment-schedule';

/** The terms a document states, typed: money in 分 as bigint, the annual rate as decimal text. */
export interface TermFactors {
  amountFen: bigint;
  annualRate: string;
  termDays: number;
  repaymentMethod: RepaymentMethod;
}

/** The TERM elements a document is compared with, by their names (要素 金额 / 利率 / 期限 / 还款方式). */
export interface TermElement {
  name: string;
  required: ElementValue | null;
}

export type FactorKey = 'amount' | 'rate' | 'term' | 'method';

export interface FactorRow {
  key: FactorKey;
  label: string;
  /** As the document says it, and as the TERM element requires it. */
  contract: string;
  element: string;
  equal: boolean;
}

/** A term, the field stating it, the TERM element it answers to, and the term as that element's kind of value. */
interface Factor {
  key: FactorKey;
  field: keyof TermFactors;
  label: string;
  element: string;
  of(f: TermFactors): ElementValue;
  /** The term an element's value requires, when it is of this term's kind. */
  read(v: ElementValue): TermFactors[keyof TermFactors] | undefined;
}

const FACTORS: readonly Factor[] = [
  {
    ...{ key: 'amount', field: 'amountFen', label: '金额', element: '金额' },
    of: (f) => ({ type: 'AMOUNT', fen: f.amountFen }),
    read: (v) => (v.type === 'AMOUNT' ? v.fen : undefined),
  },
  {
    ...{ key: 'rate', field: 'annualRate', label: '年利率', element: '利率' },
    of: (f) => ({ type: 'RATE', rate: f.annualRate }),
    read: (v) => (v.type === 'RATE' ? v.rate : undefined),
  },
  {
    ...{ key: 'term', field: 'termDays', label: '期限', element: '期限' },
    of: (f) => ({ type: 'DAYS', days: f.termDays }),
    read: (v) => (v.type === 'DAYS' ? v.days : undefined),
  },
  {
    ...{ key: 'method', field: 'repaymentMethod', label: '还款方式', element: '还款方式' },
    of: (f) => ({ type: 'METHOD', method: f.repaymentMethod }),
    read: (v) => (v.type === 'METHOD' ? v.method : undefined),
  },
];

/** The terms the business's TERM elements require, as a document states them (a make form's prefill). */
export function requiredTerms(terms: readonly TermElement[]): Partial<TermFactors> {
  const stated = FACTORS.map(({ field, element, read }) => {
    const required = terms.find((t) => t.name === element)?.required;
    return [field, required ? read(required) : undefined] as const;
  });
  return Object.fromEntries(stated.filter(([, v]) => v !== undefined));
}

/** An annual rate in ten-thousandths, so '0.065' and '0.0650' are one rate; null when not a rate. */
export function rateUnits(rate: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!m) return null;
  return BigInt(m[1] as string) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0') || '0');
}

/** A rate as four places ('0.065' → '0.0650'); null when it is not a rate below 100 %. */
export function fourPlaces(rate: string): string | null {
  const units = rateUnits(rate);
  return units === null || units >= 10_000n ? null : `0.${String(units).padStart(4, '0')}`;
}

/** The longest term a document may state, in days (ten years). */
export const MAX_TERM_DAYS = 3660;

/** A term of 1 to MAX_TERM_DAYS whole days. */
export const isTermDays = (days: number) => Number.isInteger(days) && days >= 1 && days <= MAX_TERM_DAYS;

export const TermMessage = {
  amount: (noun: string) => `${noun}金额须为大于0的整数（分）`,
  rate: '年利率须为不超过4位小数的数字',
  term: `期限须为1至${MAX_TERM_DAYS}天`,
  method: '请选择还款方式',
} as const;

/** The terms a form sends: 分 as an integer, the rate as decimal text, days, and the method where it states one. */
export interface TermDraft {
  amountFen: number;
  annualRate: string;
  termDays: number;
  repaymentMethod?: string;
}

/** Why the typed terms cannot be taken, the first refusal in the fields' order; null when they can. */
export function termDraftProblem(d: TermDraft, noun: string): string | null {
  if (!Number.isSafeInteger(d.amountFen) || d.amountFen <= 0) return TermMessage.amount(noun);
  if (fourPlaces(d.annualRate) === null) return TermMessage.rate;
  if (!isTermDays(d.termDays)) return TermMessage.term;
  if (d.repaymentMethod !== undefined && !Object.hasOwn(REPAYMENT_METHOD_LABEL, d.repaymentMethod))
    return TermMessage.method;
  return null;
}

/** Terms without a problem as the comparison reads them: 分 as bigint, the rate as four places. */
export const termsOfDraft = (d: TermDraft) => ({
  amountFen: BigInt(d.amountFen),
  annualRate: fourPlaces(d.annualRate) as string,
  termDays: d.termDays,
});

/** A value as compared: exact 分, the rate in ten-thousandths, days, the method's code. */
const compared = (v: ElementValue): string => {
  switch (v.type) {
    case 'AMOUNT':
      return `A${v.fen}`;
    case 'RATE':
      return `R${rateUnits(v.rate) ?? v.rate}`;
    case 'DAYS':
      return `D${v.days}`;
    case 'METHOD':
      return `M${v.method}`;
    case 'TEXT':
      return `T${v.text}`;
  }
};

/**
 * The terms the document states beside the TERM elements, one row per term whose element the business has (the
 * review page's table, its differences in red); `equal` is false where they differ.
 */
export function compareFactors(factors: Partial<TermFactors>, terms: readonly TermElement[]): FactorRow[] {
  return FACTORS.flatMap(({ key, field, label, element, of }) => {
    const required = terms.find((t) => t.name === element)?.required;
    if (!required || factors[field] === undefined) return [];
    const value = of(factors as TermFactors);
    const equal = compared(value) === compared(required);
    return [{ key, label, contract: elementValueText(value), element: elementValueText(required), equal }];
  });
}
