// Suppliers' consents to the data-query authorization (SPEC §3, §4): who agreed, for which supplier, to which
// letter, covering which capital sides, and when. Every consent is kept (a history, not a flag); the
// supplier's organization.data_auth_state says whether one has been given. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supplier_consent')
    .addColumn('consent_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('supplier_org_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('gys_id', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('auth_state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.user_id'))
    .addColumn('consented_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('supplier_consent_supplier_idx')
    .on('supplier_consent')
    .columns(['tenant_id', 'supplier_org_id'])
    .execute();

  await db.schema
    .createTable('supplier_consent_capital_side')
    .addColumn('consent_id', 'text', (c) => c.notNull().references('supplier_consent.consent_id').onDelete('cascade'))
    .addColumn('capital_side_org_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addPrimaryKeyConstraint('supplier_consent_capital_side_pk', ['consent_id', 'capital_side_org_id'])
    .execute();
}
