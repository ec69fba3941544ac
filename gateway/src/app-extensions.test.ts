// The kit's extension points belong to each app (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the app's
// registry holds every checkpoint rule the lifecycle table names and the effects a transition runs, by name, so a
// module left out of app-extensions.ts fails here; and two apps in one process share nothing — an effect or a
// source registered on one is not seen by the other, in a transaction on its database handle or outside one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Checkpoint, LIFECYCLE } from '../../src/domain/financing/lifecycle';
import { APP_MODULE_EXTENSIONS } from './app-extensions';
import { DEMO_TENANT_ID } from './db/seed/demo-seed';
import { actorById, loadBusiness, transitionBusiness } from './modules/business/aggregate';
import { registerAfterTransition } from './modules/business/after-transition';
import { SeededBusiness } from './modules/business/seed';
import { extensionsOf } from './stage/extensions';
import { readStageSource, registerStageSource } from './stage/stage-sources';
import { type TestGateway, createTestGateway, databasesUnderTest } from './testing/test-gateway';

describe.each(databasesUnderTest())('extension points per app on $name', ({ databaseUrl }) => {
  let one: TestGateway;
  let other: TestGateway;

  beforeAll(async () => {
    one = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    other = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 240_000);
  afterAll(async () => {
    await one?.close();
    await other?.close();
  });

  it('holds a rule for every checkpoint the lifecycle table names, and the effects of a transition by name', () => {
    const x = one.app.extensions;
    const named = new Set(LIFECYCLE.transitions.flatMap((t) => (t.checkpoint ? [t.checkpoint] : [])));
    const unchecked = [...named].filter((c: Checkpoint) => !x.point('checkpoints').has(c));
    expect(unchecked).toEqual([]);
    expect([...x.point('afterTransition').keys()]).toEqual([
      'pre-credit-approved-amount',
      'application.reservations',
      'due_diligence_report.revision',
      'decision',
      'elements',
      'push',
      'lending',
      'loan-close-repayment',
    ]);
    expect([...x.point('checkpointExtras').entries()].map(([c, rules]) => [c, [...rules.keys()]])).toEqual([
      ['SUBMIT_PRE_CREDIT', ['meeting.sixMonthBar']],
      ['SUBMIT_CONTRACT', ['elements']],
      ['START_SIGNING', ['contracts']],
    ]);
    // The push's package prints the report, the minutes and the decision, in the lifecycle's order.
    expect([...x.point('businessPrints').entries()].map(([name, p]) => [name, p.order])).toEqual([
      ['report', 1],
      ['minutes', 2],
      ['decision', 3],
    ]);
    expect([...(x.point('todoSources').get('MAKE')?.keys() ?? [])]).toContain('push-feedback');
    expect([...(x.point('todoSources').get('REVIEW')?.keys() ?? [])]).toContain('repaymentRefund');
    expect(x.point('statisticsWidgets').size).toBeGreaterThan(0);
    // Every module of the list applied, and the app reads its registry through its database handle.
    expect(x.modules).toEqual(APP_MODULE_EXTENSIONS.map((m) => m.module));
    expect(x.modules).toHaveLength(29);
    expect(extensionsOf(one.db)).toBe(x);
  });

  it('keeps what one app registers from the other, in and out of a transaction', async () => {
    expect(one.app.extensions).not.toBe(other.app.extensions);
    registerStageSource(one.app.extensions, 'test.onlyHere', async () => 'one');
    expect(await readStageSource('test.onlyHere', one.db, DEMO_TENANT_ID, SeededBusiness.suspended)).toBe('one');
    expect(
      await one.db
        .transaction()
        .execute((trx) => readStageSource('test.onlyHere', trx, DEMO_TENANT_ID, SeededBusiness.suspended)),
    ).toBe('one');
    expect(await readStageSource('test.onlyHere', other.db, DEMO_TENANT_ID, SeededBusiness.suspended)).toBeUndefined();
  });

  it("runs one app's effect after its transitions only: the other app's business moves", async () => {
    registerAfterTransition(one.app.extensions, 'test.refuses', async () => {
      throw new Error('test effect refuses every move');
    });
    const resume = async (gw: TestGateway) => {
      const risk1 = (
        await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', 'risk1').executeTakeFirstOrThrow()
      ).user_id;
      const actor = await actorById(gw.db, DEMO_TENANT_ID, risk1);
      const { version } = await loadBusiness(gw.db, DEMO_TENANT_ID, SeededBusiness.suspended);
      return transitionBusiness(gw.db, {
        tenantId: DEMO_TENANT_ID,
        businessId: SeededBusiness.suspended,
        actor,
        action: 'resume',
        version,
        comment: '风险已排除',
        now: new Date(),
      });
    };
    await expect(resume(one)).rejects.toThrow('test effect refuses every move');
    expect(await loadBusiness(one.db, DEMO_TENANT_ID, SeededBusiness.suspended)).toMatchObject({ suspended: true });
    await resume(other);
    expect(await loadBusiness(other.db, DEMO_TENANT_ID, SeededBusiness.suspended)).toMatchObject({ suspended: false });
  });
});
