// SPEC §3 dictionary: the flat entry list from /api/dict/dict/list grouped by dictTypeCode, each group in
// ascending sortNo. The sort is stable (equal sortNo keep server order); a sortNo that is not a number
// (missing, or text that is not numeric) sorts after all numbered entries.
export interface DictionaryEntry {
  dictTypeCode: string;
  sortNo?: number | string | null;
}

export type DictionaryGroups<E extends DictionaryEntry> = Record<string, E[]>;

function sortKey(sortNo: DictionaryEntry['sortNo']): number {
  if (sortNo === null || sortNo === undefined || sortNo === '') return Number.POSITIVE_INFINITY;
  const n = typeof sortNo === 'number' ? sortNo : Number(sortNo);
  return Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
}

export function compareBySortNo(a: DictionaryEntry, b: DictionaryEntry): number {
  const x = sortKey(a.sortNo);
  const y = sortKey(b.sortNo);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function groupDictionary<E extends DictionaryEntry>(entries: readonly E[]): DictionaryGroups<E> {
  const groups = new Map<string, E[]>();
  for (const entry of entries) {
    const list = groups.get(entry.dictTypeCode);
    if (list) list.push(entry);
    else groups.set(entry.dictTypeCode, [entry]);
  }
  for (const list of groups.values()) list.sort(compareBySortNo);
  // fromEntries defines own properties, so a type code such as "__proto__" stays a group.
  return Object.fromEntries(groups);
}

/** The entries of one type, empty when the type is unknown. */
export function dictionaryOf<E extends DictionaryEntry>(groups: DictionaryGroups<E>, typeCode: string): readonly E[] {
  return Object.hasOwn(groups, typeCode) ? groups[typeCode]! : [];
}
