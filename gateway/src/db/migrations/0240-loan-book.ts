// The loan book as one relation (BUSINESS.md Decisions "Statistics": figures summed from loans and installments
// when asked, fast as the book grows). `loan_book_view` is every registered loan with its business, names and
// plan totals — the 还款计划 list's rows without what only a page shows — and `repayment_plan_view`, the list's
// view, is built on it, adding the next installment due and the stage's status. The dashboard's widgets group
// and sum the book itself, so they equal the list by construction and read no next-due installment per loan.
//
// The plan totals are each loan's installments grouped, joined by the loan's id rather than looked up per loan:
// a whole book is then one pass over the installments' covering index (merged in the loans' order), a page of the
// list that shows no total drops the join (each loan has one group at most), and one loan's record reads only its
// own group. The book also carries each loan's 逾期 owed amount (its 逾期 installments', as the plan's detail lists
// them), so the 逾期金额 card is summed in the same pass. Forward-only; `repayment_plan_view` keeps 0140's columns and order, with the business's capital side
// and product beside them.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The plan totals in the book's order, read from the index alone.
  await sql`create index installment_plan_totals_idx on installment (tenant_id, business_id)
    include (principal_due, principal_paid, interest_due, interest_paid, fee_due, fee_paid, penalty_accrued,
      penalty_paid, overdue_days, status)`.execute(db);

  await sql`create view loan_book_view as
    select l.business_id as plan_id, l.tenant_id, l.loan_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, b.capital_side_id, c.org_name as capital_side_name,
      b.product_id, l.amount as loan_amount, l.loan_date, l.maturity_date, l.annual_rate, l.repayment_method,
      coalesce(t.principal_due - t.principal_paid, 0) as remaining_principal,
      coalesce(t.interest_due, 0) as total_interest, coalesce(t.owed, 0) as total_owed,
      coalesce(t.overdue_days, 0) as overdue_days, coalesce(t.overdue_owed, 0) as overdue_owed, b.state, b.owner_id, b.review,
      l.created_at, b.updated_at, b.version, b.deleted
    from loan l
    join financing_business b on b.business_id = l.business_id and b.tenant_id = l.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.capital_side_id and c.tenant_id = b.tenant_id
    left join (select i.tenant_id, i.business_id, sum(i.principal_due) as principal_due,
        sum(i.principal_paid) as principal_paid, sum(i.interest_due) as interest_due,
        sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
          - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) as owed,
        sum(i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
          - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid) filter (where i.status = 'OVERDUE')
          as overdue_owed,
        max(i.overdue_days) as overdue_days
      from installment i group by i.tenant_id, i.business_id) t
      on t.business_id = l.business_id and t.tenant_id = l.tenant_id
    where l.status = 'REGISTERED'`.execute(db);

  await sql`drop view repayment_plan_view`.execute(db);
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
}
