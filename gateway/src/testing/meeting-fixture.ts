// Businesses waiting for a meeting (MEETING/WAIT_SCHEDULE), for tests only: the report stage that brings a
// business there is not built yet, so the meeting's tests, provider states and browser spec copy a seeded
// business of the tenant into that state. Never used by the gateway itself.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { newId } from '../modules/operation-log/repository';

export async function businessesAwaitingMeeting(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  now = new Date(),
): Promise<string[]> {
  const model = await db
    .selectFrom('financing_business')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .orderBy('business_id')
    .executeTakeFirstOrThrow(() => new Error(`No business in tenant ${tenantId} to copy`));
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = newId();
    await db
      .insertInto('financing_business')
      .values({
        business_id: id,
        tenant_id: tenantId,
        business_no: `YW9${id.slice(-11)}`,
        supplier_id: model.supplier_id,
        project_company_id: model.project_company_id,
        capital_side_id: model.capital_side_id,
        product_id: model.product_id,
        state: 'MEETING/WAIT_SCHEDULE',
        stage: 'MEETING',
        owner_id: model.owner_id,
        apply_amount: Number(model.apply_amount),
        created_at: now,
        updated_at: now,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}
