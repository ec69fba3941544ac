// 企业信息 (BUSINESS.md §2 CRM, "Decisions"): what the business adds to a supplier, project company or capital
// side lives in a one-to-one side table keyed by the organisation — never a second copy of the company.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('enterprise_profile')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organization.org_id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('scale', 'text')
    .addColumn('legal_rep', 'text')
    .addColumn('registered_capital', 'bigint')
    .addColumn('established_on', 'date')
    .addColumn('address', 'text')
    .addColumn('industry', 'text')
    .addColumn('taxpayer_type', 'text')
    .addColumn('rating', 'text')
    .addColumn('whitelist', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index organization_enterprise_page_idx on organization (tenant_id, org_name, org_id)
    where org_type in ('SUPPLIER', 'PROJECT_COMPANY', 'CAPITAL_SIDE')`.execute(db);
}
