// Whether the caller is a business's maker (BUSINESS.md "Who may act"), as the lifecycle table's guard reads it:
// the business's 经办人 (or a user of its supplier, or an administrator), the staff maker taking over a business the
// supplier applied for, or the maker role of a stage a department makes — the facts the table reads loaded first.
// Saving a stage's draft asks it (the kit's 编辑), and so does making a stage's own record on the business (合同制作).
import type { Kysely } from 'kysely';
import { type BusinessRecord, type LifecycleContext, makerRefusal } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import { loadFacts } from '../modules/business/facts';
import type { StageContext } from './stage-own-routes';

/** The caller as the table's guards read it. */
export const lifecycleContext = (ctx: Pick<StageContext, 'actor' | 'now'>): LifecycleContext => ({
  actorId: ctx.actor.userId,
  grants: ctx.actor.grants,
  roles: ctx.actor.roles,
  now: ctx.now,
  facts: { actorSupplierId: ctx.actor.supplierId },
});

/** null when the caller is the business's maker now; otherwise why not, in the table's words. */
export async function makerRefusalOf(
  db: Kysely<Database>,
  ctx: Pick<StageContext, 'tenantId' | 'actor' | 'now'>,
  business: BusinessRecord,
): Promise<string | null> {
  const facts = await loadFacts(db, ctx.tenantId, business, ctx.actor, undefined, ctx.now);
  return makerRefusal(business, { ...lifecycleContext(ctx), facts });
}
