// Who may see a business (BUSINESS.md Decisions, "Whose data"): one who holds a page it is read from — its
// list and detail, the review queue and workbench, or a page whose action the lifecycle names (a reviewer opens
// the business from the page that grants the review) — and in whose scope it lies (a supplier user its own
// supplier's, a 数据授权 user its subtree's). The detail, the timeline, the attachments and the files bound to
// the business all ask this one question.
import type { Kysely } from 'kysely';
import { readsBusinessesFrom } from '../../../../src/domain/financing/business-readers';
import type { Database } from '../../db/database';
import type { GuardedSession } from '../../plugins/auth-guard';
import { actorById, inScope } from './aggregate';

export { BUSINESS_DETAIL, BUSINESS_MANAGE, READ_MENUS } from '../../../../src/domain/financing/business-readers';

/** Whether the grants hold one of the pages a business is read from. */
export const readsBusinesses = (grants: ReadonlyMap<string, unknown>): boolean => readsBusinessesFrom(grants.keys());

/** Of these businesses of the caller's tenant, the ones the caller may see. */
export async function businessesVisibleTo(
  db: Kysely<Database>,
  caller: GuardedSession,
  businessIds: readonly string[],
): Promise<ReadonlySet<string>> {
  if (businessIds.length === 0 || !readsBusinesses(await caller.grants())) return new Set();
  const [actor, rows] = await Promise.all([
    actorById(db, caller.tenantId, caller.userId),
    db
      .selectFrom('financing_business')
      .select(['business_id', 'supplier_id', 'project_company_id'])
      .where('tenant_id', '=', caller.tenantId)
      .where('business_id', 'in', [...businessIds])
      .where('deleted', '=', false)
      .execute(),
  ]);
  return new Set(
    rows
      .filter((r) => inScope(actor, { supplierId: r.supplier_id, projectCompanyId: r.project_company_id }))
      .map((r) => r.business_id),
  );
}
