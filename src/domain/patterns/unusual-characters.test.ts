import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_PUNCTUATION, isAcceptedText } from '../text-input/text-input-filter';
import { hasUnusualCharacters, stripUnusualCharacters } from './unusual-characters';

const runs = { numRuns: 1000 };

describe('strip unusual characters (SPEC §5)', () => {
  it.each([
    ['供应链金融', '供应链金融'],
    ['合同😀编号', '合同编号'],
    ['A\u200bB', 'AB'],
    ['café', 'caf'],
    ['line one\nline two', 'line one\nline two'],
    ['Ⅲ期（一）', 'Ⅲ期（一）'],
    ['\u0000\u0007x', 'x'],
  ])('%j → %j', (input, expected) => {
    expect(stripUnusualCharacters(input)).toBe(expected);
  });

  it('says whether there is anything to strip', () => {
    expect(hasUnusualCharacters('abc')).toBe(false);
    expect(hasUnusualCharacters('a😀')).toBe(true);
    // Calling twice must give the same answer: the global pattern keeps no state between calls.
    expect(hasUnusualCharacters('a😀')).toBe(true);
  });

  const text = fc.string({
    unit: fc.constantFrom('a', '中', '𠀀', ' ', '\n', '😀', 'é', '\u200b', '\u0000', ...ACCEPTED_PUNCTUATION),
    maxLength: 30,
  });
  it('always leaves text a multi-line input accepts, and is idempotent', () => {
    fc.assert(
      fc.property(text, (s) => {
        const out = stripUnusualCharacters(s);
        return isAcceptedText(out, 'textarea') && stripUnusualCharacters(out) === out;
      }),
      runs,
    );
  });

  it('leaves text the input accepts unchanged', () => {
    fc.assert(
      fc.property(text, (s) => !isAcceptedText(s, 'textarea') || stripUnusualCharacters(s) === s),
      runs,
    );
  });
});
