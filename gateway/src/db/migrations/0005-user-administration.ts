// 用户管理 and real permissions: the personnel record beside an account (name, mobile, e-mail, ID
// number), the OA account and the data-authorisation flag of a user, failed sign-ins and lockouts counted per
// user name (known or not), and the operation log of every write. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('oa_account', 'text').execute();
  await db.schema
    .alterTable('app_user')
    .addColumn('is_auth_data', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index app_user_tenant_oa_uq on app_user (tenant_id, oa_account) where oa_account is not null`.execute(
    db,
  );
  await sql`create index app_user_tenant_mobile_idx on app_user (tenant_id, mobile)`.execute(db);

  await db.schema
    .createTable('personnel')
    .addColumn('personnel_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('app_user.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('email', 'text')
    .addColumn('id_number', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('personnel_tenant_idx').on('personnel').columns(['tenant_id', 'user_id']).execute();

  // Keyed by the name as typed (trimmed, lower-cased), so an unknown name is counted like a known one.
  await db.schema
    .createTable('login_failure')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failure_name_idx')
    .on('login_failure')
    .columns(['user_name', 'failed_at'])
    .execute();
  await db.schema
    .createTable('login_lock')
    .addColumn('user_name', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operation_log')
    .addColumn('log_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    /** JSON text of the record before and after the write; null where there was none. */
    .addColumn('before_data', 'text')
    .addColumn('after_data', 'text')
    .execute();
  await db.schema
    .createIndex('operation_log_tenant_idx')
    .on('operation_log')
    .columns(['tenant_id', 'occurred_at'])
    .execute();
}
