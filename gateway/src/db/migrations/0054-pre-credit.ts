// 预授信 (BUSINESS.md §2 PreCredit): one per business, keyed by it. Its own figures are the amount applied
// for and approved, the validity (default 90 days) and the basis payment orders; its supplier, project
// company, state and version are the business's, so the list reads a view over both. The view's status is
// the business's status in the stage, or 已通过 once the business left the stage through the review (an
// event to APPLICATION/DRAFT), or how the business ended. A pre-credit is part of its business: it goes
// with it. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table pre_credit (
    business_id text primary key references financing_business(business_id) on delete cascade,
    tenant_id text not null references tenant(tenant_id),
    pre_credit_no text not null,
    apply_amount bigint not null,
    approved_amount bigint,
    valid_days integer not null default 90,
    valid_from date,
    valid_to date,
    basis_order_ids jsonb not null default '[]'::jsonb,
    created_by text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint pre_credit_amount_ck check (apply_amount > 0),
    constraint pre_credit_approved_ck check (approved_amount is null or approved_amount <= apply_amount)
  )`.execute(db);
  await sql`create unique index pre_credit_no_uq on pre_credit (tenant_id, pre_credit_no)`.execute(db);
  await sql`create index pre_credit_page_idx on pre_credit (tenant_id, created_at desc, business_id desc)`.execute(db);

  await sql`create view pre_credit_view as
    select p.business_id as pre_credit_id, p.tenant_id, p.pre_credit_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, c.org_name as project_company_name,
      p.apply_amount, p.valid_days, p.valid_from, p.valid_to, b.state, b.owner_id,
      jsonb_array_length(p.basis_order_ids) as basis_order_count,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      case
        when b.stage = 'PRE_CREDIT' then split_part(b.state, '/', 2)
        when a.passed then 'APPROVED'
        when b.state = 'TERMINATED/REJECTED' then 'REJECTED'
        when b.state = 'TERMINATED/EXPIRED' then 'EXPIRED'
        when b.stage = 'TERMINATED' then 'TERMINATED'
        else 'APPROVED'
      end as status,
      coalesce(p.approved_amount, case when a.passed then p.apply_amount end) as approved_amount,
      p.created_by, p.created_at,
      ((p.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      b.updated_at, b.version, b.deleted
    from pre_credit p
    join financing_business b on b.business_id = p.business_id and b.tenant_id = p.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.project_company_id and c.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = p.tenant_id and e.business_id = p.business_id
        and e.from_state = 'PRE_CREDIT/PENDING' and e.to_state like 'APPLICATION/%') as passed) a`.execute(db);
}
