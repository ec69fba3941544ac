import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_NUMBERS, blankPlaceholders, isPlaceholderNumber } from './response-data';

const runs = { numRuns: 1000 };

describe('placeholder numbers in response data (SPEC §7.1)', () => {
  it('has the spec placeholders', () => {
    expect(PLACEHOLDER_NUMBERS).toEqual([-9999999999, -999, -99900, -2209017600000]);
  });

  it.each<[unknown, unknown]>([
    [-999, ''],
    [-9999999999, ''],
    [-99900, ''],
    [-2209017600000, ''],
    [-998, -998],
    ['-999', '-999'],
    [0, 0],
    [null, null],
    [undefined, undefined],
    [true, true],
    [
      { a: -999, b: { c: [-99900, 1, '-999'] } },
      { a: '', b: { c: ['', 1, '-999'] } },
    ],
    [[[-999]], [['']]],
  ])('%j → %j', (input, expected) => {
    expect(blankPlaceholders(input)).toEqual(expected);
  });

  it('leaves other objects alone and keeps a "__proto__" key as data', () => {
    const date = new Date(0);
    expect(blankPlaceholders({ at: date }).at).toBe(date);
    const parsed = JSON.parse('{"__proto__": -999, "x": 1}') as Record<string, unknown>;
    const out = blankPlaceholders(parsed) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  const leaf = fc.oneof(
    fc.constantFrom(...PLACEHOLDER_NUMBERS),
    fc.integer(),
    fc.string({ maxLength: 4 }),
    fc.boolean(),
    fc.constant(null),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('tree'), { maxLength: 4 }),
    object: fc.dictionary(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 2 }), tie('tree'), {
      maxKeys: 4,
    }),
  }));

  function walk(a: unknown, b: unknown): boolean {
    if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => walk(x, b[i]));
    if (a !== null && typeof a === 'object') {
      const ka = Object.keys(a);
      return (
        b !== null &&
        typeof b === 'object' &&
        !Array.isArray(b) &&
        ka.join() === Object.keys(b).join() &&
        ka.every((k) => walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      );
    }
    return isPlaceholderNumber(a) ? b === '' : Object.is(a, b);
  }

  it('blanks exactly the placeholders, keeps the shape, changes nothing else and not the input', () => {
    fc.assert(
      fc.property(tree, (data) => {
        const before = JSON.stringify(data);
        const out = blankPlaceholders(data);
        return walk(data, out) && JSON.stringify(data) === before;
      }),
      runs,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(tree, (data) => {
        const once = blankPlaceholders(data);
        return JSON.stringify(blankPlaceholders(once)) === JSON.stringify(once);
      }),
      runs,
    );
  });
});
