// The kit's maker check on the demo's data (a test gateway: PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a
// business's 经办人 and an administrator are its maker, another staff member is not, a user of another supplier is
// not — the table's words in each refusal, read with the facts the table loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LifecycleMessage } from '../../../src/domain/financing/lifecycle';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { actorById, loadBusiness, recordOf } from '../modules/business/aggregate';
import { seededBusinessAt } from '../testing/seeded-business';
import { type TestGateway, createTestGateway, databasesUnderTest } from '../testing/test-gateway';
import { lifecycleContext, makerRefusalOf } from './stage-maker';

const T = DEMO_TENANT_ID;

describe.each(databasesUnderTest())('the maker of a business on the stage kit on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 180_000);
  afterAll(async () => gw?.close());

  const userId = async (name: string) =>
    (
      await gw.db
        .selectFrom('app_user')
        .select('user_id')
        .where('tenant_id', '=', T)
        .where('user_name', '=', name)
        .executeTakeFirstOrThrow()
    ).user_id;

  it('takes the 经办人 and an administrator as the maker and refuses another person in the table’s words', async () => {
    const seeded = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    const business = recordOf(await loadBusiness(gw.db, T, seeded.businessId));
    const now = new Date();
    const as = async (id: string) =>
      makerRefusalOf(gw.db, { tenantId: T, actor: await actorById(gw.db, T, id), now }, business);
    expect(await as(seeded.ownerId)).toBeNull();
    expect(await as(await userId('admin'))).toBeNull();
    const other = await gw.db
      .selectFrom('app_user')
      .select('user_id')
      .where('tenant_id', '=', T)
      .where('user_name', 'in', ['ops1', 'risk1', 'legal'])
      .where('user_id', '!=', seeded.ownerId)
      .orderBy('user_name')
      .executeTakeFirstOrThrow();
    expect(await as(other.user_id)).toBe(LifecycleMessage.notOwner);
  }, 60_000);

  it('reads the caller as the table does: a supplier user by its supplier', async () => {
    const actor = await actorById(gw.db, T, await userId('supplier'));
    const ctx = lifecycleContext({ actor, now: new Date(0) });
    expect(ctx).toMatchObject({
      actorId: actor.userId,
      now: new Date(0),
      facts: { actorSupplierId: actor.supplierId },
    });
    expect(actor.supplierId).toBeTruthy();
    const seeded = await seededBusinessAt(gw.db, 'SIGNING/WAIT_SIGN');
    const business = recordOf(await loadBusiness(gw.db, T, seeded.businessId));
    const foreign = { ...business, supplierId: `${business.supplierId}-other` };
    expect(await makerRefusalOf(gw.db, { tenantId: T, actor, now: new Date() }, foreign)).toBe(
      LifecycleMessage.notOwnSupplier,
    );
  }, 60_000);
});
