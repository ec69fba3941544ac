import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFileSize, parseFileSize } from './file-size';

const runs = { numRuns: 1000 };

describe('formatFileSize (SPEC §9)', () => {
  it.each([
    [0, '0B'],
    [1, '1B'],
    [1023, '1023B'],
    [1024, '1KB'],
    [1536, '1.5KB'],
    [1024 * 1024 - 1, '1MB'],
    [10 * 1024 * 1024, '10MB'],
    [1.25 * 1024 ** 3, '1.25GB'],
    [3 * 1024 ** 4, '3072GB'],
    [1234567, '1.18MB'],
    [-1, '--'],
    [1.5, '--'],
    [Number.NaN, '--'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it.each([
    ['10MB', 10 * 1024 * 1024],
    ['1.5 kb', 1536],
    ['300', 300],
    ['2GB', 2 * 1024 ** 3],
    ['ten', null],
    ['-1MB', null],
  ])('parses %j → %s', (text, expected) => {
    expect(parseFileSize(text)).toBe(expected);
  });

  it('shows a number below 1024 in the largest fitting unit and parses back to within half a shown step', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        const shown = formatFileSize(bytes);
        const m = /^(\d+(?:\.\d{1,2})?)(B|KB|MB|GB)$/.exec(shown);
        if (!m) return false;
        const unit = ['B', 'KB', 'MB', 'GB'].indexOf(m[2]!);
        const step = 1024 ** unit;
        const back = parseFileSize(shown)!;
        return (unit === 3 || Number(m[1]) < 1024) && Math.abs(back - bytes) <= 0.005 * step + 0.5;
      }),
      runs,
    );
  });

  it('never shows a bigger size for fewer bytes', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return parseFileSize(formatFileSize(lo))! <= parseFileSize(formatFileSize(hi))!;
      }),
      runs,
    );
  });
});
