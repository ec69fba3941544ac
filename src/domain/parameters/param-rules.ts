// The rules with numbers the parameter and fund definitions share (BUSINESS.md §2, §3): rates compared
// exactly as decimal text, never as floats, and the first refusal named by its field. Each definition's
// `crossCheck` lists its own rules from these pieces, so the dialog and the gateway say the same words.
import { compareDecimals, parseDecimal } from '../decimal/decimal';
import type { ResourceForm } from '../resource/resource';

/** The hard ceiling of any financing ratio [S10]. */
export const MAX_FINANCING_RATIO = '0.9000';
/** The longest term of any financing, in days [S9, S10]. */
export const MAX_TERM_DAYS = 360;

/** -1, 0 or 1 as rate text a compares to b; null when either is not a decimal. */
export function compareRates(a: string, b: string): -1 | 0 | 1 | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x && y ? compareDecimals(x, y) : null;
}

export type Refusal = { key: string; message: string } | null;

/** A rate field no greater than `max` (its message names the ceiling as a percentage). */
export const rateAtMost =
  (key: string, label: string, max: string, maxText: string) =>
  (form: ResourceForm): Refusal => {
    const value = form[key];
    if (typeof value !== 'string' || value === '') return null;
    return compareRates(value, max) === 1 ? { key, message: `${label}不能大于${maxText}` } : null;
  };

/** A rate field strictly above zero. */
export const rateAboveZero =
  (key: string, label: string) =>
  (form: ResourceForm): Refusal => {
    const value = form[key];
    if (typeof value !== 'string' || value === '') return null;
    return compareRates(value, '0') === 1 ? null : { key, message: `${label}须大于0` };
  };

/** `low` ≤ `high` for two rate, number or date fields (dates compare as 'YYYY-MM-DD' text); refused on `high`. */
export const notAbove =
  (low: string, high: string, message: string) =>
  (form: ResourceForm): Refusal => {
    const a = form[low];
    const b = form[high];
    if (a === null || a === undefined || a === '' || b === null || b === undefined || b === '') return null;
    if (typeof a === 'number' && typeof b === 'number') return a > b ? { key: high, message } : null;
    if (typeof a !== 'string' || typeof b !== 'string') return null;
    const rates = compareRates(a, b);
    const order = /^\d{4}-\d{2}-\d{2}$/.test(a) ? (a > b ? 1 : 0) : rates;
    return order === 1 ? { key: high, message } : null;
  };

/**
 * Every rule's refusal, in order, one a field: a form shows all that is wrong at once (the gateway answers with
 * the first).
 */
export const everyRefusal =
  (...rules: ((form: ResourceForm) => Refusal)[]) =>
  (form: ResourceForm): NonNullable<Refusal>[] => {
    const out: NonNullable<Refusal>[] = [];
    for (const rule of rules) {
      const refusal = rule(form);
      if (refusal && !out.some((r) => r.key === refusal.key)) out.push(refusal);
    }
    return out;
  };
