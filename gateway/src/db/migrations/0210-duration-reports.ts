// 存续期报告 (BUSINESS.md §2 DurationReport; "Decisions for the lifecycle's second half": Duration reports): many
// per business, stage items of a REPAYING business — one a month and one 30 days before its final due date, made
// by the close of business once each (the unique period key), then made by the business's 经办人 and reviewed by
// RISK_HEAD. The row keeps the check's kind and period, the day it is due (逾期未制作 after it), who made and who
// reviewed it, the findings as json, the 风险分类 and 结论. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table duration_report (
    item_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references financing_business(business_id),
    seq integer not null,
    report_no text not null,
    kind text not null,
    period_key text not null,
    due_date date not null,
    maker_id text,
    status text not null default 'DRAFT',
    findings jsonb not null default '{}'::jsonb,
    risk_class text,
    conclusion text,
    check_date date,
    made_by text,
    made_at timestamptz,
    submitted_at timestamptz,
    reviewer_id text,
    reviewed_at timestamptz,
    review_comment text,
    version integer not null default 1,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint duration_report_no_uq unique (tenant_id, report_no),
    constraint duration_report_period_uq unique (tenant_id, business_id, period_key),
    constraint duration_report_kind_ck check (kind in ('MONTHLY', 'QUARTERLY', 'PRE_MATURITY', 'SPECIAL')),
    constraint duration_report_status_ck check (status in ('DRAFT', 'RETURNED', 'PENDING', 'APPROVED')),
    constraint duration_report_class_ck
      check (risk_class is null or risk_class in ('NORMAL', 'CONCERN', 'SUBSTANDARD', 'DOUBTFUL', 'LOSS')),
    constraint duration_report_conclusion_ck
      check (conclusion is null or conclusion in ('MAINTAIN', 'CONDITIONAL', 'EXIT'))
  )`.execute(db);
  await sql`create index duration_report_business_idx on duration_report (tenant_id, business_id, seq)`.execute(db);
  await sql`create index duration_report_page_idx on duration_report (tenant_id, created_at desc, item_id desc)`.execute(
    db,
  );
  // 贷后报告统计 groups by 经办人 and the month a report is due.
  await sql`create index duration_report_maker_idx on duration_report (tenant_id, maker_id, due_date)`.execute(db);
}
