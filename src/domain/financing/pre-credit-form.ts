// The 申请预授信 page's form (BUSINESS.md §4 /business/applyForRufs): the typed texts read into the wire form
// with the gateway's own words, and the figures shown beside the order picker — how many orders are chosen,
// their eligible sum and the ceiling the SUBMIT_PRE_CREDIT rule will hold the amount to. 分 throughout.
import { yuanToFen } from '../format/money-format';
import { fenToWire } from '../decimal/wire-fen';
import {
  PRE_CREDIT_VALID_DAYS_MAX,
  ceilingRatioText,
  financingRatio,
  orderRatio,
  preCreditCeiling,
} from './pre-credit-rules';

export interface PreCreditTexts {
  supplierId: string;
  projectCompanyId: string;
  /** 元, as typed. */
  amount: string;
  validDays: string;
}

export interface PreCreditFormValue {
  supplierId: string;
  projectCompanyId: string | null;
  applyAmount: number;
  basisOrderIds: string[];
  validDays: number;
}

export const PreCreditFormMessage = {
  supplier: '请选择供应商',
  amount: '请输入申请额度',
  amountFormat: '请输入正确的申请额度（元，至多两位小数）',
  amountPositive: '申请额度须大于0',
  validDays: `有效期须在1至${PRE_CREDIT_VALID_DAYS_MAX}天之间`,
} as const;

export function readPreCreditForm(
  texts: PreCreditTexts,
  selected: readonly string[],
): { form: PreCreditFormValue | null; errors: Partial<Record<keyof PreCreditTexts, string>> } {
  const errors: Partial<Record<keyof PreCreditTexts, string>> = {};
  if (!texts.supplierId) errors.supplierId = PreCreditFormMessage.supplier;
  const amountText = texts.amount.trim().replace(/,/g, '');
  const fen = amountText ? yuanToFen(amountText) : null;
  if (!amountText) errors.amount = PreCreditFormMessage.amount;
  else if (fen === null || fen > BigInt(Number.MAX_SAFE_INTEGER)) errors.amount = PreCreditFormMessage.amountFormat;
  else if (fen <= 0n) errors.amount = PreCreditFormMessage.amountPositive;
  const days = /^\d{1,3}$/.test(texts.validDays.trim()) ? Number(texts.validDays.trim()) : Number.NaN;
  if (!(days >= 1 && days <= PRE_CREDIT_VALID_DAYS_MAX)) errors.validDays = PreCreditFormMessage.validDays;
  if (Object.keys(errors).length > 0 || fen === null) return { form: null, errors };
  return {
    form: {
      supplierId: texts.supplierId,
      projectCompanyId: texts.projectCompanyId || null,
      applyAmount: fenToWire(fen),
      basisOrderIds: [...selected],
      validDays: days,
    },
    errors,
  };
}

/**
 * What the picker shows: the chosen orders' count, eligible sum and the ceiling — each order at the ratio of
 * its own project company (`ratio` on the order, as the gateway answers it), `ratio` only for one without —
 * and the ratio it was taken at, named as SUBMIT_PRE_CREDIT's refusal names it (of the offered orders while
 * none is chosen), so the page never names a cap the rule does not apply.
 */
export function choiceSummary(
  orders: readonly { keyId: string; eligibleAmount: number; ratio?: string | null }[],
  selected: readonly string[],
  ratio: string,
): { count: number; eligibleSum: bigint; ceiling: bigint; ratioText: string } {
  const chosen = orders.filter((o) => selected.includes(o.keyId));
  const fallback = financingRatio(ratio);
  const named = chosen.length ? chosen : orders;
  return {
    count: chosen.length,
    eligibleSum: chosen.reduce((s, o) => s + BigInt(o.eligibleAmount), 0n),
    ceiling: preCreditCeiling(chosen, fallback),
    ratioText: ceilingRatioText(named.length ? named.map((o) => orderRatio(o, fallback)) : [fallback]),
  };
}

/**
 * The orders still chosen once the offer changed (another 项目公司 filter): an order the list no longer shows
 * is no longer chosen, so what is submitted is always what the user sees ticked.
 */
export function visibleSelection(selected: readonly string[], offered: readonly { keyId: string }[]): string[] {
  const shown = new Set(offered.map((o) => o.keyId));
  return selected.filter((id) => shown.has(id));
}

/** 分 shown back in the amount input as 元 with two decimals and no separators (read again exactly). */
export function yuanText(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
