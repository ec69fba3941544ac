// 子公司参数 (BUSINESS.md §2 Parameters): one parameter per subsidiary (city or project company) of a
// tenant, enforced by a unique index so two saves at once cannot both win. Ratios are exact numeric(6,4);
// money is bigint 分. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subsidiary_parameter')
    .addColumn('param_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('subsidiary_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('single_max_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_financing_ratio', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('max_term_days', 'integer', (c) => c.notNull())
    .addColumn('annual_quota', 'bigint', (c) => c.notNull())
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('effective_from', 'date', (c) => c.notNull())
    .addColumn('effective_to', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index subsidiary_parameter_org_uq on subsidiary_parameter (tenant_id, subsidiary_id)`.execute(
    db,
  );
  await sql`create index subsidiary_parameter_page_idx on subsidiary_parameter
    (tenant_id, created_at desc, param_id desc)`.execute(db);
}
