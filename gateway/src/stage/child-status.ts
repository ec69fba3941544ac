// The stage child records' statuses as the list views read them: `childStatusOf` (src/domain/stage) answered
// for every stage with a record (review stage or not), state and `passed`, written to `stage_child_status`
// (migration 0057) after the migrations on every start. A change to the function reaches an existing database at its next start; the
// rows that already say the same are left alone, so several gateways starting at once write nothing twice.
import { type Kysely, sql } from 'kysely';
import { ALL_STATES, CHILD_STAGES, childStatusOf } from '../../../src/domain/stage/stage';
import type { Database } from '../db/database';

export async function writeChildStatuses(db: Kysely<Database>): Promise<void> {
  const rows = CHILD_STAGES.flatMap((stage) =>
    ALL_STATES.flatMap((state) =>
      [false, true].map((passed) => sql`(${stage}, ${state}, ${passed}, ${childStatusOf(stage, state, passed)})`),
    ),
  );
  await sql`insert into stage_child_status (stage, state, passed, status) values ${sql.join(rows)}
    on conflict (stage, state, passed) do update set status = excluded.status
    where stage_child_status.status <> excluded.status`.execute(db);
}
