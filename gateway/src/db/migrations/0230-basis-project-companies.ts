// 项目公司 of a business whose pre-credit was made under 全部项目公司: the business names none, its pre-credit's
// basis orders do (each order's own project company, several joined with 、). One SQL function says so, read by
// the business lists and detail (business/repository.ts) and by the 预授信 and 融资申请 list views — and so by
// their exports, which page the same views — instead of "—". Forward-only; the views are 0057's and 0090's with
// only that column changed.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function basis_project_companies(t text, b text) returns text
    language sql stable as $$
      select string_agg(distinct oc.org_name, '、' order by oc.org_name)
      from pre_credit pc
      cross join lateral jsonb_array_elements_text(pc.basis_order_ids) as basis(order_id)
      join payment_order po on po.order_id = basis.order_id and po.tenant_id = pc.tenant_id
      join organization oc on oc.org_id = po.project_company_id and oc.tenant_id = po.tenant_id
      where pc.business_id = b and pc.tenant_id = t
    $$`.execute(db);

  await sql`drop view pre_credit_view`.execute(db);
  await sql`create view pre_credit_view as
    select p.business_id as pre_credit_id, p.tenant_id, p.pre_credit_no, b.business_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id,
      coalesce(c.org_name, basis_project_companies(p.tenant_id, p.business_id)) as project_company_name,
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
      s.org_name as supplier_name, b.project_company_id,
      coalesce(c.org_name, basis_project_companies(f.tenant_id, f.application_id)) as project_company_name,
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
