// Tenants, organisations, users, roles, the menu catalogue and its grants, session tokens, dictionaries and
// gateway settings. Forward-only: a later change is a new migration, never an edit of this one.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tenant')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app')
    .addColumn('app_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('app_tenant_code_uq', ['tenant_id', 'app_code'])
    .execute();

  await db.schema
    .createTable('organization')
    .addColumn('org_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('parent_id', 'text', (c) => c.references('organization.org_id'))
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('org_type', 'text', (c) => c.notNull())
    .addColumn('gys_id', 'text', (c) => c.unique())
    .addColumn('data_auth_state', 'text')
    .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('organization_tenant_idx')
    .on('organization')
    .columns(['tenant_id', 'org_type'])
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('nick_name', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organization.org_id'))
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ENABLED'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('app_user_tenant_idx').on('app_user').columns(['tenant_id', 'organization_id']).execute();

  await db.schema
    .createTable('role')
    .addColumn('role_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('role_code', 'text', (c) => c.notNull())
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addUniqueConstraint('role_tenant_code_uq', ['tenant_id', 'role_code'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('role.role_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();

  await db.schema
    .createTable('menu')
    .addColumn('menu_id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('menu_name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('menu_code', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('menu_operation')
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menu.menu_id').onDelete('cascade'))
    .addColumn('operation_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('menu_operation_pk', ['menu_id', 'operation_code'])
    .execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'text', (c) => c.notNull().references('role.role_id').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menu.menu_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('role_menu_operation')
    .addColumn('role_id', 'text', (c) => c.notNull())
    .addColumn('menu_id', 'text', (c) => c.notNull())
    .addColumn('operation_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menu_operation_pk', ['role_id', 'menu_id', 'operation_code'])
    .addForeignKeyConstraint(
      'role_menu_operation_grant_fk',
      ['role_id', 'menu_id'],
      'role_menu',
      ['role_id', 'menu_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('session_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('session_token_user_idx').on('session_token').column('user_id').execute();

  await db.schema
    .createTable('dict_item')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('dict_type_code', 'text', (c) => c.notNull())
    .addColumn('dict_type_name', 'text', (c) => c.notNull())
    .addColumn('dict_code', 'text', (c) => c.notNull())
    .addColumn('dict_name', 'text', (c) => c.notNull())
    .addColumn('sort_no', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dict_item_pk', ['tenant_id', 'dict_type_code', 'dict_code'])
    .execute();
}
