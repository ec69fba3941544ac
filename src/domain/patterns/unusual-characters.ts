// SPEC §5 "a pattern for stripping unusual characters": the complement of what the multi-line text input
// accepts, so that stripping pasted or imported text always leaves something the text input would take.
import { BLANK_CHARACTER_CLASS, VISIBLE_CHARACTER_CLASS } from '../text-input/text-input-filter';

/** Matches one unusual character; global, so use it with replace, never with test. */
export const UNUSUAL_CHARACTERS = new RegExp(`[^${VISIBLE_CHARACTER_CLASS}${BLANK_CHARACTER_CLASS}]`, 'gu');

export function stripUnusualCharacters(text: string): string {
  return text.replace(UNUSUAL_CHARACTERS, '');
}

export function hasUnusualCharacters(text: string): boolean {
  return stripUnusualCharacters(text) !== text;
}
