// SPEC §5, §9 select: at most 50 options are shown unless the select is multi-select (a long single list is
// meant to be narrowed by searching), and the search text is at most 100 characters.
import { SELECT_MAX_VISIBLE_OPTIONS, SELECT_SEARCH_MAX_LENGTH } from '../constants';

/** The options to render: the first 50, or all of them for a multi-select. */
export function visibleOptions<T>(options: readonly T[], multiple: boolean): readonly T[] {
  return multiple || options.length <= SELECT_MAX_VISIBLE_OPTIONS
    ? options
    : options.slice(0, SELECT_MAX_VISIBLE_OPTIONS);
}

/** Search text cut to 100 characters (code points). */
export function limitSearchText(text: string): string {
  const chars = [...text];
  return chars.length > SELECT_SEARCH_MAX_LENGTH ? chars.slice(0, SELECT_SEARCH_MAX_LENGTH).join('') : text;
}

/** Local filtering: options whose label contains the search text, ignoring case and outer blanks. */
export function filterOptions<T>(options: readonly T[], search: string, labelOf: (option: T) => string): readonly T[] {
  const needle = limitSearchText(search).trim().toLowerCase();
  return needle === '' ? options : options.filter((o) => labelOf(o).toLowerCase().includes(needle));
}
