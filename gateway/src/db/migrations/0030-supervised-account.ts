// 监管账户 (BUSINESS.md §2 Risk): one table for the kit's resource, money in 分, the supplier and capital side
// as organisation ids of the tenant. One live (正常/冻结) record per account number in a tenant. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supervised_account')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('supplier_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('capital_side_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index supervised_account_page_idx on supervised_account
    (tenant_id, created_at desc, account_id desc)`.execute(db);
  await sql`create unique index supervised_account_live_no_uq on supervised_account (tenant_id, account_no)
    where status in ('NORMAL', 'FROZEN')`.execute(db);
}
