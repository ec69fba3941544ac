// SPEC §9 and DESIGN §2 money display: thousands separators and at least two decimals, from decimal
// strings (yuan) or integer 分 (string or bigint), exact at any size: amounts beyond 2^53 分 never pass
// through a float. Extra decimals the server sent are kept (trailing zeros beyond two dropped) unless a
// fixed number of places is asked for, which rounds half away from zero.
import {
  decimalFromBigInt,
  decimalFromNumber,
  decimalToNumber,
  decimalToString,
  parseDecimal,
  roundDecimal,
  trimDecimal,
  type Decimal,
} from '../decimal/decimal';

export type MoneyInput = string | bigint | number | null | undefined;

export const EMPTY_MONEY = '--';
const MIN_DECIMALS = 2;

export interface MoneyFormatOptions {
  /** Round to exactly this many decimals (at least two are always shown). */
  decimals?: number;
}

function toDecimal(value: MoneyInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return decimalFromBigInt(value);
  // A number is taken as the decimal its shortest text shows; the wire should carry strings.
  if (typeof value === 'number') return decimalFromNumber(value);
  return parseDecimal(value);
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function display(d: Decimal, options: MoneyFormatOptions): string {
  const places = options.decimals === undefined ? undefined : Math.max(MIN_DECIMALS, Math.floor(options.decimals));
  const shaped = places === undefined ? trimDecimal(d, MIN_DECIMALS) : roundDecimal(d, places);
  const text = decimalToString(shaped);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const body = `${group(whole)}.${fraction}`;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** Yuan as a decimal string (or bigint) → '1,234,567.50'; '--' for empty or not a number. */
export function formatMoney(value: MoneyInput, options: MoneyFormatOptions = {}): string {
  const d = toDecimal(value);
  return d === null ? EMPTY_MONEY : display(d, options);
}

/** Integer 分 (string or bigint) → yuan with separators: 123456 → '1,234.56'; '--' when not an integer. */
export function formatFen(fen: string | bigint | null | undefined, options: MoneyFormatOptions = {}): string {
  if (fen === null || fen === undefined) return EMPTY_MONEY;
  if (typeof fen === 'string' && !/^\s*[+-]?\d+\s*$/.test(fen)) return EMPTY_MONEY;
  const units = typeof fen === 'bigint' ? fen : BigInt(fen.trim());
  return display({ units, scale: 2 }, options);
}

/** Reads a shown amount back ('1,234.50' → '1234.50'); null when it is not one. */
export function parseMoney(shown: string): string | null {
  const text = shown.trim();
  if (!/^[+-]?(\d{1,3}(,\d{3})*|\d+)(\.\d+)?$/.test(text)) return null;
  const d = parseDecimal(text.replace(/,/g, ''));
  return d === null ? null : decimalToString(d);
}

/** An amount as a person writes one: digits, separators, at most one point; never exponent notation. */
const TYPED_AMOUNT = /^\s*[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d*)?\s*$/;

/** Whether the text is written in exponent notation ('1e5'), which no amount a person means is. */
export function isExponentText(text: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+\s*$/i.test(text);
}

/**
 * Yuan text → integer 分, exact; null when it is not an amount as a person writes one (so '1e5' is refused,
 * never read as 100,000.00) or has a fraction of a 分.
 */
export function yuanToFen(yuan: string): bigint | null {
  if (!TYPED_AMOUNT.test(yuan)) return null;
  const d = parseDecimal(yuan.replace(/,/g, ''));
  if (d === null) return null;
  const cents = trimDecimal(d, 0);
  if (cents.scale > 2) return null;
  return cents.units * 10n ** BigInt(2 - cents.scale);
}

/**
 * 分 as 万元 for a chart's bar height only — the one float an amount becomes, never summed, compared or shown
 * (the figure beside the bar is written from the 分). Not an integer 分 → 0.
 */
export function fenAsWanForDrawing(fen: string | number | bigint | null | undefined): number {
  const text = String(fen ?? 0).trim();
  if (!/^[+-]?\d+$/.test(text)) return 0;
  return decimalToNumber(decimalFromBigInt(BigInt(text), 6));
}
