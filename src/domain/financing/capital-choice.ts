// 资金方 and 资金产品 at the 融资申请 (BUSINESS.md §2 FinancingBusiness "capitalSideId, productId: fixed at
// APPLICATION"; Decisions "Data-query consent": from APPLICATION on the consent must cover the business's
// capital side). The make page offers the capital sides with whether the supplier consented for each and the
// products of the chosen side; what a choice must be is one pure function the gateway's 保存 and the submission
// rule both ask. The product's term range then binds the application's term (financing-application-rules.ts).
import { newApplicationBlocks } from './lifecycle';

/** A capital side the make page offers, with whether the supplier's data-query consent covers it. */
export interface CapitalSideOption {
  keyId: string;
  name: string;
  consented: boolean;
}

/** A product of a capital side, live (启用, within its validity), with the ranges the application meets. */
export interface ProductOption {
  keyId: string;
  name: string;
  capitalSideId: string;
  termMinDays: number;
  termMaxDays: number;
  /** Annual, four places. */
  minRate: string;
  maxRate: string;
}

export const CapitalChoiceMessage = {
  sideMissing: '请选择资金方',
  productMissing: '请选择资金产品',
  sideUnknown: '资金方不存在',
  productUnavailable: '资金产品不存在、已停用或不在有效期内',
  productOtherSide: '资金产品不属于所选资金方',
  /** The words a warning and a refusal share, naming the capital side. */
  noConsentFor: (name: string) => `供应商尚未授权资金方“${name}”的数据查询，不能在该资金方发起融资申请`,
} as const;

export interface CapitalChoice {
  capitalSideId: string | null;
  productId: string | null;
}

/**
 * What is wrong with a choice of capital side and product, given what the gateway offers: an unknown side, a
 * product not live or of another side, a side the supplier gave no consent for. `complete` asks for both (the
 * submission); a draft may be saved with neither chosen yet.
 */
export function capitalChoiceProblems(
  choice: CapitalChoice,
  sides: readonly CapitalSideOption[],
  products: readonly ProductOption[],
  complete: boolean,
): string[] {
  const problems: string[] = [];
  const side = choice.capitalSideId ? sides.find((s) => s.keyId === choice.capitalSideId) : undefined;
  if (!choice.capitalSideId) {
    if (complete) problems.push(CapitalChoiceMessage.sideMissing);
  } else if (!side) problems.push(CapitalChoiceMessage.sideUnknown);
  else if (!side.consented) problems.push(CapitalChoiceMessage.noConsentFor(side.name));
  if (!choice.productId) {
    if (complete) problems.push(CapitalChoiceMessage.productMissing);
  } else {
    const product = products.find((p) => p.keyId === choice.productId);
    if (!product) problems.push(CapitalChoiceMessage.productUnavailable);
    else if (product.capitalSideId !== choice.capitalSideId) problems.push(CapitalChoiceMessage.productOtherSide);
  }
  return problems;
}

/**
 * The warnings of the make page, before anything is typed: the supplier's 禁止新申请 lock, and consent — for the
 * chosen capital side by name, else for any side at all. The same words as the table's refusal at 提交.
 */
export function applicationWarnings(
  facts: { locked: boolean; anyConsent: boolean },
  choice: CapitalChoice,
  sides: readonly CapitalSideOption[],
): string[] {
  const side = sides.find((s) => s.keyId === choice.capitalSideId);
  const blocks = newApplicationBlocks({
    supplierLocked: { newApplication: facts.locked, lending: false },
    consent: facts.anyConsent,
  });
  if (side && !side.consented) blocks.push(CapitalChoiceMessage.noConsentFor(side.name));
  return blocks;
}

/** The product's term range within the application's own (30–360 days) and the effective cap's. */
export function termRange(
  product: Pick<ProductOption, 'termMinDays' | 'termMaxDays'> | null,
  bounds: { min: number; max: number },
): { min: number; max: number } {
  return {
    min: Math.max(bounds.min, product?.termMinDays ?? bounds.min),
    max: Math.min(bounds.max, product?.termMaxDays ?? bounds.max),
  };
}
