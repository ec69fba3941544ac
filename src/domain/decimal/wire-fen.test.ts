import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenFromWire, fenToWire } from './wire-fen';

const LIMIT = BigInt(Number.MAX_SAFE_INTEGER);
const runs = { numRuns: 1000 };

describe('fenToWire and fenFromWire', () => {
  it('carries every 分 a JSON number holds there and back unchanged', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -LIMIT, max: LIMIT }), (fen) => {
        const wire = fenToWire(fen);
        expect(Number.isSafeInteger(wire)).toBe(true);
        expect(fenFromWire(wire)).toBe(fen);
        // The JSON text of the wire figure is the bigint's own digits: nothing was rounded on the way.
        expect(JSON.stringify(wire)).toBe(fen.toString());
      }),
      runs,
    );
  });

  it('refuses an amount a JSON number would round rather than sending a wrong figure', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: LIMIT + 1n, max: LIMIT * 1000n }), fc.boolean(), (past, negative) => {
        expect(() => fenToWire(negative ? -past : past)).toThrow(RangeError);
      }),
      runs,
    );
    expect(fenToWire(LIMIT)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => fenToWire(LIMIT + 1n)).toThrow('金额超出可传输范围');
  });

  it('refuses a wire figure that is not a whole number of 分', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }).filter((n) => !Number.isSafeInteger(n)),
        (n) => {
          expect(() => fenFromWire(n)).toThrow(RangeError);
        },
      ),
      runs,
    );
    expect(() => fenFromWire(0.1 + 0.2)).toThrow('金额不是整数分');
    expect(() => fenFromWire(2 ** 53)).toThrow(RangeError);
    expect(fenFromWire(12_345n)).toBe(12_345n);
  });
});
