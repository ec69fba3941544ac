// 尽调报告 (BUSINESS.md §2 DueDiligenceReport; "Decisions for the lifecycle's second half": Report): one per
// business, keyed by it, with its number, the revision being made and who investigates; its eight steps are
// rows of their own per revision, each saved on its own (content as JSON of wire values, and whether the
// domain found it done when it was saved). A return opens revision + 1 and leaves the earlier revision's rows
// untouched, so they read as they were submitted. The list is a view over every business that reached the
// stage (a report row is made on the first save), its status read from `stage_child_status`. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table due_diligence_report (
    report_id text primary key references financing_business(business_id) on delete cascade,
    tenant_id text not null references tenant(tenant_id),
    report_no text not null,
    revision integer not null default 1,
    maker_id text,
    maker_name text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint due_diligence_report_revision_ck check (revision >= 1)
  )`.execute(db);
  await sql`create unique index due_diligence_report_no_uq on due_diligence_report (tenant_id, report_no)`.execute(db);

  await sql`create table due_diligence_report_step (
    report_id text not null references due_diligence_report(report_id) on delete cascade,
    tenant_id text not null,
    revision integer not null,
    step_key text not null,
    content jsonb not null,
    done boolean not null,
    saved_by text,
    saved_at timestamptz not null,
    primary key (report_id, revision, step_key)
  )`.execute(db);

  await sql`create view due_diligence_report_view as
    select b.business_id as report_id, b.tenant_id, r.report_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, b.apply_amount, coalesce(r.revision, 1) as revision,
      (select count(*) from due_diligence_report_step t
        where t.report_id = r.report_id and t.revision = r.revision and t.done)::int as done_steps,
      r.maker_name, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      m.status, b.updated_at, b.version, b.deleted
    from financing_business b
    left join due_diligence_report r on r.report_id = b.business_id and r.tenant_id = b.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = b.tenant_id and e.business_id = b.business_id and e.stage = 'REPORT'
        and e.action = 'approve' and e.to_state not like 'REPORT/%') as passed) a
    left join stage_child_status m on m.stage = 'REPORT' and m.state = b.state and m.passed = a.passed
    where b.stage = 'REPORT' or r.report_id is not null`.execute(db);
}
