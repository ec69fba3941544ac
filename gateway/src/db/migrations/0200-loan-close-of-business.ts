// The close of business's loan facts (BUSINESS.md "The daily job"): what each day's close judges a loan to be, kept
// on the loan so the risk screens and the business's detail read it without judging again — its overdue days (the
// most of its installments), its risk class (正常 / 关注 / 次级) and the flag for write-off review past 180 days —
// and the reminders of each day closed (T−7 / T−3 / T−1 before a due date, daily while overdue, and the same for
// the 中登 deadline), stored as facts of that day for the workbench's 到期提醒. A reminder is named by its day and
// subject (an installment's period, or the 中登 registration), so a day closed again writes none twice.
// The step lists the loans its day has not closed yet in pages, by key. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table loan
    add column overdue_days integer not null default 0,
    add column risk_class text not null default 'NORMAL',
    add column write_off_review boolean not null default false,
    add constraint loan_overdue_ck check (overdue_days >= 0),
    add constraint loan_risk_class_ck check (risk_class in ('NORMAL', 'SPECIAL_MENTION', 'SUBSTANDARD'))`.execute(db);
  await sql`create index loan_open_idx on loan (tenant_id, business_id) where status = 'REGISTERED'`.execute(db);

  await sql`create table loan_reminder (
    tenant_id text not null references tenant(tenant_id),
    business_id text not null references loan(business_id),
    day date not null,
    subject text not null,
    kind text not null,
    period_no integer,
    due_date date not null,
    amount bigint not null,
    overdue_days integer not null default 0,
    primary key (tenant_id, day, business_id, subject),
    constraint loan_reminder_kind_ck check (kind in ('DUE_IN_7', 'DUE_IN_3', 'DUE_IN_1', 'OVERDUE')),
    constraint loan_reminder_amount_ck check (amount >= 0)
  )`.execute(db);
}
