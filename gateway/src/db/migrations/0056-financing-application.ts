// 融资申请 with its 准入资料 (BUSINESS.md §2 FinancingApplication, AccessDocument): one per business, keyed
// by it. Its own figures are the lines (payment order, amount), the term, the repayment source, the payee
// account and the document checklist (type, files, 有效期至), kept as JSON on the row because they are only
// ever read and written whole with it. `reserved` is what this application holds on each order right now
// (order id → 分): written in the same transaction as payment_order.reserved_amount, so a reservation is
// taken and given back exactly once. Its supplier, state and version are the business's, so the list reads
// a view over both. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table financing_application (
    application_id text primary key references financing_business(business_id) on delete cascade,
    tenant_id text not null references tenant(tenant_id),
    application_no text not null,
    term_days integer,
    repayment_source text,
    payee_bank text,
    payee_account text,
    lines jsonb not null default '[]'::jsonb,
    docs jsonb not null default '[]'::jsonb,
    total_amount bigint not null default 0,
    reserved jsonb not null default '{}'::jsonb,
    submitted_at timestamptz,
    created_by text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint financing_application_total_ck check (total_amount >= 0)
  )`.execute(db);
  await sql`create unique index financing_application_no_uq
    on financing_application (tenant_id, application_no)`.execute(db);
  await sql`create index financing_application_page_idx
    on financing_application (tenant_id, created_at desc, application_id desc)`.execute(db);
  // A reservation never drives an order's eligible amount below zero, whoever writes it.
  await sql`alter table payment_order add constraint payment_order_reserved_ck
    check (reserved_amount >= 0)`.execute(db);

  await sql`create view financing_application_view as
    select a.application_id, a.tenant_id, a.application_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, c.org_name as project_company_name,
      jsonb_array_length(a.lines) as order_count, a.total_amount, a.term_days, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      case
        when b.stage = 'APPLICATION' then split_part(b.state, '/', 2)
        when b.state = 'TERMINATED/REJECTED' then 'REJECTED'
        when b.stage = 'TERMINATED' then 'TERMINATED'
        else 'APPROVED'
      end as status,
      a.submitted_at, a.created_by, a.created_at,
      ((a.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      b.updated_at, b.version, b.deleted
    from financing_application a
    join financing_business b on b.business_id = a.application_id and b.tenant_id = a.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.project_company_id and c.tenant_id = b.tenant_id`.execute(db);
}
