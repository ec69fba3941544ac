// Each loan carries its plan's totals (BUSINESS.md Decisions "Statistics": figures from loans and installments,
// fast as the book grows). What the 还款计划 list and the dashboard read of a loan's installments — its remaining
// principal, interest, owed amount, 逾期 owed amount and most overdue days — is state of the loan, written in the
// statement that writes its installments: whoever writes them (放款's schedule, a confirmed repayment, the close of
// business, a seed), the loan's row is brought back to the sums over its installments before the statement ends,
// in the same transaction, so it cannot drift from them. A page of the list then reads its rows by id without
// grouping the whole book, and a widget sums one row per loan instead of ten installments. Forward-only;
// `loan_book_view` and `repayment_plan_view` keep their columns and order.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table loan
    add column plan_remaining_principal bigint not null default 0,
    add column plan_interest bigint not null default 0,
    add column plan_owed bigint not null default 0,
    add column plan_overdue_owed bigint not null default 0,
    add column plan_overdue_days integer not null default 0`.execute(db);

  // The loans whose installments a statement changed, summed again from all their installments (not adjusted by
  // the change: the sums are the definition, whatever the statement did).
  await sql`create function loan_plan_totals() returns trigger language plpgsql as $$
    begin
      update loan l set plan_remaining_principal = coalesce(t.remaining_principal, 0),
        plan_interest = coalesce(t.interest, 0), plan_owed = coalesce(t.owed, 0),
        plan_overdue_owed = coalesce(t.overdue_owed, 0), plan_overdue_days = coalesce(t.overdue_days, 0)
      from (select distinct c.tenant_id, c.business_id from changed c) c
      left join (select i.tenant_id, i.business_id, sum(i.principal_due - i.principal_paid) as remaining_principal,
          sum(i.interest_due) as interest,
          sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
            - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) as owed,
          sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
            - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) filter (where i.status = 'OVERDUE')
            as overdue_owed,
          max(i.overdue_days) as overdue_days
        from installment i where (i.tenant_id, i.business_id) in (select c.tenant_id, c.business_id from changed c)
        group by i.tenant_id, i.business_id) t on t.tenant_id = c.tenant_id and t.business_id = c.business_id
      where l.tenant_id = c.tenant_id and l.business_id = c.business_id;
      return null;
    end $$`.execute(db);
  // One trigger per event: a trigger with transition tables answers one kind of statement.
  await sql`create trigger installment_insert_plan_totals after insert on installment
    referencing new table as changed for each statement execute function loan_plan_totals()`.execute(db);
  await sql`create trigger installment_update_plan_totals after update on installment
    referencing new table as changed for each statement execute function loan_plan_totals()`.execute(db);
  await sql`create trigger installment_delete_plan_totals after delete on installment
    referencing old table as changed for each statement execute function loan_plan_totals()`.execute(db);

  // The loans already made.
  await sql`update loan l set plan_remaining_principal = t.remaining_principal, plan_interest = t.interest,
      plan_owed = t.owed, plan_overdue_owed = t.overdue_owed, plan_overdue_days = t.overdue_days
    from (select i.tenant_id, i.business_id, sum(i.principal_due - i.principal_paid) as remaining_principal,
        sum(i.interest_due) as interest,
        sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
          - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) as owed,
        coalesce(sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
          - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) filter (where i.status = 'OVERDUE'), 0)
          as overdue_owed,
        max(i.overdue_days) as overdue_days
      from installment i group by i.tenant_id, i.business_id) t
    where l.tenant_id = t.tenant_id and l.business_id = t.business_id`.execute(db);

  // The book reads the loan's own columns: one row per registered loan, nothing grouped. The plan list's risk
  // view is built on the plan view's columns: dropped with it and made again on the new one.
  await sql`drop view repayment_plan_risk_view`.execute(db);
  await sql`drop view repayment_plan_view`.execute(db);
  await sql`drop view loan_book_view`.execute(db);
  await sql`create view loan_book_view as
    select l.business_id as plan_id, l.tenant_id, l.loan_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, b.capital_side_id, c.org_name as capital_side_name,
      b.product_id, l.amount as loan_amount, l.loan_date, l.maturity_date, l.annual_rate, l.repayment_method,
      l.plan_remaining_principal as remaining_principal, l.plan_interest as total_interest, l.plan_owed as total_owed,
      l.plan_overdue_days as overdue_days, l.plan_overdue_owed as overdue_owed, b.state, b.owner_id, b.review,
      l.created_at, b.updated_at, b.version, b.deleted
    from loan l
    join financing_business b on b.business_id = l.business_id and b.tenant_id = l.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.capital_side_id and c.tenant_id = b.tenant_id
    where l.status = 'REGISTERED'`.execute(db);
  await sql`create view repayment_plan_view as
    select v.plan_id, v.tenant_id, v.loan_no, v.business_no, v.supplier_id, v.supplier_name, v.project_company_id,
      v.capital_side_name, v.loan_amount, v.loan_date, v.maturity_date, v.annual_rate, v.repayment_method,
      v.remaining_principal, v.total_interest, v.total_owed, n.due_date as next_due_date, n.owed as next_due_amount,
      v.overdue_days, v.state, v.owner_id,
      case when v.review is null then null else (v.review->>'level')::int end as review_level,
      case when v.review is null then null else jsonb_array_length(v.review->'snapshot'->'levels') end
        as review_levels,
      st.status, v.created_at, v.updated_at, v.version, v.deleted, v.capital_side_id, v.product_id
    from loan_book_view v
    left join lateral (select i.due_date, i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
        - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid as owed
      from installment i where i.business_id = v.plan_id and i.tenant_id = v.tenant_id
        and i.status <> 'SETTLED' order by i.due_date, i.period_no limit 1) n on true
    left join stage_child_status st on st.stage = 'REPAYING' and st.state = v.state and st.passed = false`.execute(db);
  await sql`create view repayment_plan_risk_view as
    select v.*, l.risk_class, case when l.write_off_review then 'YES' else 'NO' end as write_off_review
    from repayment_plan_view v
    join loan l on l.business_id = v.plan_id and l.tenant_id = v.tenant_id`.execute(db);
}
