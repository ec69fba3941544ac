// The menu search behind Ctrl+K: a menu item matches by its Chinese title, by the full pinyin of its title
// ('yonghuguanli' finds 用户管理), by the initials ('yhgl'), or by any mix of them, syllable by syllable
// ('yonghugl', 'yh管理'). The pinyin comes from the caller, which owns the dictionary.
export interface SearchableMenuItem {
  path: string;
  title: string;
  /** Lower-case toneless pinyin of each character of the title, e.g. ['yong', 'hu', 'guan', 'li']. */
  pinyin: readonly string[];
  /** The area the item sits in, shown beside it. */
  area: string;
}

/**
 * Where, in the title's characters, the query matches as a run of consecutive syllables: each character is
 * typed as itself, as its whole pinyin, or as a prefix of its pinyin (at least the initial). Returns the
 * first character index the run may start at, or -1.
 */
export function pinyinMatchStart(title: string, pinyin: readonly string[], query: string): number {
  const chars = [...title];
  const q = query.toLowerCase();
  // memo[p * (n + 1) + j]: whether q from p can be typed from character j on (1 yes, 2 no).
  const n = chars.length;
  const memo = new Uint8Array((q.length + 1) * (n + 1));
  const from = (p: number, j: number): boolean => {
    if (p === q.length) return true;
    if (j === n) return false;
    const slot = p * (n + 1) + j;
    if (memo[slot]) return memo[slot] === 1;
    let ok = false;
    const char = chars[j]!;
    if (q.startsWith(char.toLowerCase(), p)) ok = from(p + char.length, j + 1);
    const syllable = (pinyin[j] ?? '').toLowerCase();
    for (let k = Math.min(syllable.length, q.length - p); k >= 1 && !ok; k--) {
      if (q.startsWith(syllable.slice(0, k), p)) ok = from(p + k, j + 1);
    }
    memo[slot] = ok ? 1 : 2;
    return ok;
  };
  for (let start = 0; start < n; start++) if (from(0, start)) return start;
  return -1;
}

/** Matches ordered: title prefix, pinyin prefix, then anywhere in either; at most `limit` items. */
export function searchMenu(items: readonly SearchableMenuItem[], query: string, limit = 12): SearchableMenuItem[] {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (!q) return items.slice(0, limit);
  const rank = (item: SearchableMenuItem): number => {
    const title = item.title.toLowerCase();
    if (title.startsWith(q)) return 0;
    const start = pinyinMatchStart(item.title, item.pinyin, q);
    if (start === 0) return 1;
    if (title.includes(q)) return 2;
    if (start > 0) return 3;
    return -1;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.item);
}
