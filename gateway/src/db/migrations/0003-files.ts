// Stored files. The bytes live on disk, content-addressed by sha-256 under the gateway's files
// folder; this table holds who uploaded what, per tenant, under which name. Several rows (a copy, the same
// document uploaded twice, another tenant's upload) may share one blob. Document-editing locks (WOPI style)
// are one row per file. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_file')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('extension', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull()) // bytes; uploads are capped far below 2 GB
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('sub_sys', 'text')
    .addColumn('module', 'text')
    .addColumn('business_type', 'text')
    .addColumn('business_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('stored_file_tenant_idx')
    .on('stored_file')
    .columns(['tenant_id', 'sub_sys', 'module'])
    .execute();
  await db.schema.createIndex('stored_file_sha_idx').on('stored_file').column('sha256').execute();

  await db.schema
    .createTable('file_lock')
    .addColumn('key_id', 'text', (c) => c.primaryKey().references('stored_file.key_id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('lock_value', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
