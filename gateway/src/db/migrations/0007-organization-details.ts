// 组织管理, 项目公司管理, 供应商管理: an organisation gets what its forms edit — the unified social
// credit code (unique in the tenant when set), contact, mobile, e-mail, address — a status (disabling is a
// status change; the record stays for the users and businesses that name it), a version for optimistic
// locking, and its times. A supplier may belong to several sub-systems (the tenant's applications):
// organization_app. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['credit_code', 'contact_name', 'contact_mobile', 'email', 'address']) {
    await db.schema.alterTable('organization').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('organization')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ENABLED'))
    .execute();
  await db.schema
    .alterTable('organization')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('organization')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('organization')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index organization_tenant_credit_code_uq on organization (tenant_id, credit_code) where credit_code is not null`.execute(
    db,
  );

  await db.schema
    .createTable('organization_app')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('app_id', 'text', (c) => c.notNull().references('app.app_id'))
    .addPrimaryKeyConstraint('organization_app_pk', ['org_id', 'app_id'])
    .execute();
}
