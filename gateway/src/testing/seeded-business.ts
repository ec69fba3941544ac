// The demo's businesses waiting at a stage (db/seed: the workflow seeds and loans.seed.ts walk one to each stage
// a user acts at): a test or a browser spec that starts where the demo already stands takes the first of them,
// by id, instead of walking one there itself.
import type { Kysely } from 'kysely';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';

export interface SeededBusiness {
  businessId: string;
  businessNo: string;
  /** The decision's amount in 分, once a decision has been approved (0 before). */
  approvedAmount: number;
  decisionValidUntil: string | null;
  ownerId: string;
  /** The 经办's user name. */
  ownerName: string;
  supplierId: string;
}

/** The first seeded business (by id) of the tenant at `state`; throws when the demo has none there. */
export async function seededBusinessAt(
  db: Kysely<Database>,
  state: StateKey,
  tenantId: string = DEMO_TENANT_ID,
): Promise<SeededBusiness> {
  const row = await db
    .selectFrom('financing_business as b')
    .leftJoin('app_user as u', 'u.user_id', 'b.owner_id')
    .select(['b.business_id', 'b.business_no', 'b.approved_amount', 'b.owner_id', 'b.supplier_id', 'u.user_name'])
    .select((eb) => eb.cast<string | null>('b.decision_valid_until', 'text').as('valid_until'))
    .where('b.tenant_id', '=', tenantId)
    .where('b.state', '=', state)
    .where('b.deleted', '=', false)
    .orderBy('b.business_id')
    .executeTakeFirst();
  if (!row) throw new Error(`the demo has no business at ${state}`);
  return {
    ...{ businessId: row.business_id, businessNo: row.business_no, approvedAmount: Number(row.approved_amount ?? 0) },
    ...{ decisionValidUntil: row.valid_until, ownerId: String(row.owner_id ?? ''), ownerName: row.user_name ?? '' },
    supplierId: String(row.supplier_id ?? ''),
  };
}
