// Paging a list that grows to hundreds of thousands of rows (SPEC §7.1 paged lists; 用户管理 at 100,000 users):
//
//  - pageByDeferredJoin: the page's keys are read first, from a query that an index answers alone (an
//    index-only scan that skips `offset` index entries, not `offset` joined rows), and only then are the
//    page's rows and their joins read, by key. A deep page then costs the skip over a narrow index, and the
//    first page costs the same at 10,000 rows as at 1,000,000.
//  - countOnce: the total beside a page is the costly part at that size (a count over every matching row), so
//    it is kept for a few seconds per list and filter, read by one caller at a time (the 50 requests that
//    arrive together share one count instead of queueing 50), and forgotten on this gateway's own writes.
//    Once a kept total is `ttlMs` old the next caller counts again, and the callers arriving while that count
//    runs are answered the kept total rather than wait for it: every few seconds a wave of requests would
//    otherwise stand still for one count (the tail of the page's latency). Another process sharing the
//    database may so see a total up to `ttlMs` plus one count's time old; rows are always read fresh.
//  - bookmarks (optional): the key of a page's first row, kept a few seconds per list, filter and
//    offset. A later request for that page or one after it seeks to the nearest bookmark below it and skips
//    only the rest, so paging on through a deep list, or many users on one deep page, costs what page 1
//    costs. A bookmark may be up to `ttlMs` old: a row inserted above it by another process meanwhile shifts
//    that page by a row, as the total may be up to `ttlMs` old; this gateway's own writes forget them. A cold
//    jump to a deep page still pays the skip.
import { sql, type SelectQueryBuilder } from 'kysely';

// The builders are typed by the caller's tables; this helper only composes them.
type AnySelect = SelectQueryBuilder<any, any, any>;

export type OrderTerm = readonly [column: string, direction: 'asc' | 'desc'];

export interface DeferredJoinPage<Rows extends AnySelect> {
  /**
   * The filtered list, selecting the key column only, e.g.
   * `db.selectFrom('app_user as u').where('u.tenant_id', '=', t).select('u.user_id')`. For the skip to be an
   * index-only scan, an index must lead with the filter's equality columns and continue in `orderBy`'s order,
   * holding the key (0008: app_user (tenant_id, created_at desc, user_id desc)).
   */
  keys: AnySelect;
  /** The rows to show, with their joins and columns, not yet narrowed to the page (with the tenant predicate too). */
  rows: Rows;
  /** The key column as `rows` names it, e.g. 'u.user_id'. */
  key: string;
  /** The list's order, valid in both queries; its last term must be unique (the key) so pages do not overlap. */
  orderBy: readonly OrderTerm[];
  offset: number;
  limit: number;
  /**
   * Seek from kept bookmarks, `list` naming the list and its filter. Every `orderBy` direction must be the
   * same, `keys` and `rows` must name the key alike, and the rows must carry the key under its column name.
   */
  seek?: { bookmarks: Bookmarks; list: string };
}

/** The key under which concurrent reads of one page of a list share one statement (`Bookmarks.inFlight`). */
export const flightKey = (list: string, offset: number, limit: number) => `${list}|${offset}|${limit}`;

/** One page of `rows`, in `orderBy`'s order: the keys at [offset, offset + limit) first, then their rows. */
export async function pageByDeferredJoin<O>(page: DeferredJoinPage<SelectQueryBuilder<any, any, O>>): Promise<O[]> {
  let keys = page.keys;
  let rows: AnySelect = page.rows;
  for (const [column, direction] of page.orderBy) {
    keys = keys.orderBy(column, direction);
    rows = rows.orderBy(column, direction);
  }
  const oneDirection = new Set(page.orderBy.map(([, d]) => d)).size === 1;
  const seek = page.seek && oneDirection ? page.seek : undefined;
  if (!seek) return (await rows.where(page.key, 'in', keys.offset(page.offset).limit(page.limit)).execute()) as O[];
  // Requests for the same page that arrive together share one read: when a bookmark has just expired,
  // fifty callers of a deep page must not each pay the skip (on PGlite, one after another), and fifty
  // callers of page 1 cost the database one statement (its planning alone is five times its execution).
  const flight = flightKey(seek.list, page.offset, page.limit);
  const shared = seek.bookmarks.inFlight.get(flight);
  if (shared) return (await shared) as O[];
  const read = seekPage(page, seek, keys, rows);
  seek.bookmarks.inFlight.set(flight, read);
  try {
    return (await read) as O[];
  } finally {
    seek.bookmarks.inFlight.delete(flight);
  }
}

async function seekPage(
  page: DeferredJoinPage<AnySelect>,
  seek: NonNullable<DeferredJoinPage<AnySelect>['seek']>,
  keys: AnySelect,
  rows: AnySelect,
): Promise<unknown[]> {
  const keyField = page.key.slice(page.key.lastIndexOf('.') + 1);
  const mark = page.offset > 0 ? seek.bookmarks.below(seek.list, page.offset) : undefined;
  let found: unknown[] | undefined;
  if (mark) {
    // The rows from the bookmark's row on: (a, b) <= the bookmark row's (a, b) in descending order, >= in
    // ascending. Its values are read again by key (and filter) rather than kept, so no precision is lost.
    const columns = page.orderBy.map(([column]) => column);
    const op = page.orderBy[0]![1] === 'desc' ? sql`<=` : sql`>=`;
    const at = page.keys.clearSelect().select(columns).where(page.key, '=', mark.key);
    const from = keys.where(sql<boolean>`(${sql.join(columns.map((c) => sql.ref(c)))}) ${op} (${at})`);
    found = await rows.where(page.key, 'in', from.offset(page.offset - mark.offset).limit(page.limit)).execute();
    // The bookmark's row is gone or left the filter: nothing compares with it; page without it.
    if (found.length === 0) found = undefined;
  }
  found ??= await rows.where(page.key, 'in', keys.offset(page.offset).limit(page.limit)).execute();
  if (found.length > 0 && page.offset > 0) {
    seek.bookmarks.keep(seek.list, page.offset, (found[0] as Record<string, unknown>)[keyField]);
  }
  return found;
}

export interface Bookmarks {
  /** Page reads under way, by list, offset and limit. */
  readonly inFlight: Map<string, Promise<unknown[]>>;
  /** The kept bookmark with the largest offset ≤ `offset` for the list, if one is young enough. */
  below(list: string, offset: number): { offset: number; key: unknown } | undefined;
  keep(list: string, offset: number, key: unknown): void;
  /** Forgets every list whose key starts with `prefix` (a write by this gateway). */
  forget(prefix: string): void;
}

// A bookmark's and a total's age are durations, not dates: measured on the monotonic clock (performance.now()),
// which neither the app's clock nor a moved system clock changes.
export function bookmarks(ttlMs: number, perList = 64, maxLists = 1_000): Bookmarks {
  const lists = new Map<string, Map<number, { key: unknown; at: number }>>();
  return {
    inFlight: new Map(),
    below(list, offset) {
      const marks = lists.get(list);
      if (!marks) return undefined;
      const now = performance.now();
      let best: { offset: number; key: unknown } | undefined;
      for (const [at, mark] of marks) {
        if (now - mark.at >= ttlMs) marks.delete(at);
        else if (at <= offset && (!best || at > best.offset)) best = { offset: at, key: mark.key };
      }
      return best;
    },
    keep(list, offset, key) {
      let marks = lists.get(list);
      if (!marks) {
        if (lists.size >= maxLists) lists.clear();
        marks = new Map();
        lists.set(list, marks);
      }
      if (marks.size >= perList && !marks.has(offset)) marks.clear();
      if (!marks.has(offset)) marks.set(offset, { key, at: performance.now() });
    },
    forget(prefix) {
      for (const key of lists.keys()) if (key.startsWith(prefix)) lists.delete(key);
      // A read under way began before the write: later callers must not join it.
      for (const key of this.inFlight.keys()) if (key.startsWith(prefix)) this.inFlight.delete(key);
    },
  };
}

export interface CountCache {
  /** The total for `key`: kept, or read by `count` once for every caller waiting on it. */
  get(key: string, count: () => Promise<number>): Promise<number>;
  /** Forgets every total whose key starts with `prefix` (a write by this gateway). */
  forget(prefix: string): void;
}

interface KeptTotal {
  total: Promise<number>;
  at: number;
  /** The total this one replaces, answered while it is being counted. */
  previous?: Promise<number>;
}

export function countOnce(ttlMs: number, maxEntries = 10_000): CountCache {
  const totals = new Map<string, KeptTotal>();
  return {
    get(key, count) {
      const kept = totals.get(key);
      if (kept?.previous) return kept.previous;
      if (kept && performance.now() - kept.at < ttlMs) return kept.total;
      if (totals.size >= maxEntries) totals.clear();
      const entry: KeptTotal = { total: count(), at: performance.now(), ...(kept ? { previous: kept.total } : {}) };
      totals.set(key, entry);
      entry.total.then(
        () => {
          entry.at = performance.now();
          delete entry.previous;
        },
        () => {
          if (totals.get(key) === entry) totals.delete(key);
        },
      );
      return entry.total;
    },
    forget(prefix) {
      for (const key of totals.keys()) if (key.startsWith(prefix)) totals.delete(key);
    },
  };
}
