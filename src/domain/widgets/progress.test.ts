import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampProgress } from './progress';

describe('progress (SPEC §5)', () => {
  it.each([
    [50, 50],
    [-1, 0],
    [101, 100],
    [33.3, 33.3],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%d → %d', (input, expected) => {
    expect(clampProgress(input)).toBe(expected);
  });

  it('stays within 0–100 and leaves values inside it alone', () => {
    fc.assert(
      fc.property(fc.double(), (p) => {
        const out = clampProgress(p);
        return out >= 0 && out <= 100 && (!(p >= 0 && p <= 100) || out === p);
      }),
      { numRuns: 1000 },
    );
  });
});
