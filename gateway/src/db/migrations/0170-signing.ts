// 签约 (BUSINESS.md §2 Signing; "Decisions for the lifecycle's second half": Signing). Two sides, kept apart as
// they would be with e签宝:
// - The built-in signing provider's own records (gateway/src/esign): the tenant's demo CA (its key never leaves
//   the database), each flow with its status as e签宝 numbers it (0 草稿, 1 签署中, 2 完成, 3 撤销, 5 过期, 7 拒签)
//   and deadline, its documents (the current bytes, a signature appended as each signer signs), its signers in
//   order with the one-time link and code they sign with (only their SHA-256 kept), and the notices it sent
//   (the demo's notice log: codes, links, 催签).
// - The back office's record of each signing of a business (stage items, `signing_record`): online (the
//   provider's flow, its status as the last verified callback told it, the signers as the callbacks reported
//   them, the signed files stored through the file service) or offline (scans, 原件已收回 with its date), and the
//   supplements (reason, files, the factors they carry). Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('esign_ca')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenant.tenant_id'))
    .addColumn('cert_pem', 'text', (c) => c.notNull())
    .addColumn('key_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('esign_flow')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivered_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table esign_flow add constraint esign_flow_status_ck check (status in (0, 1, 2, 3, 5, 7))`.execute(
    db,
  );
  await sql`create index esign_flow_open_idx on esign_flow (status, deadline)`.execute(db);
  await sql`create index esign_flow_outbox_idx on esign_flow (flow_id) where event_seq > delivered_seq`.execute(db);
  await db.schema
    .createTable('esign_document')
    .addColumn('flow_id', 'text', (c) => c.notNull().references('esign_flow.flow_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('esign_document_pk', ['flow_id', 'seq'])
    .execute();
  await db.schema
    .createTable('esign_signer')
    .addColumn('flow_id', 'text', (c) => c.notNull().references('esign_flow.flow_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_hash', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'timestamptz')
    .addColumn('signed_at', 'timestamptz')
    .addPrimaryKeyConstraint('esign_signer_pk', ['flow_id', 'seq'])
    .execute();
  await sql`alter table esign_signer
    add constraint esign_signer_channel_ck check (channel in ('BACK_OFFICE', 'PAGE')),
    add constraint esign_signer_status_ck check (status in (0, 1, 2))`.execute(db);
  await sql`create unique index esign_signer_link_idx on esign_signer (link_hash) where link_hash is not null`.execute(
    db,
  );
  await db.schema
    .createTable('esign_notice')
    .addColumn('notice_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('signer_seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index esign_notice_flow_idx on esign_notice (tenant_id, flow_id, at)`.execute(db);

  await db.schema
    .createTable('signing_record')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('financing_business.business_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sign_no', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_flow_id', 'text')
    .addColumn('provider_status', 'integer')
    .addColumn('provider_event_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deadline', 'timestamptz')
    .addColumn('signers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('scan_file_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('originals_received_on', 'date')
    .addColumn('reason', 'text')
    .addColumn('factors', 'jsonb')
    .addColumn('timeline', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table signing_record
    add constraint signing_record_kind_ck check (kind in ('ONLINE', 'OFFLINE', 'SUPPLEMENT')),
    add constraint signing_record_status_ck check (status in ('SIGNING', 'SIGNED', 'FAILED'))`.execute(db);
  await sql`create unique index signing_record_no_idx on signing_record (tenant_id, sign_no)`.execute(db);
  await sql`create unique index signing_record_flow_idx on signing_record (provider, provider_flow_id)
    where provider_flow_id is not null`.execute(db);
  await sql`create index signing_record_business_idx on signing_record (tenant_id, business_id, seq)`.execute(db);
}
