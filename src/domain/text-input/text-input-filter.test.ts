import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_PUNCTUATION,
  TEXT_INPUT_KINDS,
  filterTextInput,
  isAcceptedText,
  normalizeTextValue,
  textMaxLength,
  type TextInputKind,
} from './text-input-filter';

const runs = { numRuns: 1000 };
const kind = fc.constantFrom(...TEXT_INPUT_KINDS);
const accepted = [...'aZ09中文𠀀ⅠⅫＡｚ０', ...ACCEPTED_PUNCTUATION];
const blanks = [' ', '\u3000', '\t', '\n', '\r'];
const rejected = ['😀', 'é', 'α', '\u0000', '\u200b', 'ß', '¤', '한', 'あ'];
const anyChar = fc.constantFrom(...accepted, ...blanks, ...rejected);
const text = fc.string({ unit: anyChar, maxLength: 30 });
const max = fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined });

describe('text input filter (SPEC §5)', () => {
  it.each<[TextInputKind, string, boolean]>([
    ['singleLine', '供应链金融2026', true],
    ['singleLine', 'Ⅲ期项目（A-1）：¥1,000.00', true],
    ['singleLine', '合同编号#12/34', true],
    ['singleLine', 'two words', false],
    ['singleLine', '全角\u3000空格', false],
    ['singleLine', 'line\nbreak', false],
    ['textarea', 'two words\nand a line', true],
    ['memo', '备注\t制表', true],
    ['bigTextarea', '全角\u3000空格', true],
    ['textarea', 'emoji 😀', false],
    ['singleLine', 'café', false],
    ['singleLine', '', true],
    ['singleLine', '𠀀', true],
  ])('%s accepts %j: %s', (k, input, expected) => {
    expect(isAcceptedText(input, k)).toBe(expected);
  });

  it.each<[TextInputKind, number | undefined, number]>([
    ['singleLine', undefined, 100],
    ['textarea', undefined, 2000],
    ['memo', undefined, 2000],
    ['bigTextarea', undefined, 2000],
    ['singleLine', 20, 20],
    ['textarea', 500, 500],
    ['singleLine', 0, 0],
    ['singleLine', -1, 100],
    ['singleLine', Number.NaN, 100],
  ])('%s with max %s allows %d characters', (k, m, expected) => {
    expect(textMaxLength(k, m)).toBe(expected);
  });

  it('keeps the previous value when the new one has a rejected character', () => {
    expect(filterTextInput('abc d', 'abc', { kind: 'singleLine' })).toBe('abc');
    expect(filterTextInput('abc😀', 'abc', { kind: 'textarea' })).toBe('abc');
    expect(filterTextInput('abc d', 'abc', { kind: 'textarea' })).toBe('abc d');
  });

  it('cuts input to the maximum, counting code points', () => {
    expect(filterTextInput('a'.repeat(101), '', { kind: 'singleLine' })).toBe('a'.repeat(100));
    expect(filterTextInput('𠀀𠀀𠀀', '', { kind: 'singleLine', max: 2 })).toBe('𠀀𠀀');
    expect(filterTextInput('x'.repeat(2001), '', { kind: 'memo' })).toHaveLength(2000);
  });

  it('resets -999 to empty', () => {
    expect(normalizeTextValue(-999)).toBe('');
    expect(normalizeTextValue('-999')).toBe('');
    expect(normalizeTextValue(-9990)).toBe('-9990');
    expect(normalizeTextValue(null)).toBe('');
    expect(normalizeTextValue(undefined)).toBe('');
    expect(normalizeTextValue(12)).toBe('12');
    expect(normalizeTextValue('备注')).toBe('备注');
  });

  it('gives either the previous value or a prefix of the new one, and what it gives is accepted and short enough', () => {
    fc.assert(
      fc.property(text, text, kind, max, (next, previous, k, m) => {
        const out = filterTextInput(next, previous, { kind: k, max: m });
        if (out === previous && !isAcceptedText(next, k)) return true;
        return next.startsWith(out) && isAcceptedText(out, k) && [...out].length <= textMaxLength(k, m);
      }),
      runs,
    );
  });

  it('leaves every string it accepted unchanged when filtered again', () => {
    fc.assert(
      fc.property(text, text, text, kind, max, (next, previous, other, k, m) => {
        const out = filterTextInput(next, previous, { kind: k, max: m });
        fc.pre(isAcceptedText(out, k) && [...out].length <= textMaxLength(k, m));
        return filterTextInput(out, other, { kind: k, max: m }) === out;
      }),
      runs,
    );
  });

  it('never lets a blank into a single-line input, and never lets a rejected character in at all', () => {
    fc.assert(
      fc.property(text, kind, (next, k) => {
        const out = filterTextInput(next, '', { kind: k });
        const hasBlank = blanks.some((b) => out.includes(b));
        const hasRejected = rejected.some((r) => out.includes(r));
        return !hasRejected && (k !== 'singleLine' || !hasBlank);
      }),
      runs,
    );
  });
});
