// 融资需求's 拟融资付款单 (BUSINESS.md §2 FinancingDemand paymentOrderIds, 0..n): the supplier's orders a demand
// names, kept as ids; the list view reads their numbers. 受理 takes them as the pre-credit draft's basis.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table financing_demand add column payment_order_ids jsonb not null default '[]'`.execute(db);
  await sql`drop view financing_demand_view`.execute(db);
  await sql`create view financing_demand_view as
    select d.demand_id, d.tenant_id, d.demand_no, d.supplier_id, s.org_name as supplier_name,
      d.project_company_id, p.org_name as project_company_name, d.expected_amount, d.expected_term_days,
      d.purpose, d.contact_name, d.contact_phone, d.source, d.status, d.close_reason, d.business_id,
      b.business_no, d.created_by, d.created_at,
      ((d.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      d.updated_at, d.version, d.deleted,
      (select string_agg(o.order_no, ',' order by o.order_no) from payment_order o
        where o.tenant_id = d.tenant_id
          and o.order_id in (select jsonb_array_elements_text(d.payment_order_ids))) as payment_order_nos
    from financing_demand d
    left join organization s on s.org_id = d.supplier_id and s.tenant_id = d.tenant_id
    left join organization p on p.org_id = d.project_company_id and p.tenant_id = d.tenant_id
    left join financing_business b on b.business_id = d.business_id and b.tenant_id = d.tenant_id`.execute(db);
}
