// 风险检测 (BUSINESS.md §2 Risk): the alerts the checks raise about a supplier or a project company, with the
// result of their handling (保持预警 / 取消预警), who handled it and when. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_alert')
    .addColumn('alert_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('detected_on', 'date', (c) => c.notNull())
    .addColumn('business_nos', 'text')
    .addColumn('summary', 'text')
    .addColumn('result', 'text')
    .addColumn('handling', 'text')
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index risk_alert_page_idx on risk_alert (tenant_id, detected_on desc, alert_id desc)`.execute(db);
}
