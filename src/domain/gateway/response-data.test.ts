import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_NUMBERS, replacePlaceholders } from './response-data';

describe('replacePlaceholders (SPEC §7.1)', () => {
  it.each([...PLACEHOLDER_NUMBERS])('turns %d into an empty string, however deep', (n) => {
    expect(replacePlaceholders({ a: n, b: [n, { c: n }] })).toEqual({ a: '', b: ['', { c: '' }] });
  });

  it('leaves strings that look like placeholders, and neighbouring numbers, alone', () => {
    expect(replacePlaceholders({ a: '-999', b: -998, c: 0, d: null, e: true })).toEqual({ a: '-999', b: -998, c: 0, d: null, e: true });
  });

  it('changes nothing in data without placeholders', () => {
    fc.assert(
      fc.property(fc.jsonValue().filter((v) => !JSON.stringify(v).match(/-(9999999999|999|99900|2209017600000)(?!\d)/)), (v) => {
        expect(replacePlaceholders(v)).toEqual(v);
      }),
      { numRuns: 1000 },
    );
  });
});
