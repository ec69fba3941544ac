// 要素管理's list (BUSINESS.md §4 /business/essentialFactor/manage: 业务编号, 决议编号, 已落实/总数, 状态): a view over
// the businesses whose decision's approval made element items, with the count of items 已落实 or 已豁免 beside
// the total, and the child status the domain's `childStatusOf` wrote to stage_child_status. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create view elements_view as
    select b.business_id as elements_id, b.tenant_id, b.business_no, d.decision_no, b.supplier_id,
      s.org_name as supplier_name, b.project_company_id, n.item_count, n.finished_count, b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      st.status, b.created_at, b.updated_at, b.version, b.deleted
    from financing_business b
    join lateral (select count(*)::int as item_count,
        count(*) filter (where i.status in ('DONE', 'WAIVED'))::int as finished_count
      from element_item i where i.tenant_id = b.tenant_id and i.business_id = b.business_id) n on n.item_count > 0
    left join financing_decision d on d.business_id = b.business_id and d.tenant_id = b.tenant_id
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = b.tenant_id and e.business_id = b.business_id and e.stage = 'ELEMENTS'
        and e.action = 'approve' and e.to_state not like 'ELEMENTS/%') as passed) a
    left join stage_child_status st on st.stage = 'ELEMENTS' and st.state = b.state and st.passed = a.passed`.execute(
    db,
  );
}
