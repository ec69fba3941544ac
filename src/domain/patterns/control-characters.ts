// Characters no stored text may hold (SPEC §5: text is what a person types): the C0 controls, DEL and the
// bidirectional embeddings, overrides and isolates, which reorder what a reader sees (a "Trojan Source" name or
// comment) or drive a terminal reading a log ("\u001b[31m"). Tab and line breaks belong to multi-line text
// (textarea, memo, comments) only. The gateway refuses such a body as a whole; a form may ask the same.
const ALWAYS_REFUSED = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f\\u202a-\\u202e\\u2066-\\u2069';
const MULTI_LINE_REFUSED = new RegExp(`[${ALWAYS_REFUSED}]`, 'u');
const SINGLE_LINE_REFUSED = new RegExp(`[${ALWAYS_REFUSED}\\t\\n\\r]`, 'u');

export const CONTROL_CHARACTER_MESSAGE = '不能包含控制字符或文字方向控制符';

/** Whether the text holds a character of the list above (tab and line breaks only when single-line). */
export function hasControlCharacters(text: string, multiLine: boolean): boolean {
  return (multiLine ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(text);
}
