// The hard controls of stage 0 and stage 1 (BUSINESS.md §1.3, §3) as pure functions of the numbers the
// gateway loaded: accepting a demand (ACCEPT_DEMAND) and submitting a pre-credit (SUBMIT_PRE_CREDIT). Each
// answers the refusals in Chinese, empty when the rule holds; the lifecycle table refuses with the first.
// Locks and consent are the table's own guards, not repeated here.
//
// The ceiling of a pre-credit is Σ eligible amount of each basis order × that order's financing ratio,
// rounded down to the 分: an order's ratio is the effective cap (src/domain/parameters/effective-cap.ts) of
// its own project company when a parameter sets one, else the default 80 %, never above the hard 90 %
// (BUSINESS.md §3 "Financing ratio") — so which project company a screen filters by never moves the cap.
// The amount is also held to the effective single financing amount when one is set. An order past due, or
// with under 30 days of life left, is no basis for a financing. Exact bigint arithmetic, never a binary float.
import { parseDecimal } from '../decimal/decimal';
import { formatFen } from '../format/money-format';
import { formatPercent } from '../format/percent-format';

/** BUSINESS.md §2 FinancingDemand: 1 万元 to 1 亿元, 30 to 360 days. */
export const DEMAND_AMOUNT_MIN_FEN = 1_000_000;
export const DEMAND_AMOUNT_MAX_FEN = 10_000_000_000;
export const DEMAND_TERM_MIN_DAYS = 30;
export const DEMAND_TERM_MAX_DAYS = 360;

/** BUSINESS.md §3 "Minimum remaining life of an order at application". */
export const MIN_REMAINING_DAYS = 30;

/** BUSINESS.md §3 "Financing ratio" and "Validity". */
export const DEFAULT_FINANCING_RATIO = '0.8000';
export const HARD_MAX_FINANCING_RATIO = '0.9000';
export const PRE_CREDIT_VALID_DAYS = 90;
export const PRE_CREDIT_VALID_DAYS_MAX = 365;

export const PreCreditMessage = {
  supplierGone: '供应商不存在或已停用',
  demandAmount: '期望金额须在1万元至1亿元之间',
  demandTerm: '期望期限须在30至360天之间',
  amountPositive: '申请额度须大于0',
  noOrders: '请至少选择一张依据付款单',
  orderGone: (no: string) => `付款单${no}不存在`,
  orderUnconfirmed: (no: string) => `付款单${no}未确权`,
  orderLocked: (no: string) => `付款单${no}已锁定`,
  remainingLife: (no: string, due: string) =>
    `付款单${no}剩余期限不足${MIN_REMAINING_DAYS}天（应付日${due}），不能融资`,
  approvedPositive: '批复额度须为大于0的金额',
  approvedOverApplied: (applied: bigint) => `批复额度不能超过申请额度${formatFen(applied)}元`,
  overSingleMax: (max: bigint) => `申请额度超过单笔融资上限${formatFen(max)}元`,
  overCeiling: (ceiling: bigint, ratios: readonly string[]) =>
    `申请额度超过依据付款单可融资额度（可融资余额×${ceilingRatioText(ratios)}）${formatFen(ceiling)}元`,
} as const;

export interface DemandFacts {
  supplierEnabled: boolean;
  expectedAmount: number;
  expectedTermDays: number;
}

/** ACCEPT_DEMAND: the supplier is a live supplier and the demand's figures are within BUSINESS.md §2. */
export function acceptDemandProblems(d: DemandFacts): string[] {
  const problems: string[] = [];
  if (!d.supplierEnabled) problems.push(PreCreditMessage.supplierGone);
  if (d.expectedAmount < DEMAND_AMOUNT_MIN_FEN || d.expectedAmount > DEMAND_AMOUNT_MAX_FEN) {
    problems.push(PreCreditMessage.demandAmount);
  }
  if (d.expectedTermDays < DEMAND_TERM_MIN_DAYS || d.expectedTermDays > DEMAND_TERM_MAX_DAYS) {
    problems.push(PreCreditMessage.demandTerm);
  }
  return problems;
}

export interface BasisOrder {
  orderId: string;
  orderNo: string;
  supplierId: string;
  /** The order's 确权 status; only CONFIRMED counts. */
  confirmStatus: string;
  locked: boolean;
  /** src/domain/assets/eligible-amount.ts, in 分. */
  eligibleAmount: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** The effective cap's financing ratio for this order's own project company, if a parameter sets one. */
  ratio?: string | null;
}

/** Whole days from one calendar day to another (the start counted, the end not). */
export function daysBetween(from: string, to: string): number {
  const day = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
  };
  return Math.round(day(to) - day(from));
}

/** An order due at least 30 days after `today` may still be financed; one past due or closer may not. */
export const hasFinanceableLife = (dueDate: string, today: string): boolean =>
  daysBetween(today, dueDate) >= MIN_REMAINING_DAYS;

/** The ratio that binds: the effective cap's when set, else the default; never above the hard maximum. */
export function financingRatio(effective?: string | null): string {
  const chosen = effective && parseDecimal(effective) ? effective : DEFAULT_FINANCING_RATIO;
  return units4(chosen) > units4(HARD_MAX_FINANCING_RATIO) ? HARD_MAX_FINANCING_RATIO : normalizeRatio(chosen);
}

/** The ratio that binds one order: its own project company's when known, else `ratio`. */
export const orderRatio = (order: { ratio?: string | null }, ratio: string): string =>
  order.ratio !== undefined ? financingRatio(order.ratio) : ratio;

/** Σ eligible × each order's ratio (`ratio` for an order that carries none), rounded down to the 分 once. */
export function preCreditCeiling(
  orders: readonly (Pick<BasisOrder, 'eligibleAmount'> & { ratio?: string | null })[],
  ratio: string,
): bigint {
  const sum = orders.reduce((acc, o) => acc + BigInt(Math.max(0, o.eligibleAmount)) * units4(orderRatio(o, ratio)), 0n);
  return sum / 10_000n;
}

export interface PreCreditFacts {
  supplierId: string;
  applyAmount: number;
  /** The ids the pre-credit names, and the orders found for them in the tenant. */
  basisOrderIds: readonly string[];
  orders: readonly BasisOrder[];
  /** The effective cap's financing ratio for an order that carries none of its own, if a parameter sets one. */
  ratio?: string | null;
  /** 'YYYY-MM-DD' in Asia/Shanghai. */
  today: string;
  /** The effective cap's single financing amount (分), if any parameter sets one. */
  singleMax?: bigint | null;
}

/**
 * SUBMIT_PRE_CREDIT: amount > 0, ≥ 1 order, every order confirmed, unlocked, the supplier's, with 30 days of
 * life left, and the ceiling at each order's own ratio.
 */
export function submitPreCreditProblems(p: PreCreditFacts): string[] {
  const problems: string[] = [];
  if (!(p.applyAmount > 0)) problems.push(PreCreditMessage.amountPositive);
  if (p.basisOrderIds.length === 0) problems.push(PreCreditMessage.noOrders);
  const byId = new Map(p.orders.map((o) => [o.orderId, o]));
  for (const id of p.basisOrderIds) {
    const o = byId.get(id);
    // Another supplier's order is, to this pre-credit, an order that does not exist: its number, amounts and
    // state are not the caller's to learn.
    if (!o || o.supplierId !== p.supplierId) problems.push(PreCreditMessage.orderGone(id));
    else if (o.confirmStatus !== 'CONFIRMED') problems.push(PreCreditMessage.orderUnconfirmed(o.orderNo));
    else if (o.locked) problems.push(PreCreditMessage.orderLocked(o.orderNo));
    else if (!hasFinanceableLife(o.dueDate, p.today))
      problems.push(PreCreditMessage.remainingLife(o.orderNo, o.dueDate));
  }
  if (p.singleMax != null && p.applyAmount > 0 && BigInt(p.applyAmount) > p.singleMax) {
    problems.push(PreCreditMessage.overSingleMax(p.singleMax));
  }
  if (p.basisOrderIds.length > 0 && p.applyAmount > 0) {
    const ratio = financingRatio(p.ratio);
    const counted = p.basisOrderIds
      .map((id) => byId.get(id))
      .filter((o): o is BasisOrder => !!o && o.supplierId === p.supplierId);
    const ceiling = preCreditCeiling(counted, ratio);
    if (BigInt(p.applyAmount) > ceiling) {
      problems.push(
        PreCreditMessage.overCeiling(
          ceiling,
          counted.map((o) => orderRatio(o, ratio)),
        ),
      );
    }
  }
  return problems;
}

/** The field the final 通过 of a pre-credit may carry: the 批复额度 in 分 (the applied amount when absent). */
export const APPROVED_AMOUNT_KEY = 'approvedAmount';

/**
 * The reviewer's 批复额度 against the applied amount (BUSINESS.md §4 examine, "approved ≤ applied"): absent
 * means the applied amount; otherwise a whole number of 分 above 0 and at most what was applied.
 */
export function approvedAmountProblem(value: string | number | null | undefined, applied: bigint): string | null {
  if (value === null || value === undefined || value === '') return null;
  const fen = fenOfInput(value);
  if (fen === null || fen <= 0n) return PreCreditMessage.approvedPositive;
  return fen > applied ? PreCreditMessage.approvedOverApplied(applied) : null;
}

/** A whole number of 分 as sent (a safe integer, or its digits); null when it is not one. */
function fenOfInput(value: string | number): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  const digits = value.trim();
  return /^-?[0-9]{1,16}$/.test(digits) ? BigInt(digits) : null;
}

/** The 批复额度 a final 通过 stores: the reviewer's (checked by `approvedAmountProblem`), else the applied amount. */
export const approvedAmountOf = (value: string | number | null | undefined, applied: bigint): bigint =>
  value === null || value === undefined || value === '' ? applied : (fenOfInput(value) ?? applied);

/** The last day of validity: `days` calendar days from the start day, the start day counted. */
export function validTo(fromDay: string, days: number = PRE_CREDIT_VALID_DAYS): string {
  const [y, m, d] = fromDay.split('-').map(Number);
  const end = new Date(Date.UTC(y!, m! - 1, d! + days - 1));
  return end.toISOString().slice(0, 10);
}

export const PreCreditExpiryMessage = {
  expired: (validTo: string) => `预授信已于${validTo}到期失效，不能提交融资申请`,
  noValidity: '预授信没有有效期，不能判断是否失效',
  stillValid: (validTo: string) => `预授信有效期至${validTo}，尚未到期`,
  pastApplication: '融资申请已审核通过，预授信不再失效',
} as const;

/** The stages a pre-credit's validity governs: itself, and the application it carries until that passes. */
export const PRE_CREDIT_GOVERNS: readonly string[] = ['PRE_CREDIT', 'APPLICATION'];

/** A pre-credit is valid through its last day (`validTo`, 'YYYY-MM-DD'), and lapsed from the day after. */
export const preCreditLapsed = (validTo: string | null, today: string): boolean => validTo !== null && today > validTo;

/** Submitting an application on a lapsed pre-credit: refused, naming the day it lapsed. */
export function applicationOnPreCreditProblems(validTo: string | null, today: string): string[] {
  return validTo !== null && preCreditLapsed(validTo, today) ? [PreCreditExpiryMessage.expired(validTo)] : [];
}

/**
 * EXPIRE (失效): a business becomes 已失效 when its pre-credit lapsed while the pre-credit or the application it
 * carries was still being made or reviewed; once the application passed, the pre-credit no longer governs.
 */
export function expireProblems(f: { stage: string; validTo: string | null; today: string }): string[] {
  if (!PRE_CREDIT_GOVERNS.includes(f.stage)) return [PreCreditExpiryMessage.pastApplication];
  if (f.validTo === null) return [PreCreditExpiryMessage.noValidity];
  return preCreditLapsed(f.validTo, f.today) ? [] : [PreCreditExpiryMessage.stillValid(f.validTo)];
}

function units4(ratio: string): bigint {
  const d = parseDecimal(ratio);
  if (!d || d.units < 0n) return 0n;
  return d.scale <= 4 ? d.units * 10n ** BigInt(4 - d.scale) : d.units / 10n ** BigInt(d.scale - 4);
}

function normalizeRatio(ratio: string): string {
  const u = units4(ratio);
  return `${u / 10_000n}.${String(u % 10_000n).padStart(4, '0')}`;
}

/**
 * The ratio a ceiling was taken at, as the page and the refusal both name it: the one ratio of the orders
 * ('75%'), or 各付款单项目公司的融资比例 when they differ.
 */
export function ceilingRatioText(ratios: readonly string[]): string {
  const distinct = [...new Set(ratios.map(normalizeRatio))];
  return distinct.length === 1 ? ratioPercent(distinct[0] as string) : '各付款单项目公司的融资比例';
}

/** A ratio as the rules' messages say it, read as a ratio first (four places, never below 0): '0.7550' → '75.5%'. */
export function ratioPercent(ratio: string): string {
  return formatPercent(normalizeRatio(ratio), { trim: true });
}
