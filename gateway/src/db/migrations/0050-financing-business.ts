// 融资业务 (BUSINESS.md §1–2): the one aggregate of the financing lifecycle, its timeline of events, and the
// daily document numbers. The business carries its state as 'STAGE/STATUS' (the lifecycle table's key) and
// the stage again on its own for the list's filters and tabs; the review under way (the audit type snapshotted
// at submission, the level, the opinions) lives with it as JSON, so a change of configuration or of role
// membership touches new submissions only. Every transition appends one event in the same transaction.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('financing_business')
    .addColumn('business_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('business_no', 'text', (c) => c.notNull())
    .addColumn('supplier_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('project_company_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('capital_side_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('product_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('suspend_reason', 'text')
    .addColumn('owner_id', 'text')
    .addColumn('apply_amount', 'bigint', (c) => c.notNull())
    .addColumn('approved_amount', 'bigint')
    .addColumn('review', 'jsonb')
    .addColumn('review_arrived_at', 'timestamptz')
    .addColumn('reconsider_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('terminate_reason', 'text')
    .addColumn('demand_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('financing_business_no_uq', ['tenant_id', 'business_no'])
    .execute();
  // The list: newest change first within a tab (stage), and the filters a supplier user is held to.
  await sql`create index financing_business_page_idx on financing_business
    (tenant_id, updated_at desc, business_id desc) where not deleted`.execute(db);
  await sql`create index financing_business_stage_idx on financing_business
    (tenant_id, stage, updated_at desc, business_id desc) where not deleted`.execute(db);
  await sql`create index financing_business_supplier_idx on financing_business
    (tenant_id, supplier_id, updated_at desc) where not deleted`.execute(db);
  await sql`create index financing_business_demand_idx on financing_business (tenant_id, demand_id)
    where demand_id is not null`.execute(db);

  await db.schema
    .createTable('business_event')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('financing_business.business_id'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('action_label', 'text', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index business_event_business_idx on business_event (tenant_id, business_id, at)`.execute(db);
  await sql`create index business_event_actor_idx on business_event (tenant_id, actor_id, at)`.execute(db);

  // PREFIX + yyyyMMdd + the day's 4-digit sequence (BUSINESS.md §2), taken by one atomic upsert so that two
  // writers at once never draw the same number.
  await db.schema
    .createTable('document_seq')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_seq_pk', ['tenant_id', 'prefix', 'day'])
    .execute();
}
