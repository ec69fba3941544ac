// What the demand and pre-credit tests (gateway and contract) set up beside the demo seed: a supplier's
// data-query consent (SPEC §3), and no live lock on it (the risk seed locks some suppliers).
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import type { Database } from '../../db/database';
import type { Kysely } from 'kysely';
import { newId } from '../operation-log/repository';

type TestGateway = { db: Kysely<Database> };

/** Gives a supplier a consent (SPEC §3) so that its demands may be accepted. */
export async function consent(gw: TestGateway, supplierId: string, userId: string) {
  const id = newId();
  await gw.db
    .insertInto('supplier_consent')
    .values({
      consent_id: id,
      tenant_id: DEMO_TENANT_ID,
      supplier_org_id: supplierId,
      gys_id: supplierId,
      template_id: 'T1',
      auth_state: '1',
      user_id: userId,
      consented_at: new Date(),
    })
    .execute();
  await gw.db
    .insertInto('supplier_consent_capital_side')
    .values({ consent_id: id, capital_side_org_id: DemoOrg.icbcShanghai })
    .execute();
}

/** No live lock on the supplier (the risk seed locks some). */
export async function unlock(gw: TestGateway, supplierId: string) {
  await gw.db
    .updateTable('supplier_lock' as never)
    .set({ status: 'UNLOCKED' } as never)
    .where('supplier_id' as never, '=', supplierId as never)
    .execute();
}
