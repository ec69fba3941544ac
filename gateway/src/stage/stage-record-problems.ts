// A stage whose business keeps a record of its own (预授信, 融资申请, 审批决策) refuses its submission the same way
// first: while the business has no such record, with the stage's word for it; only a record found is put to the
// stage's rule. One reading of that, for the SUBMIT checkpoint and the make page that shows its refusals.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** A stage's reader of its record of a business; null while the business has none. */
export type RecordLoader<R> = (db: Kysely<Database>, tenantId: string, businessId: string) => Promise<R | null>;

/**
 * The refusals of the submission of the business's record, now: `missing` while `load` finds none, else what
 * `problems` finds of the record.
 */
export function recordProblems<R, B extends { keyId: string }>(
  load: RecordLoader<R>,
  missing: string,
  problems: (db: Kysely<Database>, tenantId: string, business: B, stored: R, now: Date) => Promise<string[]>,
) {
  return async (db: Kysely<Database>, tenantId: string, business: B, now: Date): Promise<string[]> => {
    const stored = await load(db, tenantId, business.keyId);
    return stored ? problems(db, tenantId, business, stored, now) : [missing];
  };
}
