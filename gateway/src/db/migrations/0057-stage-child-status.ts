// A stage's child record's status is one domain function of its business's state and whether the business
// passed the stage's review (src/domain/stage/stage.ts `childStatusOf`). The gateway writes that function's
// answers to `stage_child_status` on every start (migrate.ts), and the list views read them from there, so the
// mapping 0054 and 0056 wrote in SQL is gone and cannot disagree with the domain again. `passed`: an event
// approved the business out of the stage's review. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table stage_child_status (
    stage text not null,
    state text not null,
    passed boolean not null,
    status text not null,
    primary key (stage, state, passed)
  )`.execute(db);
  await sql`create index business_event_stage_idx on business_event (tenant_id, business_id, stage, action)`.execute(
    db,
  );

  await sql`drop view pre_credit_view`.execute(db);
  await sql`create view pre_credit_view as
    select p.business_id as pre_credit_id, p.tenant_id, p.pre_credit_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, c.org_name as project_company_name,
      p.apply_amount, p.valid_days, p.valid_from, p.valid_to, b.state, b.owner_id,
      jsonb_array_length(p.basis_order_ids) as basis_order_count,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      m.status,
      coalesce(p.approved_amount, case when a.passed then p.apply_amount end) as approved_amount,
      p.created_by, p.created_at,
      ((p.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      b.updated_at, b.version, b.deleted
    from pre_credit p
    join financing_business b on b.business_id = p.business_id and b.tenant_id = p.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.project_company_id and c.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = p.tenant_id and e.business_id = p.business_id and e.stage = 'PRE_CREDIT'
        and e.action = 'approve' and e.to_state not like 'PRE_CREDIT/%') as passed) a
    left join stage_child_status m on m.stage = 'PRE_CREDIT' and m.state = b.state and m.passed = a.passed`.execute(db);

  await sql`drop view financing_application_view`.execute(db);
  await sql`create view financing_application_view as
    select f.application_id, f.tenant_id, f.application_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, c.org_name as project_company_name,
      jsonb_array_length(f.lines) as order_count, f.total_amount, f.term_days, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      m.status,
      f.submitted_at, f.created_by, f.created_at,
      ((f.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      b.updated_at, b.version, b.deleted
    from financing_application f
    join financing_business b on b.business_id = f.application_id and b.tenant_id = f.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.project_company_id and c.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = f.tenant_id and e.business_id = f.application_id and e.stage = 'APPLICATION'
        and e.action = 'approve' and e.to_state not like 'APPLICATION/%') as passed) a
    left join stage_child_status m on m.stage = 'APPLICATION' and m.state = b.state and m.passed = a.passed`.execute(
    db,
  );
}
