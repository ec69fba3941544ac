// 审核类型配置 (BUSINESS.md §1.5): per tenant, each review type's levels (roles or users, how opinions combine,
// what a rejection does). Read when an item is submitted and snapshotted with it; the tenant's rows are
// seeded with the defaults. Forward-only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_type')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('levels', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_type_pk', ['tenant_id', 'code'])
    .execute();
}
