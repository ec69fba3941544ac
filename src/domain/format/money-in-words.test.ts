import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from './money-in-words';

describe('amountInWords', () => {
  it.each([
    [0n, '零元整'],
    [1n, '壹分'],
    [50n, '伍角'],
    [55n, '伍角伍分'],
    [100n, '壹元整'],
    [1000n, '壹拾元整'],
    [1200n, '壹拾贰元整'],
    [10_100n, '壹佰零壹元整'],
    [100_000_000n, '壹佰万元整'],
    [123_405n, '壹仟贰佰叁拾肆元零伍分'],
    [168_032n, '壹仟陆佰捌拾元叁角贰分'],
    [1_640_902n, '壹万陆仟肆佰零玖元零贰分'],
    [10_700_053n, '壹拾万柒仟元伍角叁分'],
    [32_500_000n, '叁拾贰万伍仟元整'],
    [100_100n, '壹仟零壹元整'],
    [1_000_100n, '壹万零壹元整'],
    [1_010_000n, '壹万零壹佰元整'],
    [1_000_000_000n, '壹仟万元整'],
    [10_000_000_000n, '壹亿元整'],
    [10_001_000_000n, '壹亿零壹万元整'],
    [10_500_000_000n, '壹亿零伍佰万元整'],
    [100_000_000_100n, '壹拾亿零壹元整'],
    [123_456_789_012n, '壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元壹角贰分'],
    [100_000_000_000_000n, '壹万亿元整'],
    [100_010_000_000_000n, '壹万零壹亿元整'],
  ])('%s 分 → %s', (fen, words) => {
    expect(amountInWords(fen)).toBe(words);
  });

  it('takes a safe integer number as the wire sends it', () => {
    expect(amountInWords(100_000_000)).toBe('壹佰万元整');
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => amountInWords(-1n)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

const DIGIT = '零壹贰叁肆伍陆柒捌玖';
const PLACE: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };

/** Reads the capitals back (an independent reading, for the round trip). */
function readBack(words: string): bigint {
  const [, yuanPart = '', rest = ''] = /^(?:(.*)元)?(.*)$/.exec(words) ?? [];
  const readInt = (s: string): bigint => {
    const yi = s.lastIndexOf('亿');
    if (yi >= 0) return readInt(s.slice(0, yi)) * 100_000_000n + readInt(s.slice(yi + 1));
    const wan = s.lastIndexOf('万');
    if (wan >= 0) return readInt(s.slice(0, wan)) * 10_000n + readInt(s.slice(wan + 1));
    let total = 0n;
    const t = s.replaceAll('零', '');
    for (let i = 0; i < t.length; i += 1) {
      const d = BigInt(DIGIT.indexOf(t[i]!));
      const place = PLACE[t[i + 1] ?? ''];
      total += d * (place ?? 1n);
      if (place) i += 1;
    }
    return total;
  };
  const jiao = /(.)角/.exec(rest)?.[1];
  const fen = /(.)分/.exec(rest)?.[1];
  return (
    readInt(yuanPart) * 100n + (jiao ? BigInt(DIGIT.indexOf(jiao)) * 10n : 0n) + (fen ? BigInt(DIGIT.indexOf(fen)) : 0n)
  );
}

describe('amountInWords — properties', () => {
  const amounts = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 53n }),
    // Amounts with many zeros, where the 零 rules bite.
    fc.array(fc.constantFrom(0, 0, 0, 1, 5, 9), { minLength: 1, maxLength: 16 }).map((ds) => BigInt(ds.join(''))),
  );

  it('reads back to the same 分', () => {
    fc.assert(
      fc.property(amounts, (fen) => {
        expect(readBack(amountInWords(fen))).toBe(fen);
      }),
    );
  });

  it('is written as banks write it: no 零零, no 零 before a unit or at the end, 整 exactly when no 角分', () => {
    fc.assert(
      fc.property(amounts, (fen) => {
        const w = amountInWords(fen);
        if (fen === 0n) return;
        expect(w).not.toMatch(/零零|零[元万亿拾佰仟角整]|^零/);
        expect(w).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        expect(w.endsWith('整')).toBe(fen % 100n === 0n);
        if (fen >= 100n && fen % 100n > 0n && fen % 100n < 10n) expect(w).toMatch(/元零.分$/);
        // Every 拾 carries its digit: 壹拾, never a bare 拾.
        expect(w).not.toMatch(/(^|[^壹贰叁肆伍陆柒捌玖])拾/);
      }),
    );
  });
});
