import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  decimalFromNumber,
  decimalToNumber,
  decimalToString,
  parseDecimal,
  roundDecimal,
  trimDecimal,
  type Decimal,
} from './decimal';

const runs = { numRuns: 1000 };
const decimal = fc
  .record({ units: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scale: fc.integer({ min: 0, max: 12 }) })
  .map((d): Decimal => d);
const text = (s: string) => {
  const d = parseDecimal(s);
  return d === null ? null : decimalToString(d);
};

describe('parseDecimal and decimalToString', () => {
  it.each([
    ['12', '12'],
    ['-0.50', '-0.50'],
    ['+3.', '3'],
    ['.5', '0.5'],
    ['007.10', '7.10'],
    ['1e21', '1000000000000000000000'],
    ['1.5e-7', '0.00000015'],
    ['-0', '0'],
    ['  42  ', '42'],
    ['', null],
    ['.', null],
    ['1,000', null],
    ['abc', null],
    ['1.2.3', null],
    ['--1', null],
    ['Infinity', null],
  ])('%j → %j', (input, expected) => {
    expect(text(input)).toBe(expected);
  });

  it('round-trips every decimal through its text', () => {
    fc.assert(
      fc.property(decimal, (d) => {
        const back = parseDecimal(decimalToString(d));
        return back !== null && back.units === d.units && back.scale === d.scale;
      }),
      runs,
    );
  });

  it('reads numbers from their shortest text, so binary noise never appears', () => {
    expect(decimalToString(decimalFromNumber(0.1)!)).toBe('0.1');
    expect(decimalToString(decimalFromNumber(1e-7)!)).toBe('0.0000001');
    expect(decimalFromNumber(Number.NaN)).toBeNull();
    expect(decimalFromNumber(Number.POSITIVE_INFINITY)).toBeNull();
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (n) => decimalToNumber(decimalFromNumber(n)!) === n || (n === 0 && Object.is(n, -0)),
      ),
      runs,
    );
  });
});

describe('arithmetic', () => {
  it('adds exactly: 0.1 + 0.2 is 0.3', () => {
    expect(decimalToString(addDecimals(parseDecimal('0.1')!, parseDecimal('0.2')!))).toBe('0.3');
    expect(decimalToNumber(addDecimals(decimalFromNumber(0.1)!, decimalFromNumber(0.2)!))).toBe(0.3);
  });

  it.each([
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['1.004', 2, '1.00'],
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['0.5', 0, '1'],
    ['1.2', 3, '1.200'],
    ['-0.004', 2, '0.00'],
  ])('rounds %s at %d places half away from zero → %s', (input, p, expected) => {
    expect(decimalToString(roundDecimal(parseDecimal(input)!, p))).toBe(expected);
  });

  it('trims trailing zeros down to a minimum scale', () => {
    expect(decimalToString(trimDecimal(parseDecimal('1.500')!, 2))).toBe('1.50');
    expect(decimalToString(trimDecimal(parseDecimal('1.5')!, 2))).toBe('1.50');
    expect(decimalToString(trimDecimal(parseDecimal('100')!))).toBe('100');
  });

  it('adds commutatively and consistently with compare', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const ab = addDecimals(a, b);
        return (
          compareDecimals(ab, addDecimals(b, a)) === 0 &&
          compareDecimals(ab, a) === (b.units > 0n ? 1 : b.units < 0n ? -1 : 0)
        );
      }),
      runs,
    );
  });

  it('rounds to within half a unit of the last place, and rounding twice changes nothing', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 14 }), (d, p) => {
        const r = roundDecimal(d, p);
        const diff = addDecimals(r, { units: -d.units, scale: d.scale });
        const twice = roundDecimal(r, p);
        const scale = Math.max(diff.scale, p + 1);
        const limit = 5n * 10n ** BigInt(scale - p - 1);
        const units = diff.units * 10n ** BigInt(scale - diff.scale);
        return r.scale === p && twice.units === r.units && (units < 0n ? -units : units) <= limit;
      }),
      runs,
    );
  });

  it('keeps value when trimming', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 4 }), (d, min) => {
        const t = trimDecimal(d, min);
        return compareDecimals(t, d) === 0 && t.scale >= Math.min(min, t.scale) && t.scale >= min;
      }),
      runs,
    );
  });
});
