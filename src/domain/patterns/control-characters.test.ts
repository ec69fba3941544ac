import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './control-characters';

describe('hasControlCharacters', () => {
  it('refuses C0 controls, DEL and bidirectional controls in any text', () => {
    for (const text of ['a\u0000b', '\u0007', '\u001b[31m红', 'x\u007f', 'abc\u202edcba', '\u2066x\u2069', '\u202a'])
      for (const multiLine of [true, false])
        expect(hasControlCharacters(text, multiLine), JSON.stringify(text)).toBe(true);
  });

  it('takes tab and line breaks in multi-line text only', () => {
    for (const text of ['第一行\n第二行', 'a\r\nb', 'a\tb']) {
      expect(hasControlCharacters(text, true)).toBe(false);
      expect(hasControlCharacters(text, false)).toBe(true);
    }
  });

  it('refuses C1 controls, the direction marks and a lone surrogate', () => {
    for (const text of ['a\u0085b', '\u009b31m', '合同\u200f', '\u200e名', 'x\ud800', '\udc00y', '\ud83d'])
      for (const multiLine of [true, false])
        expect(hasControlCharacters(text, multiLine), JSON.stringify(text)).toBe(true);
  });

  it('takes ordinary text, Chinese punctuation and the line separator', () => {
    for (const text of ['华东建材有限公司', 'A-01（备注）', 'emoji 😀', '', 'a\u2028b', '𠀀字', '\u00a0'])
      expect(hasControlCharacters(text, false), JSON.stringify(text)).toBe(false);
  });
});
