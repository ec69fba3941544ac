// 放款 and 还款计划 (BUSINESS.md §2 Loan, RepaymentPlan; "Decisions for the lifecycle's second half": Lending,
// Repayment, The daily job). One loan per business, registered by FINANCE and reviewed by OPS; its approval stores
// the schedule as installments. Money is bigint 分 throughout, never a float; each amount has its own column, so
// a repayment's allocation (费用 → 罚息 → 利息 → 本金) and the daily penalty post add to the *_paid and
// penalty_accrued columns of a row without a new column:
//
// - an installment's owed amounts are due − paid per component, its status one of the close of business's
//   (未到期 / 已到期 / 逾期 / 已结清); `penalty_through` is the last day whose penalty was posted, so a second run
//   of a day posts nothing again; `version` lets a repayment's confirmation and the daily step take turns on it;
// - the loan's `closed_through` is the last business day closed for it, so a repayment confirmed before its day
//   was closed can bring it up to date first.
//
// The lists read two views: 放款登记 every business that reached 放款 (its loan once registered; the status the
// stage kit's one function gives, from `stage_child_status`), 还款计划 every registered loan with its plan's
// totals. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table loan (
    business_id text primary key references financing_business(business_id),
    tenant_id text not null references tenant(tenant_id),
    loan_no text not null,
    amount bigint not null,
    upfront_interest bigint not null default 0,
    service_fee bigint not null default 0,
    net_amount bigint not null,
    loan_date date not null,
    value_date date not null,
    maturity_date date not null,
    annual_rate numeric(6,4) not null,
    repayment_method text not null,
    periods integer not null default 1,
    day_count_basis integer not null,
    receipt_file_id text not null,
    status text not null default 'PENDING',
    registrar_id text not null,
    registered_at timestamptz not null,
    reviewer_id text,
    reviewed_at timestamptz,
    zhongdeng_due_date date,
    zhongdeng_reg_no text,
    zhongdeng_reg_date date,
    closed_through date,
    version integer not null default 1,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint loan_no_uq unique (tenant_id, loan_no),
    constraint loan_amount_ck check (amount > 0 and upfront_interest >= 0 and service_fee >= 0),
    constraint loan_net_ck check (net_amount = amount - upfront_interest - service_fee and net_amount > 0),
    constraint loan_dates_ck check (maturity_date > value_date),
    constraint loan_basis_ck check (day_count_basis in (360, 365)),
    constraint loan_status_ck check (status in ('PENDING', 'CANCELLED', 'REGISTERED')),
    constraint loan_method_ck
      check (repayment_method in ('BULLET', 'INTEREST_FIRST', 'EQUAL_INSTALLMENT', 'EQUAL_PRINCIPAL'))
  )`.execute(db);

  await sql`create table installment (
    installment_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references loan(business_id),
    period_no integer not null,
    start_date date not null,
    due_date date not null,
    days integer not null,
    principal_due bigint not null,
    interest_due bigint not null,
    fee_due bigint not null default 0,
    penalty_accrued bigint not null default 0,
    principal_paid bigint not null default 0,
    interest_paid bigint not null default 0,
    fee_paid bigint not null default 0,
    penalty_paid bigint not null default 0,
    status text not null default 'NOT_DUE',
    overdue_days integer not null default 0,
    penalty_through date,
    settled_on date,
    version integer not null default 1,
    updated_at timestamptz not null,
    constraint installment_period_uq unique (business_id, period_no),
    constraint installment_due_ck
      check (principal_due >= 0 and interest_due >= 0 and fee_due >= 0 and penalty_accrued >= 0),
    constraint installment_paid_ck check (
      principal_paid between 0 and principal_due and interest_paid between 0 and interest_due
      and fee_paid between 0 and fee_due and penalty_paid between 0 and penalty_accrued),
    constraint installment_status_ck check (status in ('NOT_DUE', 'DUE', 'OVERDUE', 'SETTLED')),
    constraint installment_overdue_ck check (overdue_days >= 0)
  )`.execute(db);
  // The close of business walks the open installments by due date, in batches.
  await sql`create index installment_open_idx on installment (tenant_id, due_date, installment_id)
    where status <> 'SETTLED'`.execute(db);
  await sql`create index installment_business_idx on installment (tenant_id, business_id, period_no)`.execute(db);

  await sql`create view lending_view as
    select b.business_id as lending_id, b.tenant_id, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, b.capital_side_id, c.org_name as capital_side_name,
      b.approved_amount, b.decision_valid_until, l.loan_no, l.amount as loan_amount, l.net_amount, l.loan_date,
      l.maturity_date, l.registrar_id, l.zhongdeng_reg_no, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      st.status, b.created_at, b.updated_at, b.version, b.deleted
    from financing_business b
    left join loan l on l.business_id = b.business_id and l.tenant_id = b.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.capital_side_id and c.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = b.tenant_id and e.business_id = b.business_id and e.stage = 'LENDING'
        and e.action = 'approve' and e.to_state not like 'LENDING/%') as passed) a
    left join stage_child_status st on st.stage = 'LENDING' and st.state = b.state and st.passed = a.passed
    where b.stage in ('LENDING', 'REPAYING', 'SETTLED', 'SETTLED_EARLY')
      or (b.stage = 'TERMINATED' and exists (select 1 from business_event e2
        where e2.tenant_id = b.tenant_id and e2.business_id = b.business_id and e2.to_state like 'LENDING/%'))`.execute(
    db,
  );

  await sql`create view repayment_plan_view as
    select l.business_id as plan_id, l.tenant_id, l.loan_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, c.org_name as capital_side_name,
      l.amount as loan_amount, l.loan_date, l.maturity_date, l.annual_rate, l.repayment_method,
      t.principal_due - t.principal_paid as remaining_principal, t.interest_due as total_interest,
      t.owed as total_owed, n.due_date as next_due_date, n.owed as next_due_amount,
      t.overdue_days, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      st.status, l.created_at, b.updated_at, b.version, b.deleted
    from loan l
    join financing_business b on b.business_id = l.business_id and b.tenant_id = l.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.capital_side_id and c.tenant_id = b.tenant_id
    cross join lateral (select coalesce(sum(i.principal_due), 0) as principal_due,
      coalesce(sum(i.principal_paid), 0) as principal_paid, coalesce(sum(i.interest_due), 0) as interest_due,
      coalesce(sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
        - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid), 0) as owed,
      coalesce(max(i.overdue_days), 0) as overdue_days
      from installment i where i.business_id = l.business_id and i.tenant_id = l.tenant_id) t
    left join lateral (select i.due_date, i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
        - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid as owed
      from installment i where i.business_id = l.business_id and i.tenant_id = l.tenant_id
        and i.status <> 'SETTLED' order by i.due_date, i.period_no limit 1) n on true
    left join stage_child_status st on st.stage = 'REPAYING' and st.state = b.state and st.passed = false
    where l.status = 'REGISTERED'`.execute(db);
}
