// Characters no stored text may hold (SPEC §5: text is what a person types): the C0 and C1 controls, DEL, the
// bidirectional embeddings, overrides, isolates and marks, which reorder what a reader sees (a "Trojan Source"
// name or comment, a file name that reads "合同exe.pdf") or drive a terminal reading a log ("\u001b[31m"), and a
// lone UTF-16 surrogate, which is no character at all and which no database stores. Tab and line breaks belong
// to multi-line text (textarea, memo, comments) only. The gateway refuses such a body, and such a file name,
// as a whole; a form may ask the same.
const ALWAYS_REFUSED =
  '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069' +
  // With the `u` flag a paired surrogate is one code point above U+FFFF: only a lone one falls in this range.
  '\\ud800-\\udfff';
const MULTI_LINE_REFUSED = new RegExp(`[${ALWAYS_REFUSED}]`, 'u');
const SINGLE_LINE_REFUSED = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r]`, 'u');

export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符、文字方向控制符或无效字符';

/** Whether the text holds a character of the list above (tab and line breaks only when single-line). */
export function hasControlCharacters(text: string, multiLine: boolean): boolean {
  return (multiLine ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(text);
}
