// The risk area's demo rows count back from the day the seed runs (seed.ts), as the demo businesses do, so
// the demo reads the same whenever it is started: seeded on two days more than a year apart, every account,
// alert and lock stands as far before its day, and lasts as long, as on the other.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../../testing/test-gateway';
import { seed } from './seed';

const DAY = 86_400_000;

/** Each list's rows with their times and dates, as the columns read. */
const LISTS = {
  supervised_account: ['account_id', ['created_at'], []],
  risk_alert: ['alert_id', ['created_at', 'handled_at'], ['detected_on']],
  supplier_lock: ['lock_id', ['created_at', 'unlocked_at'], ['expires_at']],
  contract_lock: ['lock_id', ['created_at', 'unlocked_at'], []],
} as const;

describe.each(databasesUnderTest())('risk demo seed on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  // biome-ignore lint/suspicious/noExplicitAny: the risk tables have no Kysely table types
  let db: Kysely<any>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    db = gw.db as never;
  });
  afterAll(async () => {
    await gw?.close();
  });

  /** The tenant's risk rows seeded afresh on `now`, each time and date as days before that day. */
  async function seededOn(now: Date) {
    for (const table of Object.keys(LISTS)) await db.deleteFrom(table).where('tenant_id', '=', XH_TENANT_ID).execute();
    await seed(db, XH_TENANT_ID, now);
    const today = Date.parse(businessDay(now));
    const out: Record<string, Record<string, number | null>[]> = {};
    for (const [table, [id, times, dates]] of Object.entries(LISTS)) {
      const rows = await db
        .selectFrom(table)
        .select([id, ...times, ...dates.map((d) => sql<string | null>`${sql.ref(d)}::text`.as(d))])
        .where('tenant_id', '=', XH_TENANT_ID)
        .orderBy(id)
        .execute();
      out[table] = rows.map((row) => ({
        ...Object.fromEntries(
          times.map((t) => [t, row[t] === null ? null : (now.getTime() - new Date(row[t]).getTime()) / DAY]),
        ),
        ...Object.fromEntries(dates.map((d) => [d, row[d] === null ? null : (today - Date.parse(row[d])) / DAY])),
      }));
    }
    return out;
  }

  it('dates every row back from the day it runs, so a start a year later reads the same', async () => {
    const first = await seededOn(new Date('2026-03-10T02:00:00Z'));
    // Late in a Beijing evening: the dates are Beijing's business days, as the screens read them.
    const later = await seededOn(new Date('2027-09-21T15:30:00Z'));
    expect(later).toEqual(first);
    for (const [table, rows] of Object.entries(first)) {
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        // Nothing is made, handled or unlocked after the day the seed runs, nor unlocked before it was locked.
        for (const [key, age] of Object.entries(row)) {
          if (key !== 'expires_at' && age !== null) expect(age, `${table}.${key}`).toBeGreaterThanOrEqual(0);
        }
        if (row.unlocked_at != null) expect(row.unlocked_at).toBeLessThanOrEqual(row.created_at!);
      }
    }
    // A supplier lock with an end date lasts half a year from the day it was made, whenever that was.
    const ending = first.supplier_lock!.filter((l) => l.expires_at !== null);
    expect(ending.length).toBeGreaterThan(0);
    for (const l of ending) expect(Math.round(l.created_at! - l.expires_at!)).toBe(180);
  });
});
