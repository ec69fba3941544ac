// The daily job's part for decisions (Decisions: Decision, "The daily job"): every business of every tenant whose
// approved 融资决议 passed its 90 days before the loan was registered becomes 已失效, moved by the gateway itself
// through the table (which releases what the business reserved), as the daily job's step (registered in
// routes.ts). The day is the job's, so a test or the demo runs it for any day; a business expired is no longer
// listed.
import { type Kysely, sql } from 'kysely';
import { DECISION_GOVERNS } from '../../../../src/domain/financing/expiry';
import { TERMINABLE_STATES } from '../../../../src/domain/financing/lifecycle';
import type { Database } from '../../db/database';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import type { DueBusiness } from '../business/expire';

/** Every business whose approved decision lapsed by `now` (the job makes each 已失效, business/expire.ts). */
export async function lapsedDecisions(db: Kysely<Database>, now: Date): Promise<DueBusiness[]> {
  return db
    .selectFrom('financing_business')
    .select(['tenant_id', 'business_id'])
    .where('deleted', '=', false)
    .where('stage', 'in', [...DECISION_GOVERNS])
    .where('state', 'in', [...TERMINABLE_STATES])
    .where(sql<boolean>`decision_valid_until < ${businessDay(now)}::date`)
    .orderBy('business_id')
    .execute();
}
