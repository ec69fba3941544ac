// What the demand and pre-credit tests (gateway and contract) set up beside the demo seed: a supplier's
// data-query consent (SPEC §3), and no live lock on it (the risk seed locks some suppliers).
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';
import type { Database } from '../db/database';
import type { Kysely } from 'kysely';
import { newId } from '../ids';
import { userRow } from './test-users';

type TestGateway = { db: Kysely<Database> };

/** Gives a supplier a consent (SPEC §3) so that its demands may be accepted. */
export async function consent(
  gw: TestGateway,
  supplierId: string,
  userId: string,
  capitalSideId: string = DemoOrg.icbcShanghai,
) {
  const now = new Date();
  const id = newId(now);
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
      consented_at: now,
    })
    .execute();
  await gw.db
    .insertInto('supplier_consent_capital_side')
    .values({ consent_id: id, capital_side_org_id: capitalSideId })
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

/** Suppliers a financing may start for: no live lock, and a consent given by `userId`. */
export async function readySuppliers(gw: TestGateway, supplierIds: readonly string[], userId: string) {
  for (const s of supplierIds) {
    await unlock(gw, s);
    await consent(gw, s, userId);
  }
}

/**
 * A person in each role of the pre-credit review's default levels (BIZ_REVIEWER → RISK_MANAGER), so that a
 * submission finds reviewers whatever the demo seed holds; the role rows are the seeded ones when present.
 */
export async function ensureReviewers(gw: TestGateway) {
  const now = new Date();
  for (const [i, code] of ['BIZ_REVIEWER', 'RISK_MANAGER'].entries()) {
    let role = await gw.db
      .selectFrom('role')
      .select('role_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('role_code', '=', code)
      .executeTakeFirst();
    if (!role) {
      const roleId = `12000000000000009${80 + i}`;
      await gw.db
        .insertInto('role')
        .values({ role_id: roleId, tenant_id: DEMO_TENANT_ID, role_code: code, role_name: code })
        .execute();
      role = { role_id: roleId };
    }
    const userId = `13000000000000009${80 + i}`;
    await gw.db
      .insertInto('app_user')
      .values(userRow({ user_id: userId, user_name: `fixture.${code.toLowerCase()}`, nick_name: code }, now))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await gw.db
      .insertInto('user_role')
      .values({ user_id: userId, role_id: role.role_id })
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
  }
}
