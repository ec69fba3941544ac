// Who wrote each step of a report, by id (BUSINESS.md "Decisions for the lifecycle's second half": Report):
// everyone who saved a step of a revision is one of its makers and never reviews it, and a name does not say
// who that was. Steps saved before this migration were written by the report's maker. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table due_diligence_report_step add column saved_by_id text`.execute(db);
  await sql`update due_diligence_report_step s set saved_by_id = r.maker_id
    from due_diligence_report r where r.report_id = s.report_id and r.tenant_id = s.tenant_id`.execute(db);
}
