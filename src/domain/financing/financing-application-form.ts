// The make page's live figures (BUSINESS.md §2 FinancingApplication: "the available amount computed live on
// the application form"): each chosen order's cap at the binding ratio, the amount typed in 元 read exactly
// into 分, what is wrong with it, and the totals. The same pure functions as the gateway's rule
// (financing-application-rules.ts), so the page and 提交 agree.
import { formatFen, yuanToFen } from '../format/money-format';
import { ratioPercent } from './pre-credit-rules';
import { lineCap } from './financing-application-rules';

export interface LineInput {
  orderId: string;
  /** The amount as typed, in 元. */
  text: string;
}

export interface LineFigures {
  orderId: string;
  /** 分 the order may still finance (eligible × ratio). */
  cap: bigint;
  /** 分 as typed; null when not a valid amount. */
  amount: bigint | null;
  error: string | null;
}

export const FinancingApplicationFormMessage = {
  amount: '请输入融资金额（元，最多两位小数）',
  positive: '融资金额须大于0',
  overCap: (cap: bigint, ratio: string) => `不得超过可融资余额×${ratioPercent(ratio)}：${formatFen(cap)}元`,
} as const;

export function lineFigures(line: LineInput, eligibleAmount: number, ratio: string): LineFigures {
  const cap = lineCap(eligibleAmount, ratio);
  const amount = line.text.trim() === '' ? null : yuanToFen(line.text.trim());
  let error: string | null = null;
  if (amount === null) error = FinancingApplicationFormMessage.amount;
  else if (amount <= 0n) error = FinancingApplicationFormMessage.positive;
  else if (amount > cap) error = FinancingApplicationFormMessage.overCap(cap, ratio);
  return { orderId: line.orderId, cap, amount, error };
}

export interface Totals {
  count: number;
  /** Σ eligible of the chosen orders, 分. */
  eligible: bigint;
  /** Σ caps, 分. */
  cap: bigint;
  /** Σ valid amounts, 分. */
  total: bigint;
}

export function totals(figures: readonly LineFigures[], eligible: readonly number[]): Totals {
  return {
    count: figures.length,
    eligible: eligible.reduce((s, e) => s + BigInt(e), 0n),
    cap: figures.reduce((s, f) => s + f.cap, 0n),
    total: figures.reduce((s, f) => s + (f.amount !== null && f.amount > 0n ? f.amount : 0n), 0n),
  };
}

/** 分 → the text the amount box shows ('80000.00'). */
export function fenToYuanText(fen: number | bigint): string {
  const f = BigInt(fen);
  const sign = f < 0n ? '-' : '';
  const abs = f < 0n ? -f : f;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
