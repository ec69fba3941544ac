// The loan book read from the loans alone (BUSINESS.md Decisions "Statistics": figures from loans and installments,
// fast as the book grows). What the dashboard's widgets and the 还款计划 list filter and scope a loan by — its
// business's supplier, project company (子公司), capital side, product, and whether the business was deleted — are
// facts of the loan, carried on it: filled from its business when the loan is made, and brought back to the
// business's in the statement that changes them, in the same transaction, so they cannot differ from the business's.
// `loan_book_view` is then the loan's row with its business and names joined only for what a page shows (left
// joins on their keys, which PostgreSQL drops when nothing of them is read): a widget or the list's count reads one
// table, and a covering index holds every column they group, filter and sum, so a whole book is an index-only
// scan. The list's page reads the next installment due and the stage's status for its own rows only (a subquery
// per shown column, not a join every counted row pays for: the list's count is the book's index alone).
//
// A loan's 逾期天数 as its plan carries it is its installments' still 逾期 (a repaid one keeps the days it was late
// but is no longer overdue): the close of business's own figure for the loan, so the list, the risk class the
// close stores and the dashboard's risk widget agree after every close.
// Forward-only; the views keep their columns and order (the book and the plan's view add the loan's risk class and
// write-off flag at their end, which the risk view read by joining the loan again).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const FACTS = ['supplier_id', 'project_company_id', 'capital_side_id', 'product_id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table loan
    add column supplier_id text,
    add column project_company_id text,
    add column capital_side_id text,
    add column product_id text,
    add column business_deleted boolean not null default false`.execute(db);
  await sql`update loan l set supplier_id = b.supplier_id, project_company_id = b.project_company_id,
      capital_side_id = b.capital_side_id, product_id = b.product_id, business_deleted = b.deleted
    from financing_business b where b.business_id = l.business_id`.execute(db);
  await sql`alter table loan alter column supplier_id set not null`.execute(db);

  // A new loan takes its business's facts, whatever statement makes it.
  await sql`create function loan_business_facts() returns trigger language plpgsql as $$
    begin
      select b.supplier_id, b.project_company_id, b.capital_side_id, b.product_id, b.deleted
        into new.supplier_id, new.project_company_id, new.capital_side_id, new.product_id, new.business_deleted
        from financing_business b where b.business_id = new.business_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger loan_insert_business_facts before insert on loan
    for each row execute function loan_business_facts()`.execute(db);
  // A business whose facts change carries the change to its loan.
  await sql`create function business_loan_facts() returns trigger language plpgsql as $$
    begin
      update loan set supplier_id = new.supplier_id, project_company_id = new.project_company_id,
        capital_side_id = new.capital_side_id, product_id = new.product_id, business_deleted = new.deleted
      where business_id = new.business_id;
      return null;
    end $$`.execute(db);
  const changed = sql.join(
    [...FACTS, 'deleted'].map((c) => sql`old.${sql.raw(c)} is distinct from new.${sql.raw(c)}`),
    sql` or `,
  );
  await sql`create trigger business_update_loan_facts after update on financing_business
    for each row when (${changed}) execute function business_loan_facts()`.execute(db);

  // The plan's most overdue days: of the installments still 逾期.
  await sql`create or replace function loan_plan_totals() returns trigger language plpgsql as $$
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
          max(i.overdue_days) filter (where i.status = 'OVERDUE') as overdue_days
        from installment i where (i.tenant_id, i.business_id) in (select c.tenant_id, c.business_id from changed c)
        group by i.tenant_id, i.business_id) t on t.tenant_id = c.tenant_id and t.business_id = c.business_id
      where l.tenant_id = c.tenant_id and l.business_id = c.business_id;
      return null;
    end $$`.execute(db);
  await sql`update loan l set plan_overdue_days = coalesce(t.days, 0)
    from (select l.business_id, max(i.overdue_days) filter (where i.status = 'OVERDUE') as days
      from loan l left join installment i on i.tenant_id = l.tenant_id and i.business_id = l.business_id
      group by l.business_id) t
    where l.business_id = t.business_id and l.plan_overdue_days <> coalesce(t.days, 0)`.execute(db);

  // Everything a widget or the list's count reads of a registered loan, in one index read without the table.
  await sql`create index loan_book_figures_idx on loan (tenant_id, supplier_id, project_company_id)
    include (capital_side_id, product_id, business_deleted, loan_date, maturity_date, amount, annual_rate,
      plan_remaining_principal, plan_overdue_days, plan_overdue_owed)
    where status = 'REGISTERED'`.execute(db);
  // The loans with 逾期 installments (an installment is 逾期 only while something of it is owed), whose
  // installments the ageing reads: a few of the book's loans, not all of them.
  await sql`create index loan_book_overdue_idx on loan (tenant_id, supplier_id, project_company_id)
    include (capital_side_id, business_deleted, loan_date, business_id)
    where status = 'REGISTERED' and plan_overdue_owed > 0`.execute(db);

  await sql`drop view repayment_plan_risk_view`.execute(db);
  await sql`drop view repayment_plan_view`.execute(db);
  await sql`drop view loan_book_view`.execute(db);
  await sql`create view loan_book_view as
    select l.business_id as plan_id, l.tenant_id, l.loan_no, b.business_no, l.supplier_id,
      s.org_name as supplier_name, l.project_company_id, l.capital_side_id, c.org_name as capital_side_name,
      l.product_id, l.amount as loan_amount, l.loan_date, l.maturity_date, l.annual_rate, l.repayment_method,
      l.plan_remaining_principal as remaining_principal, l.plan_interest as total_interest, l.plan_owed as total_owed,
      l.plan_overdue_days as overdue_days, l.plan_overdue_owed as overdue_owed, b.state, b.owner_id, b.review,
      l.created_at, b.updated_at, b.version, l.business_deleted as deleted, l.risk_class, l.write_off_review
    from loan l
    left join financing_business b on b.business_id = l.business_id and b.tenant_id = l.tenant_id
    left join organization s on s.org_id = l.supplier_id and s.tenant_id = l.tenant_id
    left join organization c on c.org_id = l.capital_side_id and c.tenant_id = l.tenant_id
    where l.status = 'REGISTERED'`.execute(db);
  const next = (column: ReturnType<typeof sql>) => sql`(select ${column} from installment i
      where i.business_id = v.plan_id and i.tenant_id = v.tenant_id and i.status <> 'SETTLED'
      order by i.due_date, i.period_no limit 1)`;
  await sql`create view repayment_plan_view as
    select v.plan_id, v.tenant_id, v.loan_no, v.business_no, v.supplier_id, v.supplier_name, v.project_company_id,
      v.capital_side_name, v.loan_amount, v.loan_date, v.maturity_date, v.annual_rate, v.repayment_method,
      v.remaining_principal, v.total_interest, v.total_owed, ${next(sql`i.due_date`)} as next_due_date,
      ${next(sql`i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
        - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid`)} as next_due_amount,
      v.overdue_days, v.state, v.owner_id,
      case when v.review is null then null else (v.review->>'level')::int end as review_level,
      case when v.review is null then null else jsonb_array_length(v.review->'snapshot'->'levels') end
        as review_levels,
      (select st.status from stage_child_status st
        where st.stage = 'REPAYING' and st.state = v.state and st.passed = false) as status,
      v.created_at, v.updated_at, v.version, v.deleted, v.capital_side_id, v.product_id,
      v.risk_class, v.write_off_review as write_off_review_flag
    from loan_book_view v`.execute(db);
  await sql`create view repayment_plan_risk_view as
    select v.plan_id, v.tenant_id, v.loan_no, v.business_no, v.supplier_id, v.supplier_name, v.project_company_id,
      v.capital_side_name, v.loan_amount, v.loan_date, v.maturity_date, v.annual_rate, v.repayment_method,
      v.remaining_principal, v.total_interest, v.total_owed, v.next_due_date, v.next_due_amount, v.overdue_days,
      v.state, v.owner_id, v.review_level, v.review_levels, v.status, v.created_at, v.updated_at, v.version,
      v.deleted, v.capital_side_id, v.product_id, v.risk_class,
      case when v.write_off_review_flag then 'YES' else 'NO' end as write_off_review
    from repayment_plan_view v`.execute(db);
}
