// The daily job's part for decisions (Decisions: Decision, "The daily job"): every business of every tenant whose
// approved 融资决议 passed its 90 days before the loan was registered becomes 已失效, moved by the gateway itself
// through the table (which releases what the business reserved). The clock is the caller's, so a test or the
// demo runs it for any day; run again it finds nothing more to do.
import { type Kysely, sql } from 'kysely';
import { DECISION_GOVERNS } from '../../../../src/domain/financing/expiry';
import { TERMINABLE_STATES } from '../../../../src/domain/financing/lifecycle';
import type { Database } from '../../db/database';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { expireEach } from '../pre-credit/store';

/** Moves each business whose decision lapsed by `now` to 已失效; answers how many it moved. */
export async function expireLapsedDecisions(db: Kysely<Database>, now: Date): Promise<number> {
  const due = await db
    .selectFrom('financing_business')
    .select(['tenant_id', 'business_id', 'version'])
    .where('deleted', '=', false)
    .where('stage', 'in', [...DECISION_GOVERNS])
    .where('state', 'in', [...TERMINABLE_STATES])
    .where(sql<boolean>`decision_valid_until < ${businessDay(now)}::date`)
    .orderBy('business_id')
    .execute();
  return expireEach(db, due, now);
}
