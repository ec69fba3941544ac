// The daily job's decision expiry on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), run
// by the job on the app's clock: the demo's approved decision (要素落实·草稿) stays through its 90th day and
// becomes 已失效 the day after, once — the day run again moves nothing; the demo's businesses walked past their
// decisions (待签约, signed, 待放款), decided three days earlier and not lent, lapse before it; the decision still
// under review is not touched; the decision's list then says 已失效.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { type SeededBusiness, seededBusinessAt } from '../../testing/seeded-business';
import { STAGE_STORIES } from '../../db/seed/loans.seed';

const T = DEMO_TENANT_ID;
const DAY = 24 * 3600_000;
/** 00:10 in Shanghai on `day` ('YYYY-MM-DD'), when the daily job runs. */
const tenPast = (day: string) => new Date(Date.parse(`${day}T00:10:00+08:00`));

describe.each(databasesUnderTest())('融资决议 expiry on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let approved: SeededBusiness & { decisionValidUntil: string };
  let reviewing: string;
  let clock = new Date();
  /** The job's units done that day by this step (the decision's expiry). */
  const closeOn = async (day: string) => {
    clock = tenPast(day);
    const outcome = await gw.app.dailyJob.closeDays();
    if (!outcome.claimed) throw new Error('the daily job was not claimed');
    return outcome.days.flatMap((d) => d.steps).find((s) => s.step === 'expire-decisions')?.done ?? 0;
  };

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    const seeded = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT', T);
    approved = { ...seeded, decisionValidUntil: String(seeded.decisionValidUntil) };
    reviewing = (
      await gw.db
        .selectFrom('financing_business')
        .select('business_id')
        .where('tenant_id', '=', T)
        .where('state', '=', 'DECISION/PENDING')
        .executeTakeFirstOrThrow()
    ).business_id;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const stateOf = async (id: string) =>
    (
      await gw.db
        .selectFrom('financing_business')
        .select('state')
        .where('business_id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;

  it('keeps the decision through its last day and expires it the day after, once', async () => {
    expect(approved.decisionValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await closeOn(approved.decisionValidUntil)).toBe(STAGE_STORIES.length);
    expect(await stateOf(approved.businessId)).toBe('ELEMENTS/DRAFT');

    const dayAfter = new Date(Date.parse(approved.decisionValidUntil) + DAY).toISOString().slice(0, 10);
    expect(await closeOn(dayAfter)).toBe(1);
    expect(await stateOf(approved.businessId)).toBe('TERMINATED/EXPIRED');
    // The move is the system's, on the timeline like any other.
    const event = await gw.db
      .selectFrom('business_event')
      .select(['action', 'from_state', 'to_state'])
      .where('business_id', '=', approved.businessId)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ action: 'expire', from_state: 'ELEMENTS/DRAFT', to_state: 'TERMINATED/EXPIRED' });
    // Run again the same day (another gateway, a restart): the day is closed, nothing more to do; the next day
    // finds nothing either.
    expect(await closeOn(dayAfter)).toBe(0);
    expect(await closeOn(new Date(Date.parse(dayAfter) + DAY).toISOString().slice(0, 10))).toBe(0);
    // A decision still under review has no validity yet.
    expect(await stateOf(reviewing)).toBe('DECISION/PENDING');
  });

  it('shows the expired decision 已失效 on its list', async () => {
    const { headers } = await signIn(gw.app, 'risk1', 'Staff@2026');
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/business/decision/page?current=1&size=50&status=EXPIRED',
      headers,
    });
    const page = res.json().data as { records: { keyId: string; status: string }[] };
    expect(page.records.map((r) => [r.keyId, r.status])).toContainEqual([approved.businessId, 'EXPIRED']);
    expect(page.records.filter((r) => r.status === 'EXPIRED')).toHaveLength(STAGE_STORIES.length + 1);
  });
});
