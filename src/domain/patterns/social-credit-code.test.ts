import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_CODE_ALPHABET,
  checkCreditCode,
  creditCodeCheckChar,
  isUnifiedSocialCreditCode,
} from './social-credit-code';

const runs = { numRuns: 1000 };

describe('unified social credit code (GB 32100)', () => {
  it.each<[string, ReturnType<typeof checkCreditCode>]>([
    ['91440300708461136T', null],
    ['91330100716105852F', null],
    ['91350100M000100Y43', null],
    ['91310000MA1FL1MMXL', null],
    ['91310000ma1fl1mmxl', null],
    [' 91110108551385082Q ', null],
    ['91440300708461136U', 'checksum'],
    ['91440300708461137T', 'checksum'],
    ['9144030070846113T', 'format'],
    ['91440300708461136TT', 'format'],
    ['9144030070846113IT', 'format'],
    ['914403007084611O6T', 'format'],
    ['9A44030070846113 T', 'format'],
    ['91A4030070846113 6', 'format'],
    ['Z1440300708461136T', 'format'],
    ['', 'format'],
  ])('%j → %s', (code, expected) => {
    expect(checkCreditCode(code)).toBe(expected);
  });

  it('has the 31-character alphabet without I, O, Z, S, V', () => {
    expect(CREDIT_CODE_ALPHABET).toHaveLength(31);
    expect(CREDIT_CODE_ALPHABET).not.toMatch(/[IOZSV]/);
    expect(creditCodeCheckChar('9144030070846113I')).toBeNull();
  });

  const alpha = fc.constantFrom(...CREDIT_CODE_ALPHABET);
  const digit = fc.constantFrom(...'0123456789');
  const validCode = fc
    .tuple(
      fc.constantFrom(...'123456789ANY'),
      alpha,
      fc.string({ unit: digit, minLength: 6, maxLength: 6 }),
      fc.string({ unit: alpha, minLength: 9, maxLength: 9 }),
    )
    .map(([authority, type, region, org]) => {
      const first17 = `${authority}${type}${region}${org}`;
      return first17 + creditCodeCheckChar(first17)!;
    });

  it('accepts every generated code with its check character', () => {
    fc.assert(fc.property(validCode, isUnifiedSocialCreditCode), runs);
  });

  it('refuses every code with one character changed', () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 0, max: 17 }), alpha, (code, position, replacement) => {
        fc.pre(code[position] !== replacement);
        return !isUnifiedSocialCreditCode(code.slice(0, position) + replacement + code.slice(position + 1));
      }),
      runs,
    );
  });
});
