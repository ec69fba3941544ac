// 资产管理 (BUSINESS.md §2 Project, PaymentOrder, AssetChange; CRM InterviewMinutes for assets): four plain
// resources of the kit. Money is bigint 分; an order's 付款单号 is unique per project company; an order's
// invoices and a change's field diffs and impacted businesses are jsonb read by their detail pages. An order's
// project company is its project's, filled by the gateway; a change's columns have defaults because changes
// come from the source system, not from a form (the kit's fixtures write a record from its sample alone).
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const common = () => sql`
  tenant_id text not null references tenant(tenant_id),
  status text not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table project (
    project_id text primary key, ${common()},
    project_code text not null, project_name text not null, project_company_id text not null, city text
  )`.execute(db);
  await sql`create unique index project_code_uq on project (tenant_id, project_code)`.execute(db);
  await sql`create index project_page_idx on project (tenant_id, created_at desc, project_id desc)`.execute(db);

  await sql`create table payment_order (
    order_id text primary key, ${common()},
    order_no text not null, project_id text not null, project_company_id text, supplier_id text not null,
    contract_no text not null, contract_type text not null,
    receivable_amount bigint not null, paid_amount bigint not null default 0, due_date date not null,
    confirm_evidence text, confirmed_amount bigint, confirmed_at timestamptz, confirm_comment text,
    reserved_amount bigint not null default 0, financed_amount bigint not null default 0,
    eligible_amount bigint not null default 0,
    financing_status text not null default 'NONE', locked text not null default 'NO',
    invoices jsonb not null default '[]'::jsonb,
    constraint payment_order_paid_ck check (paid_amount <= receivable_amount)
  )`.execute(db);
  await sql`create unique index payment_order_no_uq
    on payment_order (tenant_id, project_company_id, order_no)`.execute(db);
  await sql`create index payment_order_page_idx on payment_order (tenant_id, due_date, order_id)`.execute(db);
  await sql`create index payment_order_project_idx on payment_order (tenant_id, project_id)`.execute(db);

  await sql`create table asset_interview_minutes (
    minutes_id text primary key, ${common()}, created_by text,
    minutes_no text, enterprise_id text not null, project_id text, order_id text, minutes_type text not null,
    interview_date date not null, place text, interviewees text, interviewers text, content text, conclusion text
  )`.execute(db);
  await sql`create index asset_minutes_page_idx
    on asset_interview_minutes (tenant_id, interview_date desc, minutes_id desc)`.execute(db);

  await sql`create table asset_change (
    change_id text primary key, ${common()},
    change_no text not null default '', target_type text not null default 'ORDER', target_id text not null default '',
    target_no text not null default '', change_type text not null default 'AMOUNT', summary text not null default '',
    source text not null default 'SYNC', impacted_count integer not null default 0,
    impacted_business_ids jsonb not null default '[]'::jsonb, diffs jsonb not null default '[]'::jsonb,
    changed_at timestamptz not null default now(), handling text, handling_comment text, handled_by text,
      handled_at timestamptz
  )`.execute(db);
  await sql`create index asset_change_page_idx
    on asset_change (tenant_id, changed_at desc, change_id desc)`.execute(db);
  await sql`create index asset_change_target_idx on asset_change (tenant_id, target_id)`.execute(db);
}
