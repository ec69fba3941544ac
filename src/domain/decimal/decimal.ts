// Exact decimal arithmetic on bigint, for the few places where binary floats would show: money beyond
// 2^53 分, and number inputs that step or round (0.1 + 0.2 must be 0.3, 1.005 at two places must be 1.01).
// A decimal is an integer count of 10^-scale; nothing here ever goes through a float except
// decimalFromNumber, which starts from the shortest text JavaScript gives for the number.

export interface Decimal {
  /** The value times 10^scale. */
  readonly units: bigint;
  /** Digits after the point; never negative. */
  readonly scale: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const TEN = 10n;

function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** Parses plain or exponent notation ('12', '-0.50', '.5', '1e21', '1.5e-7'); null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return null;
  const [, sign, whole = '', fraction = '', exponent] = m;
  if (whole === '' && fraction === '') return null;
  const exp = exponent === undefined ? 0 : Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 10_000) return null;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exp;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** The decimal JavaScript means by a finite number (its shortest round-tripping text); null otherwise. */
export function decimalFromNumber(n: number): Decimal | null {
  return Number.isFinite(n) ? parseDecimal(String(n)) : null;
}

export function decimalFromBigInt(n: bigint, scale = 0): Decimal {
  return { units: n, scale };
}

/** Plain notation with exactly `scale` digits after the point; never '-0'. */
export function decimalToString(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale);
  const body = d.scale > 0 ? `${whole}.${fraction}` : whole;
  return negative ? `-${body}` : body;
}

export function decimalToNumber(d: Decimal): number {
  return Number(decimalToString(d));
}

/** The same value written with `scale` digits (scale must not drop non-zero digits; use roundDecimal). */
function rescale(d: Decimal, scale: number): Decimal {
  return scale >= d.scale ? { units: d.units * pow10(scale - d.scale), scale } : roundDecimal(d, scale);
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
}

export function negateDecimal(d: Decimal): Decimal {
  return { units: -d.units, scale: d.scale };
}

export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rounds half away from zero to `precision` digits after the point (the result has that scale). */
export function roundDecimal(d: Decimal, precision: number): Decimal {
  const p = Math.max(0, Math.floor(precision));
  if (p >= d.scale) return { units: d.units * pow10(p - d.scale), scale: p };
  const divisor = pow10(d.scale - p);
  const negative = d.units < 0n;
  const magnitude = negative ? -d.units : d.units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return { units: negative ? -quotient : quotient, scale: p };
}

/** Drops trailing zeros after the point, keeping at least `minScale` digits. */
export function trimDecimal(d: Decimal, minScale = 0): Decimal {
  let { units, scale } = d;
  while (scale > minScale && units % TEN === 0n) {
    units /= TEN;
    scale -= 1;
  }
  return scale < minScale ? { units: units * pow10(minScale - scale), scale: minScale } : { units, scale };
}
