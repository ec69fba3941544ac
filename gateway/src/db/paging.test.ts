// Deferred-join paging with and without bookmarks answers exactly what a plain `order by … offset … limit`
// answers: ties in the order, timestamps finer than a millisecond, a filter, and a bookmark whose row is gone.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { bookmarks, countOnce, pageByDeferredJoin } from './paging';

interface ItemDb {
  item: { id: string; grp: string; at: Date; name: string };
}

describe('pageByDeferredJoin', () => {
  let db: Kysely<ItemDb>;

  beforeAll(async () => {
    db = (await openDatabase({ memory: true })).db as unknown as Kysely<ItemDb>;
    await sql`create table item (id text primary key, grp text not null, at timestamptz not null,
      name text not null)`.execute(db);
    // 300 items in two groups; every third shares its timestamp with the one before; microseconds matter.
    await sql`insert into item select lpad(g::text, 4, '0'), case when g % 4 = 0 then 'b' else 'a' end,
      timestamptz '2026-01-01' + (g - g % 3) * interval '1.000123 second', 'item ' || g
      from generate_series(1, 300) g`.execute(db);
    await sql`create index item_grp_at_idx on item (grp, at desc, id desc)`.execute(db);
  });
  afterAll(() => db?.destroy());

  const plain = (grp: string, offset: number, limit: number) =>
    db
      .selectFrom('item as i')
      .select(['i.id', 'i.name'])
      .where('i.grp', '=', grp)
      .orderBy('i.at', 'desc')
      .orderBy('i.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();

  const paged = (grp: string, offset: number, limit: number, seek?: Parameters<typeof pageByDeferredJoin>[0]['seek']) =>
    pageByDeferredJoin({
      keys: db.selectFrom('item as i').where('i.grp', '=', grp).select('i.id'),
      rows: db.selectFrom('item as i').where('i.grp', '=', grp).select(['i.id', 'i.name']),
      key: 'i.id',
      orderBy: [
        ['i.at', 'desc'],
        ['i.id', 'desc'],
      ],
      offset,
      limit,
      ...(seek ? { seek } : {}),
    });

  it('answers every page as offset paging does, from bookmarks or not', async () => {
    const marks = bookmarks(60_000);
    for (const grp of ['a', 'b']) {
      for (const offset of [0, 7, 10, 20, 30, 33, 100, 220, 400]) {
        const expected = await plain(grp, offset, 10);
        expect(await paged(grp, offset, 10)).toEqual(expected);
        // Twice with bookmarks: the second reads from the bookmark the first left.
        expect(await paged(grp, offset, 10, { bookmarks: marks, list: grp })).toEqual(expected);
        expect(await paged(grp, offset, 10, { bookmarks: marks, list: grp })).toEqual(expected);
      }
    }
    expect(marks.below('a', 105)?.offset).toBe(100);
  });

  it('pages as if there were no bookmark when the bookmark row is gone', async () => {
    const marks = bookmarks(60_000);
    const first = await paged('a', 50, 10, { bookmarks: marks, list: 'a' });
    await db.deleteFrom('item').where('id', '=', first[0]!.id).execute();
    expect(await paged('a', 50, 10, { bookmarks: marks, list: 'a' })).toEqual(await plain('a', 50, 10));
    expect(await paged('a', 55, 10, { bookmarks: marks, list: 'a' })).toEqual(await plain('a', 55, 10));
  });
});

describe('countOnce', () => {
  it('shares one count among the callers that arrive together, and counts again once forgotten', async () => {
    const counts = countOnce(60_000);
    let calls = 0;
    const count = async () => {
      calls += 1;
      return 42;
    };
    const together = [counts.get('t|x', count), counts.get('t|x', count), counts.get('t|x', count)];
    expect(await Promise.all(together)).toEqual([42, 42, 42]);
    expect(calls).toBe(1);
    counts.forget('t|');
    await counts.get('t|x', count);
    expect(calls).toBe(2);
  });

  it('answers the kept total while an expired one is counted again, and the new total once counted', async () => {
    const counts = countOnce(0);
    let release!: (n: number) => void;
    expect(await counts.get('t|x', async () => 41)).toBe(41);
    const recount = counts.get('t|x', () => new Promise<number>((resolve) => (release = resolve)));
    // Arriving while the new count runs: the kept total at once, not a wait for the count.
    expect(await counts.get('t|x', async () => 0)).toBe(41);
    release(42);
    expect(await recount).toBe(42);
    expect(await counts.get('t|x', async () => 43)).toBe(43);
  });

  it('makes the callers wait for the count after this gateway wrote', async () => {
    const counts = countOnce(0);
    await counts.get('t|x', async () => 41);
    counts.forget('t|');
    expect(await counts.get('t|x', async () => 42)).toBe(42);
  });
});
