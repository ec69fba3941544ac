// 资金方 and 资金产品 (BUSINESS.md §2, "Decisions"): a capital side stays its organisation row; what the
// business adds — type, total limit, validity — lives in the one-to-one side table `capital_side`, keyed by
// the organisation id (a capital side's code). A product belongs to one capital side; rates are exact
// numeric(6,4); 可用 = 额度 − 已用 is computed by the database, so no write can make it disagree. Product codes
// are unique per tenant. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('capital_side')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organization.org_id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('side_type', 'text', (c) => c.notNull())
    .addColumn('total_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_limit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_to', 'date')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('fund_product')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('capital_side_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('product_code', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('min_rate', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('max_rate', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('service_fee_rate', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('available_quota', 'bigint', (c) => c.generatedAlwaysAs(sql`quota - used_quota`).stored())
    .addColumn('term_min_days', 'integer', (c) => c.notNull())
    .addColumn('term_max_days', 'integer', (c) => c.notNull())
    .addColumn('max_financing_ratio', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('day_count_basis', 'text', (c) => c.notNull())
    .addColumn('repayment_methods', 'text', (c) => c.notNull())
    .addColumn('interest_mode', 'text', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_markup', sql`numeric(6,4)`, (c) => c.notNull().defaultTo('0.5'))
    .addColumn('early_repay_fee_rate', sql`numeric(6,4)`, (c) => c.notNull().defaultTo('0'))
    .addColumn('valid_from', 'date', (c) => c.notNull())
    .addColumn('valid_to', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index fund_product_code_uq on fund_product (tenant_id, product_code)`.execute(db);
  await sql`create index fund_product_page_idx on fund_product (tenant_id, created_at desc, product_id desc)`.execute(
    db,
  );
  await sql`create index fund_product_side_idx on fund_product (tenant_id, capital_side_id)`.execute(db);
}
