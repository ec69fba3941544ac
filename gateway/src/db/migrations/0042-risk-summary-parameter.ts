// 风控汇总参数 (BUSINESS.md §2 Parameters): every version is a row and none is overwritten; `version` is the
// version number, and a partial unique index keeps exactly one ACTIVE version per tenant, so two saves of
// the same version at once cannot both take effect. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_summary_parameter')
    .addColumn('param_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('supplier_max_exposure', 'bigint', (c) => c.notNull())
    .addColumn('supplier_max_share', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('project_company_max_exposure', 'bigint', (c) => c.notNull())
    .addColumn('group_total_quota', 'bigint', (c) => c.notNull())
    .addColumn('max_financing_ratio', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('max_term_days', 'integer', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('min_remaining_days', 'integer', (c) => c.notNull())
    .addColumn('overdue_warn_days', 'integer', (c) => c.notNull())
    .addColumn('supplier_concentration_warn_pct', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('project_company_concentration_warn_pct', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('change_summary', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index risk_summary_active_uq on risk_summary_parameter (tenant_id)
    where status = 'ACTIVE'`.execute(db);
  await sql`create index risk_summary_page_idx on risk_summary_parameter
    (tenant_id, version desc, param_id desc)`.execute(db);
}
