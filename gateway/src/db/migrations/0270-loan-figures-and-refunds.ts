// Figures read from the loans, as views summed when read (nothing counted that could drift):
// - 还款计划's list with each loan's risk class (正常 / 关注 / 次级) and its flag for write-off review, as the close
//   of business last judged them on the loan, so the list filters and exports them and the plan's detail and
//   业务详情's 放款与还款 show them from the same row. The flag is a code like any enum on the wire.
// - `loan_order_lending`: what each registered loan lent against each payment order — the loan laid over its
//   application's lines in order id order (the order lending converts the reservations in and a repayment releases
//   them in), each line taking at most its own 融资金额. Lending, so a loan settled since still counts. The pay
//   book's Σ 已放款 sums it over the orders its filter holds.
// - `subsidiary_parameter_lending`: that lending beside the 子公司参数 of the subsidiary that pays the order (its
//   project company, or the city company above it) whose effective dates hold the loan date — the year's lending
//   against the annual quota, 子公司参数's 已用.
// A repayment keeps the review of REPAYMENT (审核类型配置) snapshotted at its registration, as a business keeps
// its stage's: who confirms it at each level, and the opinions so far.
// A confirmed repayment's 待退还 (what it could not apply) is refunded by `repayment_refund`s, items of the loan's
// business confirmed as repayments are; the repayment keeps what was refunded, never more than its 待退还.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create view repayment_plan_risk_view as
    select v.*, l.risk_class, case when l.write_off_review then 'YES' else 'NO' end as write_off_review
    from repayment_plan_view v
    join loan l on l.business_id = v.plan_id and l.tenant_id = v.tenant_id`.execute(db);

  await sql`create view loan_order_lending as
    select x.tenant_id, x.business_id, x.loan_date, x.order_id,
      greatest(least(x.line_amount, x.loan_amount - x.before), 0) as amount
    from (select l.tenant_id, l.business_id, l.loan_date, l.amount as loan_amount,
        (e->>'orderId') collate "C" as order_id, coalesce((e->>'financeAmount')::bigint, 0) as line_amount,
        coalesce(sum(coalesce((e->>'financeAmount')::bigint, 0)) over (partition by l.tenant_id, l.business_id
          order by (e->>'orderId') collate "C" rows between unbounded preceding and 1 preceding), 0) as before
      from loan l
      join financing_application a on a.application_id = l.business_id and a.tenant_id = l.tenant_id
      cross join lateral jsonb_array_elements(a.lines) e
      where l.status = 'REGISTERED') x`.execute(db);

  await sql`create view subsidiary_parameter_lending as
    select p.tenant_id, p.param_id, x.business_id, x.order_id, x.amount
    from subsidiary_parameter p
    join loan_order_lending x on x.tenant_id = p.tenant_id and x.loan_date between p.effective_from and p.effective_to
    join payment_order o on o.order_id = x.order_id and o.tenant_id = x.tenant_id
    left join organization c on c.org_id = o.project_company_id and c.tenant_id = o.tenant_id
    where p.subsidiary_id = o.project_company_id or p.subsidiary_id = c.parent_id`.execute(db);

  await sql`alter table repayment add column review jsonb`.execute(db);

  await sql`alter table repayment add column refunded bigint not null default 0,
    add constraint repayment_refunded_ck check (refunded >= 0 and refunded <= unapplied)`.execute(db);

  await sql`create table repayment_refund (
    item_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references loan(business_id),
    repayment_id text not null references repayment(item_id),
    seq integer not null,
    refund_no text not null,
    amount bigint not null,
    refund_date date not null,
    flow_no text not null,
    receipt_file_id text not null,
    status text not null default 'PENDING',
    registrar_id text not null,
    review jsonb,
    checked_by text,
    checked_at timestamptz,
    check_comment text,
    version integer not null default 1,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint repayment_refund_seq_uq unique (business_id, seq),
    constraint repayment_refund_no_uq unique (tenant_id, refund_no),
    constraint repayment_refund_amount_ck check (amount > 0),
    constraint repayment_refund_status_ck check (status in ('PENDING', 'CONFIRMED', 'REJECTED'))
  )`.execute(db);
  await sql`create unique index repayment_refund_flow_uq on repayment_refund (tenant_id, flow_no)
    where status <> 'REJECTED'`.execute(db);
  await sql`create index repayment_refund_repayment_idx on repayment_refund (repayment_id)`.execute(db);
}
