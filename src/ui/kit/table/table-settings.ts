// What a person arranges on a list — which columns show, in what order, and the row density — is kept per
// user and per table in localStorage, so the same list looks the same tomorrow. Pure reading and writing of
// that record; an unreadable record is ignored (the table's own column order wins).
export type TableDensity = 'compact' | 'default';

export interface TableSettings {
  /** Column keys in the order the person chose; columns not named keep their place after these. */
  order: string[];
  hidden: string[];
  /** Columns left out while the list lacks room (a column's `optional`) that the person chose to show anyway. */
  shown: string[];
  density: TableDensity;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { order: [], hidden: [], shown: [], density: 'default' };

export function tableSettingsKey(userId: string, tableId: string): string {
  return `wsf.table.${userId}.${tableId}`;
}

export function readTableSettings(storage: Storage | undefined, key: string): TableSettings {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return DEFAULT_TABLE_SETTINGS;
    const parsed = JSON.parse(raw) as Partial<TableSettings>;
    const keys = (value: unknown) => (Array.isArray(value) ? value.filter((k) => typeof k === 'string') : []);
    return {
      order: keys(parsed.order),
      hidden: keys(parsed.hidden),
      shown: keys(parsed.shown),
      density: parsed.density === 'compact' ? 'compact' : 'default',
    };
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

export function writeTableSettings(storage: Storage | undefined, key: string, settings: TableSettings): void {
  try {
    storage?.setItem(key, JSON.stringify(settings));
  } catch {
    // A full or refused storage only costs the remembering.
  }
}

/** The keys in display order: the chosen order first, then the rest as the table declares them. */
export function orderedKeys(declared: readonly string[], order: readonly string[]): string[] {
  const known = new Set(declared);
  const chosen = order.filter((k) => known.has(k));
  return [...chosen, ...declared.filter((k) => !chosen.includes(k))];
}

/** Moves one key a step up (-1) or down (+1) in the display order. */
export function moveKey(keys: readonly string[], key: string, step: -1 | 1): string[] {
  const from = keys.indexOf(key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= keys.length) return [...keys];
  const next = [...keys];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
