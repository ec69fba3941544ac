// 融资申请 names its 资金方 and 资金产品 (BUSINESS.md §2: chosen at the application, carried on the business):
// the list view reads both names from the business's capital side and product. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
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
      b.updated_at, b.version, b.deleted,
      b.capital_side_id, k.org_name as capital_side_name, b.product_id, p.product_name
    from financing_application f
    join financing_business b on b.business_id = f.application_id and b.tenant_id = f.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.project_company_id and c.tenant_id = b.tenant_id
    left join organization k on k.org_id = b.capital_side_id and k.tenant_id = b.tenant_id
    left join fund_product p on p.product_id = b.product_id and p.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = f.tenant_id and e.business_id = f.application_id and e.stage = 'APPLICATION'
        and e.action = 'approve' and e.to_state not like 'APPLICATION/%') as passed) a
    left join stage_child_status m on m.stage = 'APPLICATION' and m.state = b.state and m.passed = a.passed`.execute(
    db,
  );
}
