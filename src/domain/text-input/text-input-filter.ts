// SPEC §5 text input rule: only Chinese characters, roman numerals, letters, digits and a fixed set of
// punctuation get in; blanks (space, ideographic space, tab, line breaks) only in the multi-line kinds.
// Input with any other character is rejected whole and the previous value stays, as the spec says
// ("silently rejected"); input longer than the maximum is cut to it, as a native maxlength would cut a
// paste. Lengths count code points, so a rare Han character outside the BMP counts once and is never split.
import { TEXT_MAX_MULTI_LINE, TEXT_MAX_SINGLE_LINE, TEXT_RESET_VALUE } from '../constants';

export type TextInputKind = 'singleLine' | 'textarea' | 'memo' | 'bigTextarea';

export const TEXT_INPUT_KINDS: readonly TextInputKind[] = ['singleLine', 'textarea', 'memo', 'bigTextarea'];

/** The punctuation the filter lets through: all of printable ASCII's, and the Chinese and full-width ones. */
export const ACCEPTED_PUNCTUATION =
  '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~' +
  '，。、；：？！“”‘’（）【】《》〈〉「」『』〔〕—–…·～￥％＃＆＊＋－＝／＼＠＿｜＂＇＜＞［］｛｝＾｀' +
  '×÷±°℃‰§№¥';

const escaped = ACCEPTED_PUNCTUATION.replace(/[\\\]^-]/g, '\\$&');
/**
 * The visible characters, as the body of a `u`-flag character class: Han, roman numerals (Ⅰ…ↈ), ASCII and
 * full-width letters and digits, and the punctuation above. The strip-unusual pattern is its complement.
 */
export const VISIBLE_CHARACTER_CLASS = `\\p{Script=Han}\\u2160-\\u2188A-Za-z0-9\\uFF21-\\uFF3A\\uFF41-\\uFF5A\\uFF10-\\uFF19${escaped}`;
/** The blanks multi-line kinds also take: space, ideographic space, tab and line breaks. */
export const BLANK_CHARACTER_CLASS = ' \\u3000\\t\\r\\n';
const SINGLE_LINE = new RegExp(`^[${VISIBLE_CHARACTER_CLASS}]*$`, 'u');
const MULTI_LINE = new RegExp(`^[${VISIBLE_CHARACTER_CLASS}${BLANK_CHARACTER_CLASS}]*$`, 'u');

export function isMultiLine(kind: TextInputKind): boolean {
  return kind !== 'singleLine';
}

/** SPEC §5: 100 for single-line, 2000 for textarea, memo and bigTextarea, unless a max is set. */
export function textMaxLength(kind: TextInputKind, max?: number): number {
  if (max !== undefined && Number.isFinite(max) && max >= 0) return Math.floor(max);
  return isMultiLine(kind) ? TEXT_MAX_MULTI_LINE : TEXT_MAX_SINGLE_LINE;
}

/** Whether every character of the text is allowed in this kind of input (length not considered). */
export function isAcceptedText(text: string, kind: TextInputKind): boolean {
  return (isMultiLine(kind) ? MULTI_LINE : SINGLE_LINE).test(text);
}

export interface TextFilterOptions {
  kind: TextInputKind;
  max?: number;
}

/** The value the input keeps after the user turned `previous` into `next`. */
export function filterTextInput(next: string, previous: string, options: TextFilterOptions): string {
  if (!isAcceptedText(next, options.kind)) return previous;
  const max = textMaxLength(options.kind, options.max);
  const chars = [...next];
  return chars.length > max ? chars.slice(0, max).join('') : next;
}

/** SPEC §5: the value -999 resets the input to empty; null and undefined show as empty too. */
export function normalizeTextValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value === TEXT_RESET_VALUE || value === String(TEXT_RESET_VALUE)) return '';
  return String(value);
}
