// The stage child records' statuses as the list views read them: `childStatusOf` (src/domain/stage) answered
// for every reviewable stage, state and `passed`, written to `stage_child_status` (migration 0057) after the
// migrations on every start. A change to the function reaches an existing database at its next start; the
// rows that already say the same are left alone, so several gateways starting at once write nothing twice.
import { type Kysely, sql } from 'kysely';
import { REVIEW_STAGES } from '../../../src/domain/financing/lifecycle';
import { ALL_STATES, childStatusOf } from '../../../src/domain/stage/stage';
import type { Database } from '../db/database';

export async function writeChildStatuses(db: Kysely<Database>): Promise<void> {
  const rows = REVIEW_STAGES.flatMap((s) =>
    ALL_STATES.flatMap((state) =>
      [false, true].map((passed) => sql`(${s.stage}, ${state}, ${passed}, ${childStatusOf(s.stage, state, passed)})`),
    ),
  );
  await sql`insert into stage_child_status (stage, state, passed, status) values ${sql.join(rows)}
    on conflict (stage, state, passed) do update set status = excluded.status
    where stage_child_status.status <> excluded.status`.execute(db);
}
