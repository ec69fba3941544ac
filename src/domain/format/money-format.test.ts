import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_MONEY,
  fenAsWanForDrawing,
  formatFen,
  formatMoney,
  isExponentText,
  parseMoney,
  yuanToFen,
} from './money-format';

const runs = { numRuns: 1000 };

describe('formatMoney (SPEC §9)', () => {
  it.each<[Parameters<typeof formatMoney>[0], string]>([
    ['0', '0.00'],
    ['1', '1.00'],
    ['1234', '1,234.00'],
    ['1234567.5', '1,234,567.50'],
    ['-1234567.891', '-1,234,567.891'],
    ['1.500', '1.50'],
    ['999.999', '999.999'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    ['000123.4', '123.40'],
    ['123456789012345678901234.56', '123,456,789,012,345,678,901,234.56'],
    [12345678901234567890n, '12,345,678,901,234,567,890.00'],
    [1234.5, '1,234.50'],
    [0.1, '0.10'],
    ['', EMPTY_MONEY],
    ['abc', EMPTY_MONEY],
    ['1,234', EMPTY_MONEY],
    [null, EMPTY_MONEY],
    [undefined, EMPTY_MONEY],
    [Number.NaN, EMPTY_MONEY],
  ])('%s → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([
    ['1.005', 2, '1.01'],
    ['-1.005', 2, '-1.01'],
    ['-0.001', 2, '0.00'],
    ['1234.5678', 3, '1,234.568'],
    ['1', 0, '1.00'],
  ])('rounds %s to %d places → %s', (value, decimals, expected) => {
    expect(formatMoney(value, { decimals })).toBe(expected);
  });

  it.each<[Parameters<typeof formatFen>[0], string]>([
    ['0', '0.00'],
    ['5', '0.05'],
    ['-5', '-0.05'],
    ['123456', '1,234.56'],
    ['100', '1.00'],
    [9007199254740993n, '90,071,992,547,409.93'],
    ['9007199254740993', '90,071,992,547,409.93'],
    ['1.5', EMPTY_MONEY],
    ['', EMPTY_MONEY],
    [null, EMPTY_MONEY],
  ])('fen %s → %s', (fen, expected) => {
    expect(formatFen(fen)).toBe(expected);
  });

  const fen = fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n });
  it('round-trips every amount of 分, far beyond 2^53', () => {
    fc.assert(
      fc.property(fen, (f) => {
        const shown = formatFen(f);
        const back = parseMoney(shown);
        return back !== null && yuanToFen(back) === f && /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(shown);
      }),
      runs,
    );
  });

  const decimalText = fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 25n }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 }),
    )
    .map(([neg, whole, fraction]) => `${neg ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

  it('round-trips every decimal string to the same value, with at least two decimals and grouped thousands', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const shown = formatMoney(text);
        const back = parseMoney(shown);
        if (back === null || !/^-?\d{1,3}(,\d{3})*\.\d{2,}$/.test(shown)) return false;
        // Same value: compare as exact 分 after scaling both by a common power of ten.
        const scale = 10n ** 8n;
        const asUnits = (s: string) => {
          const [w, f = ''] = s.replace('-', '').split('.');
          const v = BigInt(w!) * scale + BigInt((f + '00000000').slice(0, 8));
          return s.startsWith('-') ? -v : v;
        };
        return asUnits(back) === asUnits(text);
      }),
      runs,
    );
  });

  it('refuses shown text that is not an amount, and fractions of a 分', () => {
    expect(parseMoney('1,23.00')).toBeNull();
    expect(parseMoney('¥1.00')).toBeNull();
    expect(parseMoney(' 1,234.50 ')).toBe('1234.50');
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('1.230')).toBe(123n);
    expect(yuanToFen('-0.5')).toBe(-50n);
    expect(yuanToFen('x')).toBeNull();
  });

  it('refuses exponent notation: 1e5 is not 100,000.00', () => {
    for (const text of ['1e5', '1E5', '2.5e3', '1e-2', '-1e5']) {
      expect(yuanToFen(text), text).toBeNull();
      expect(isExponentText(text), text).toBe(true);
    }
    expect(yuanToFen('100,000.50')).toBe(10000050n);
    expect(yuanToFen('100000.')).toBe(10000000n);
    expect(yuanToFen('1,00,000')).toBeNull();
    expect(isExponentText('100000')).toBe(false);
  });
});

describe('fenAsWanForDrawing', () => {
  it('gives a bar its height in 万元 from 分 as text, bigint or number, and nothing for what is no amount', () => {
    expect(fenAsWanForDrawing('123456789')).toBe(123.456789);
    expect(fenAsWanForDrawing(1_000_000n)).toBe(1);
    expect(fenAsWanForDrawing(-500_000)).toBe(-0.5);
    expect(fenAsWanForDrawing(null)).toBe(0);
    expect(fenAsWanForDrawing('12.5')).toBe(0);
  });
});
