// 融资决议 (BUSINESS.md §2 FinancingDecision; "Decisions for the lifecycle's second half": Decision) and the
// element items its approval creates (§2 ElementItem). One decision per business, made when the chair's review
// of the minutes moves the business to 融资决议 and prefilled then; its status is the business's (the view reads
// `stage_child_status`, the domain's one function). The business carries the approved terms from the
// decision's approval on. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table financing_decision (
    business_id text primary key references financing_business(business_id),
    tenant_id text not null references tenant(tenant_id),
    decision_no text not null,
    meeting_id text references review_meeting(meeting_id),
    approved_amount bigint,
    annual_rate numeric(6,4),
    service_fee_rate numeric(6,4),
    term_days integer,
    financing_ratio numeric(6,4),
    repayment_method text,
    guarantee_measures text not null default '',
    conditions jsonb not null default '[]'::jsonb,
    meeting_conditions jsonb not null default '[]'::jsonb,
    result text,
    valid_until date,
    approver_id text,
    approved_at timestamptz,
    submitted_at timestamptz,
    created_by text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint financing_decision_no_uq unique (tenant_id, decision_no),
    constraint financing_decision_result_ck check (result is null or result in ('AGREED', 'VETOED')),
    constraint financing_decision_amount_ck check (approved_amount is null or approved_amount > 0)
  )`.execute(db);

  await sql`create table element_item (
    item_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references financing_business(business_id),
    seq integer not null,
    kind text not null,
    name text not null,
    required_value text not null default '',
    actual_value text,
    mandatory boolean not null default true,
    checkpoint text,
    status text not null default 'PENDING',
    evidence_file_ids jsonb not null default '[]'::jsonb,
    checked_by text,
    checked_at timestamptz,
    created_at timestamptz not null,
    constraint element_item_seq_uq unique (business_id, seq),
    constraint element_item_kind_ck check (kind in ('TERM', 'CONDITION')),
    constraint element_item_status_ck check (status in ('PENDING', 'DONE', 'WAIVER_ASKED', 'WAIVED')),
    constraint element_item_checkpoint_ck
      check (checkpoint is null or checkpoint in ('BEFORE_CONTRACT', 'BEFORE_LENDING', 'AFTER_LENDING'))
  )`.execute(db);
  await sql`create index element_item_business_idx on element_item (tenant_id, business_id, seq)`.execute(db);

  await sql`alter table financing_business
    add column approved_annual_rate numeric(6,4),
    add column approved_term_days integer,
    add column approved_financing_ratio numeric(6,4),
    add column approved_repayment_method text,
    add column decision_valid_until date`.execute(db);

  await sql`create view financing_decision_view as
    select d.business_id as decision_id, d.tenant_id, d.decision_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, m.meeting_no,
      d.approved_amount, d.annual_rate, d.term_days, d.valid_until, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      st.status,
      d.submitted_at, d.created_by, d.created_at,
      ((d.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      b.updated_at, b.version, b.deleted
    from financing_decision d
    join financing_business b on b.business_id = d.business_id and b.tenant_id = d.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join review_meeting m on m.meeting_id = d.meeting_id and m.tenant_id = d.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = d.tenant_id and e.business_id = d.business_id and e.stage = 'DECISION'
        and e.action = 'approve' and e.to_state not like 'DECISION/%') as passed) a
    left join stage_child_status st on st.stage = 'DECISION' and st.state = b.state and st.passed = a.passed`.execute(
    db,
  );
}
