// The effective cap of a financing (BUSINESS.md §2 Parameters: "The effective cap is the minimum of the
// product, subsidiary and summary values"): for the single amount, the financing ratio and the term, the
// smallest value any of the three sources sets. A source that sets no value for a cap does not bind it.
// Money is bigint 分 and ratios exact decimal strings ('0.8000'), compared without binary floats.
import { compareDecimals, decimalToString, parseDecimal, trimDecimal } from '../decimal/decimal';

export type CapSourceName = 'product' | 'subsidiary' | 'summary';

/** What one source sets; null, undefined or '' means "no value". */
export interface CapSource {
  singleMaxAmount?: bigint | null;
  maxFinancingRatio?: string | null;
  maxTermDays?: number | null;
}

export interface Bound<T> {
  value: T;
  /** Which source binds (the first in product, subsidiary, summary order on a tie). */
  from: CapSourceName;
}

export interface EffectiveCap {
  singleMaxAmount: Bound<bigint> | null;
  /** Four places, as rates travel ('0.8000'). */
  maxFinancingRatio: Bound<string> | null;
  maxTermDays: Bound<number> | null;
}

const ORDER: readonly CapSourceName[] = ['product', 'subsidiary', 'summary'];

function smallest<T>(
  sources: Partial<Record<CapSourceName, CapSource | null>>,
  read: (s: CapSource) => T | null | undefined,
  less: (a: T, b: T) => boolean,
): Bound<T> | null {
  let best: Bound<T> | null = null;
  for (const from of ORDER) {
    const source = sources[from];
    const value = source ? read(source) : undefined;
    if (value === null || value === undefined || value === '') continue;
    if (!best || less(value, best.value)) best = { value, from };
  }
  return best;
}

function ratioOf(text: string): string {
  const d = parseDecimal(text);
  if (d === null || d.units < 0n) throw new RangeError(`融资比例不正确：${text}`);
  const trimmed = trimDecimal(d, 4);
  if (trimmed.scale > 4) throw new RangeError(`融资比例最多4位小数：${text}`);
  return decimalToString(trimmed);
}

/** The minimum of the product's, the subsidiary's and the summary's values for each cap. */
export function effectiveCap(sources: Partial<Record<CapSourceName, CapSource | null>>): EffectiveCap {
  return {
    singleMaxAmount: smallest(
      sources,
      (s) => s.singleMaxAmount,
      (a, b) => a < b,
    ),
    maxFinancingRatio: smallest(
      sources,
      (s) => (s.maxFinancingRatio ? ratioOf(s.maxFinancingRatio) : null),
      (a, b) => compareDecimals(parseDecimal(a)!, parseDecimal(b)!) < 0,
    ),
    maxTermDays: smallest(
      sources,
      (s) => s.maxTermDays,
      (a, b) => a < b,
    ),
  };
}
