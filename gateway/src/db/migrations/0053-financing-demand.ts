// 融资需求 (BUSINESS.md §2 FinancingDemand): stage 0 of the lifecycle, its own record until 受理 creates the
// business (business_id then names it). Money in 分 (bigint). The list reads a view that names the supplier,
// the project company and the business, and gives the day of submission in Asia/Shanghai for the date
// filter; writes go to the table. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table financing_demand (
    demand_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    demand_no text not null,
    supplier_id text not null references organization(org_id),
    project_company_id text references organization(org_id),
    expected_amount bigint not null,
    expected_term_days integer not null,
    purpose text not null,
    contact_name text not null,
    contact_phone text not null,
    source text not null,
    status text not null,
    close_reason text,
    business_id text,
    created_by text,
    created_at timestamptz not null,
    updated_by text,
    updated_at timestamptz not null,
    version integer not null default 1,
    deleted boolean not null default false,
    constraint financing_demand_amount_ck check (expected_amount > 0),
    constraint financing_demand_closed_ck check (status <> 'CLOSED' or close_reason is not null)
  )`.execute(db);
  await sql`create unique index financing_demand_no_uq on financing_demand (tenant_id, demand_no)`.execute(db);
  await sql`create index financing_demand_page_idx on financing_demand
    (tenant_id, created_at desc, demand_id desc) where not deleted`.execute(db);
  await sql`create index financing_demand_supplier_idx on financing_demand
    (tenant_id, supplier_id, created_at desc) where not deleted`.execute(db);

  await sql`create view financing_demand_view as
    select d.demand_id, d.tenant_id, d.demand_no, d.supplier_id, s.org_name as supplier_name,
      d.project_company_id, p.org_name as project_company_name, d.expected_amount, d.expected_term_days,
      d.purpose, d.contact_name, d.contact_phone, d.source, d.status, d.close_reason, d.business_id,
      b.business_no, d.created_by, d.created_at,
      ((d.created_at at time zone 'UTC') + interval '8 hours')::date as created_date,
      d.updated_at, d.version, d.deleted
    from financing_demand d
    left join organization s on s.org_id = d.supplier_id and s.tenant_id = d.tenant_id
    left join organization p on p.org_id = d.project_company_id and p.tenant_id = d.tenant_id
    left join financing_business b on b.business_id = d.business_id and b.tenant_id = d.tenant_id`.execute(db);
}
