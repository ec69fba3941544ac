// 证书管理, 企业认证, 个人认证: one table for the three plain resources, told apart by kind. A
// certificate (kind CERTIFICATE) has its number, holder type and validity and is VALID until revoked; a
// real-name certification (ENTERPRISE: name, credit code, legal person; PERSONAL: name, resident ID, mobile)
// is PENDING until reviewed APPROVED or REJECTED. One id number has at most one live record of a kind in a
// tenant (a valid certificate, or a pending or approved certification). Version for optimistic locking.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certification')
    .addColumn('cert_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cert_no', 'text', (c) => c.unique())
    .addColumn('holder_type', 'text')
    .addColumn('subject_name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('legal_person', 'text')
    .addColumn('mobile', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_to', 'timestamptz')
    .addColumn('comment', 'text')
    .addColumn('reviewer_id', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index certification_tenant_kind_created_idx on certification (tenant_id, kind, created_at desc, cert_id desc)`.execute(
    db,
  );
  await sql`create unique index certification_live_id_number_uq on certification (tenant_id, kind, id_number) where status in ('VALID', 'PENDING', 'APPROVED')`.execute(
    db,
  );
}
