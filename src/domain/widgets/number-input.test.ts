import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canStep,
  normalizeNumber,
  numberDisplay,
  readNumberText,
  spinNumber,
  stepNumber,
  type NumberInputRules,
} from './number-input';

const runs = { numRuns: 1000 };

describe('number input (SPEC §5, §9)', () => {
  it.each<[number, NumberInputRules, number | null]>([
    [5, { min: 0, max: 10 }, 5],
    [-1, { min: 0, max: 10 }, 0],
    [11, { min: 0, max: 10 }, 10],
    [1.005, { precision: 2 }, 1.01],
    [1.004, { precision: 2 }, 1],
    [-1.005, { precision: 2 }, -1.01],
    [0.1 + 0.2, { precision: 2 }, 0.3],
    [2.5, { precision: 0 }, 3],
    [9.996, { max: 9.99, precision: 2 }, 9.99],
    [1.2345, { max: 1.2345, precision: 2 }, 1.23],
    [Number.NaN, {}, null],
    [Number.POSITIVE_INFINITY, {}, null],
  ])('%d with %j → %s', (value, rules, expected) => {
    expect(normalizeNumber(value, rules)).toBe(expected);
  });

  it('steps exactly: 0.1 up by 0.2 is 0.3, and bounds hold', () => {
    expect(stepNumber(0.1, 1, { step: 0.2 })).toBe(0.3);
    expect(stepNumber(0.3, -1, { step: 0.1 })).toBe(0.2);
    expect(stepNumber(1, 1, {})).toBe(2);
    expect(stepNumber(null, 1, {})).toBe(1);
    expect(stepNumber(null, -1, { min: 0 })).toBe(0);
    expect(stepNumber(9.5, 1, { max: 10 })).toBe(10);
    expect(stepNumber(1.25, 1, { step: 1, precision: 1 })).toBe(2.3);
    expect(stepNumber(0.7, 1, { step: 0.1 })).toBe(0.8);
  });

  it.each<[number | null, number, NumberInputRules, number | null]>([
    [0.1, 0.1 + 0.2, { step: 0.2 }, 0.3],
    [0.7, 0.7999999999999999, { step: 0.1 }, 0.8],
    [0.1, 1.1, { step: 0.1 }, 1.1],
    [5, 0, { min: 0, max: 10 }, 0],
    [5, 10, { min: 0, max: 10 }, 10],
    [null, 1, {}, 1],
    [null, 3, { min: 2 }, 3],
    [1.25, 2.25, { precision: 1 }, 2.3],
    [2, 2, {}, 2],
  ])('spins from %s toward %d with %j → %s', (value, proposed, rules, expected) => {
    expect(spinNumber(value, proposed, rules)).toBe(expected);
  });

  it('says when a step button can move the value', () => {
    expect(canStep(10, 1, { max: 10 })).toBe(false);
    expect(canStep(9, 1, { max: 10 })).toBe(true);
    expect(canStep(0, -1, { min: 0 })).toBe(false);
    expect(canStep(null, -1, { min: 0 })).toBe(true);
  });

  it.each<[string, NumberInputRules, ReturnType<typeof readNumberText>]>([
    ['', {}, { ok: true, value: null }],
    ['  ', {}, { ok: true, value: null }],
    ['12', {}, { ok: true, value: 12 }],
    ['-3.14159', { precision: 2 }, { ok: true, value: -3.14 }],
    ['.5', {}, { ok: true, value: 0.5 }],
    ['100', { max: 50 }, { ok: true, value: 50 }],
    ['abc', {}, { ok: false }],
    ['1e3', {}, { ok: false }],
    ['1,000', {}, { ok: false }],
    ['--1', {}, { ok: false }],
  ])('reads %j with %j', (text, rules, expected) => {
    expect(readNumberText(text, rules)).toEqual(expected);
  });

  it.each<[number | null, NumberInputRules, string]>([
    [null, {}, ''],
    [1, { precision: 2 }, '1.00'],
    [0.3, {}, '0.3'],
    [1e-7, {}, '0.0000001'],
    [-2.345, { precision: 2 }, '-2.35'],
  ])('shows %s with %j as %j', (value, rules, expected) => {
    expect(numberDisplay(value, rules)).toBe(expected);
  });

  // Bounds and values on a grid of hundredths keep the generators cheap and the bounds representable.
  const hundredths = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => n / 100);
  const rules = fc
    .record({
      a: hundredths,
      b: hundredths,
      precision: fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }),
      step: fc.option(fc.constantFrom(1, 0.1, 0.01, 0.5, 2, 0.25), { nil: undefined }),
    })
    .map(
      ({ a, b, precision, step }): NumberInputRules => ({ min: Math.min(a, b), max: Math.max(a, b), precision, step }),
    );

  it('keeps every value within min and max, with no more places than the precision', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), rules, (value, r) => {
        const out = normalizeNumber(value, r)!;
        const decimals = (String(out).split('.')[1] ?? '').length;
        return out >= r.min! && out <= r.max! && (r.precision === undefined || decimals <= r.precision);
      }),
      runs,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), rules, (value, r) => {
        const once = normalizeNumber(value, r)!;
        return normalizeNumber(once, r) === once;
      }),
      runs,
    );
  });

  it('spins by whole steps exactly, whatever float noise the control adds', () => {
    fc.assert(
      fc.property(
        hundredths,
        fc.constantFrom(0.1, 0.01, 0.2, 0.05, 1),
        fc.integer({ min: -10, max: 10 }),
        (value, step, steps) => {
          const proposed = value + steps * step;
          const spun = spinNumber(value, proposed, { step });
          let walked: number | null = value;
          for (let i = 0; i < Math.abs(steps); i++) walked = stepNumber(walked, steps > 0 ? 1 : -1, { step });
          return spun === walked;
        },
      ),
      runs,
    );
  });

  it('steps up then down back to the same value when no bound is hit, with no float noise', () => {
    fc.assert(
      fc.property(hundredths, fc.constantFrom(1, 0.1, 0.01, 0.2, 0.05), (value, step) => {
        const up = stepNumber(value, 1, { step });
        const down = stepNumber(up, -1, { step });
        return down === value && (String(up).split('.')[1] ?? '').length <= 2;
      }),
      runs,
    );
  });
});
