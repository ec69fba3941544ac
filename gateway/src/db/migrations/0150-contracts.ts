// 合同文件 (BUSINESS.md §2 ContractFile; "Decisions for the lifecycle's second half": Contracts): many contracts
// per business, each made from a versioned template (the template's id and version kept) or uploaded, with its
// factors typed — 分 as bigint, the annual rate as numeric(6,4), days, the repayment method's code — its PDF
// stored once through the file service as the evidence (the file's key and its sha-256 on the row), who made it,
// and its own version number within its series (作废 makes it VOID; a new version replaces it and names it).
// The row keeps only what is the contract's own: DRAFT, or VOID once 作废; 待审核 / 已通过 are read from its
// business, never stored twice. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_file')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenant.tenant_id'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('financing_business.business_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('contract_no', 'text', (c) => c.notNull())
    .addColumn('series_no', 'text', (c) => c.notNull())
    .addColumn('contract_version', 'integer', (c) => c.notNull())
    .addColumn('replaces_id', 'text', (c) => c.references('contract_file.item_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contract_type', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('template_version', 'integer')
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('annual_rate', sql`numeric(6,4)`, (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('repayment_method', 'text', (c) => c.notNull())
    .addColumn('due_date', 'date')
    .addColumn('payee_account', 'text')
    .addColumn('file_id', 'text', (c) => c.notNull().references('stored_file.key_id'))
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('DRAFT'))
    .addColumn('void_reason', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table contract_file
    add constraint contract_file_status_ck check (status in ('DRAFT', 'VOID')),
    add constraint contract_file_origin_ck check (
      (origin = 'TEMPLATE' and template_id is not null and template_version is not null)
      or (origin = 'UPLOAD' and template_id is null)),
    add constraint contract_file_type_ck check (
      contract_type in ('FACTORING', 'TRANSFER', 'GUARANTEE', 'SERVICE', 'SUPPLEMENT')),
    add constraint contract_file_amount_ck check (amount_fen > 0),
    add constraint contract_file_sha_ck check (file_sha256 ~ '^[0-9a-f]{64}$')`.execute(db);
  await sql`create unique index contract_file_no_idx on contract_file (tenant_id, contract_no)`.execute(db);
  await sql`create unique index contract_file_series_idx on contract_file
    (tenant_id, series_no, contract_version)`.execute(db);
  await sql`create index contract_file_business_idx on contract_file (tenant_id, business_id, seq)`.execute(db);
  await sql`create index contract_file_page_idx on contract_file (tenant_id, created_at desc, item_id desc)`.execute(
    db,
  );
}
