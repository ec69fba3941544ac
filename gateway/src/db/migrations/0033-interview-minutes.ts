// 访谈纪要 (BUSINESS.md §2 CRM): one row a minutes, its document number unique in the tenant, its author
// (only they may delete it) and a removal flag that keeps the row for the audit. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('interview_minutes')
    .addColumn('minutes_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    // Set by the gateway on create (JY + date + sequence); a row put in by hand may lack it.
    .addColumn('minutes_no', 'text')
    .addColumn('enterprise_name', 'text', (c) => c.notNull())
    .addColumn('minutes_type', 'text', (c) => c.notNull())
    .addColumn('interview_date', 'date', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('interviewees', 'text', (c) => c.notNull())
    .addColumn('interviewers', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('conclusion', 'text', (c) => c.notNull())
    .addColumn('business_nos', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index interview_minutes_no_uq on interview_minutes (tenant_id, minutes_no)`.execute(db);
  await sql`create index interview_minutes_page_idx on interview_minutes
    (tenant_id, interview_date desc, minutes_id desc)
    where not deleted`.execute(db);
}
