// A stage's part of a checkpoint, judged on a stored business (its items counted, its contracts compared with the
// TERM elements, its contracts' locks): the rule reads the business's id from the record the table judges, and finds
// nothing to refuse on a record that is no stored business (a demand not yet accepted has none).
import type { Kysely } from 'kysely';
import type { BusinessRecord } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import type { CheckpointRule } from '../modules/business/facts';

/** The rule of a business's stage, as the checkpoints take it. */
export const businessRule =
  (
    rule: (
      db: Kysely<Database>,
      tenantId: string,
      businessId: string,
      record: BusinessRecord,
      now: Date,
    ) => Promise<string[]>,
  ): CheckpointRule =>
  async (db, tenantId, record, now) => {
    const businessId = (record as { keyId?: string }).keyId;
    return businessId ? rule(db, tenantId, businessId, record, now) : [];
  };
