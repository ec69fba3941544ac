// SPEC §7.1: placeholder numbers in response data stand for "no value" and are shown as empty strings.
// Applied recursively through arrays and plain objects; every other value is left as it is.
export const PLACEHOLDER_NUMBERS: ReadonlySet<number> = new Set([-9999999999, -999, -99900, -2209017600000]);

export function replacePlaceholders<T>(value: T): T {
  if (typeof value === 'number') return (PLACEHOLDER_NUMBERS.has(value) ? '' : value) as T;
  if (Array.isArray(value)) return value.map((v) => replacePlaceholders(v)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // fromEntries defines own properties, so a '__proto__' key in the data cannot replace the prototype.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replacePlaceholders(v)])) as T;
  }
  return value;
}
