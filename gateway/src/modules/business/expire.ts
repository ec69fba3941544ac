// 失效 as the daily job makes it (Decisions: "The daily job"): each business whose governing validity lapsed moves
// to TERMINATED/EXPIRED as the system, through the table like any person's move (its EXPIRE rule, its effects:
// what the business reserved is released), one business a unit of the job. The pre-credit's and the decision's
// steps say which businesses are due; this is the move they share.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { CloseStep, CloseUnit } from '../../jobs/daily-job';
import { notFound } from '../../plugins/envelope';
import { BusinessMessage, systemActor, transitionBusiness } from './aggregate';

export interface DueBusiness {
  tenant_id: string;
  business_id: string;
}

/** The daily job's units expiring each business, as of `at`. */
export function expiryUnits(due: readonly DueBusiness[], at: Date): CloseUnit[] {
  return due.map((b) => ({
    key: `${b.tenant_id}:${b.business_id}`,
    apply: (trx) => expireAsSystem(trx, b, at).then(() => undefined),
  }));
}

/** A step of the daily job expiring the businesses `lapsed` finds due as of the run's time. */
export function expiryStep(
  name: string,
  order: number,
  lapsed: (db: Kysely<Database>, at: Date) => Promise<DueBusiness[]>,
): CloseStep {
  return { name, order, units: async (database, { at }) => expiryUnits(await lapsed(database, at), at) };
}

/**
 * Moves the business to 已失效 on its version now, so a person's move since it was listed is no reason to fail:
 * the table judges the business as it is (a business no longer lapsed, or already ended, is refused).
 */
export async function expireAsSystem(db: Transaction<Database> | Kysely<Database>, b: DueBusiness, at: Date) {
  const current = await db
    .selectFrom('financing_business')
    .select('version')
    .where('tenant_id', '=', b.tenant_id)
    .where('business_id', '=', b.business_id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw notFound(BusinessMessage.notFound);
  return transitionBusiness(db, {
    tenantId: b.tenant_id,
    businessId: b.business_id,
    actor: systemActor(),
    action: 'expire',
    version: Number(current.version),
    now: at,
  });
}
