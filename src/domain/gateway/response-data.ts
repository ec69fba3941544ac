// SPEC §7.1: the server writes "no value" as one of a few placeholder numbers; the client shows them as
// empty. Applied to response data recursively through plain objects and arrays; every other value, and
// every other kind of object (Date, typed arrays, …), is left as it is. The input is not changed.
export const PLACEHOLDER_NUMBERS: readonly number[] = [-9999999999, -999, -99900, -2209017600000];

export type Blanked<T> = T extends number
  ? T | ''
  : T extends readonly (infer U)[]
    ? Blanked<U>[]
    : T extends Date | ArrayBuffer | ArrayBufferView
      ? T
      : T extends object
        ? { [K in keyof T]: Blanked<T[K]> }
        : T;

export function isPlaceholderNumber(value: unknown): boolean {
  return typeof value === 'number' && PLACEHOLDER_NUMBERS.includes(value);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function blankPlaceholders<T>(data: T): Blanked<T> {
  return blank(data) as Blanked<T>;
}

function blank(value: unknown): unknown {
  if (isPlaceholderNumber(value)) return '';
  if (Array.isArray(value)) return value.map(blank);
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // defineProperty, so a "__proto__" key from JSON stays an own property.
      Object.defineProperty(out, key, {
        value: blank(value[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
