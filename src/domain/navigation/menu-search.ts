// The menu search behind Ctrl+K (issue 4): a menu item matches by its Chinese title or by the initials of
// its pinyin ('rzyw' finds 融资业务管理). Initials come from the caller, which owns the pinyin dictionary.
export interface SearchableMenuItem {
  path: string;
  title: string;
  /** Lower-case pinyin initials of the title, e.g. 'rzywgl'. */
  initials: string;
  /** The area the item sits in, shown beside it. */
  area: string;
}

/** Matches ordered: title prefix, initials prefix, then anywhere in either; at most `limit` items. */
export function searchMenu(items: readonly SearchableMenuItem[], query: string, limit = 12): SearchableMenuItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return items.slice(0, limit);
  const rank = (item: SearchableMenuItem): number => {
    if (item.title.toLowerCase().startsWith(q)) return 0;
    if (item.initials.startsWith(q)) return 1;
    if (item.title.toLowerCase().includes(q)) return 2;
    if (item.initials.includes(q)) return 3;
    return -1;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.item);
}
