// 还款登记 (BUSINESS.md "Decisions for the lifecycle's second half": Repayment) as stage items: many repayments per
// business, each with its own status and version — registered by FINANCE (payer, amount in 分, value date, bank
// flow number, receipt), confirmed or rejected by another FINANCE user — and, once confirmed, every part of it
// stored as it went: which installment, which component (费用, 罚息, 利息, 本金), as due or as a prepayment. A bank
// flow number is registered once per tenant unless that registration was rejected. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table repayment (
    item_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references loan(business_id),
    seq integer not null,
    repayment_no text not null,
    payer text not null,
    amount bigint not null,
    value_date date not null,
    flow_no text not null,
    receipt_file_id text not null,
    status text not null default 'PENDING',
    registrar_id text not null,
    checked_by text,
    checked_at timestamptz,
    check_comment text,
    unapplied bigint not null default 0,
    version integer not null default 1,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint repayment_seq_uq unique (business_id, seq),
    constraint repayment_no_uq unique (tenant_id, repayment_no),
    constraint repayment_amount_ck check (amount > 0 and unapplied >= 0 and unapplied <= amount),
    constraint repayment_status_ck check (status in ('PENDING', 'CONFIRMED', 'REJECTED'))
  )`.execute(db);
  await sql`create unique index repayment_flow_uq on repayment (tenant_id, flow_no)
    where status <> 'REJECTED'`.execute(db);

  await sql`create table repayment_allocation (
    allocation_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    repayment_id text not null references repayment(item_id),
    business_id text not null,
    period_no integer not null,
    kind text not null,
    fee bigint not null default 0,
    penalty bigint not null default 0,
    interest bigint not null default 0,
    principal bigint not null default 0,
    constraint repayment_allocation_uq unique (repayment_id, period_no, kind),
    constraint repayment_allocation_kind_ck check (kind in ('DUE', 'EARLY')),
    constraint repayment_allocation_ck check (fee >= 0 and penalty >= 0 and interest >= 0 and principal >= 0
      and fee + penalty + interest + principal > 0)
  )`.execute(db);
  await sql`create index repayment_allocation_business_idx
    on repayment_allocation (tenant_id, business_id, period_no)`.execute(db);
}
