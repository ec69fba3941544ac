// The risk area's demo rows count back from the day the seed runs (seed.ts), as the demo businesses do, so
// the demo reads the same whenever it is started: seeded on two days more than a year apart, every account,
// alert and lock stands as many days before its day (the shared check, testing/seeded-days.ts), and lasts as
// long, as on the other.
import { type Kysely, sql } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { seededDays } from '../../testing/seeded-days';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../../testing/test-gateway';
import { seed } from './seed';

const DAY = 86_400_000;
const TABLES = ['supervised_account', 'risk_alert', 'supplier_lock', 'contract_lock'];

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

  /** The tenant's risk rows seeded afresh on `now`: their days before it, and the locks as they were made. */
  async function seededOn(now: Date) {
    for (const table of TABLES) await db.deleteFrom(table).where('tenant_id', '=', XH_TENANT_ID).execute();
    await seed(db, XH_TENANT_ID, now);
    const locks = (
      await sql<{ created_at: Date; unlocked_at: Date | null; expires_at: string | null }>`
        select created_at, unlocked_at, expires_at::text as expires_at from supplier_lock where tenant_id = ${XH_TENANT_ID}
        union all
        select created_at, unlocked_at, null from contract_lock where tenant_id = ${XH_TENANT_ID}`.execute(db)
    ).rows;
    const dates = await seededDays(db, now, { tables: TABLES, tenantId: XH_TENANT_ID, ahead: ['expires_at'] });
    return { ...dates, locks };
  }

  it('dates every row back from the day it runs, so a start a year later reads the same', async () => {
    const first = await seededOn(new Date('2026-03-10T02:00:00Z'));
    // Late in a Beijing evening: the dates are Beijing's business days, as the screens read them.
    const later = await seededOn(new Date('2027-09-21T15:30:00Z'));
    expect(Object.keys(first.days)).toEqual(expect.arrayContaining(TABLES.map((t) => `${t}.created_at`)));
    // Nothing is made, handled or unlocked after the day the seed runs.
    expect(first.late).toEqual([]);
    expect(later.late).toEqual([]);
    expect(later.days).toEqual(first.days);
    for (const lock of first.locks) {
      // Nor unlocked before it was locked.
      if (lock.unlocked_at)
        expect(new Date(lock.unlocked_at).getTime()).toBeGreaterThan(new Date(lock.created_at).getTime());
    }
    // A supplier lock with an end date lasts half a year from the day it was made, whenever that was.
    const ending = first.locks.filter((l) => l.expires_at);
    expect(ending.length).toBeGreaterThan(0);
    for (const l of ending) {
      const made = businessDay(new Date(l.created_at));
      expect((Date.parse(String(l.expires_at)) - Date.parse(made)) / DAY).toBe(180);
    }
  });
});
