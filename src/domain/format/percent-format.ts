// Rates and ratios as people read and write them (BUSINESS.md: on the wire and in the database an annual rate or
// a ratio is a decimal string with four places, '0.0600'): on every screen a percentage — 6.00%, typed as 6 or
// 6.5 (5 means 5 %, never 0.05). The one formatter of the client; exact, never through a binary float.
import { decimalToString, parseDecimal, trimDecimal } from '../decimal/decimal';

/**
 * A rate or ratio as a percentage, exactly: '0.0600' → '6.00%', '1.5000' → '150.00%' (two places at least);
 * with `trim`, no trailing zeros: '0.8000' → '80%', '0.7550' → '75.5%'. Nothing → '--'.
 */
export function formatPercent(rate: string | null | undefined, options: { trim?: boolean } = {}): string {
  if (rate === null || rate === undefined || rate === '') return '--';
  const d = parseDecimal(rate);
  if (d === null) return rate;
  const shifted =
    d.scale >= 2 ? { units: d.units, scale: d.scale - 2 } : { units: d.units * 10n ** BigInt(2 - d.scale), scale: 0 };
  return `${decimalToString(trimDecimal(shifted, options.trim ? 0 : 2))}%`;
}

/** A typed percentage: digits with at most two places, an optional % ('6', '6.5', '6.25%'). */
const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/;

/** The four-place rate a typed percentage means ('5' → '0.0500', '6.25' → '0.0625'); null when it is none. */
export function percentToRate(text: string): string | null {
  const m = PERCENT_TEXT.exec(text.trim());
  if (!m) return null;
  const hundredths = BigInt(m[1] as string) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return decimalToString({ units: hundredths, scale: 4 });
}

/** A rate as it is typed back into its field: '0.0650' → '6.5', '0.0500' → '5'. */
export function rateToPercentText(rate: string | null | undefined): string {
  const shown = formatPercent(rate, { trim: true });
  return shown === '--' ? '' : shown.replace(/%$/, '');
}
