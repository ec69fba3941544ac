// 角色管理: a role gets a status (deleting a role is a status change, SPEC §3), a version for
// optimistic locking, a remark and its times. Name and code are unique in the tenant among the roles that
// are not deleted, so a deleted role's code can be used again. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('role')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ENABLED'))
    .execute();
  await db.schema
    .alterTable('role')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('role')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('role')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('role')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('role').dropConstraint('role_tenant_code_uq').execute();
  await sql`create unique index role_tenant_code_live_uq on role (tenant_id, role_code) where status <> 'DELETED'`.execute(
    db,
  );
  await sql`create unique index role_tenant_name_live_uq on role (tenant_id, role_name) where status <> 'DELETED'`.execute(
    db,
  );
}
