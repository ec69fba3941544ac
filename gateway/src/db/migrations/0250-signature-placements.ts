// 合同签章 (BUSINESS.md §2 合同文件 and 签约): a contract version carries its signatories — which parties sign it, in
// which order, and where on which page each signature stands — and the built-in provider keeps, per document it
// was sent, where each signer's signature goes, so the signed PDF shows every signature at its place. Both are
// nullable: a contract without them is signed as before, by the signers chosen when signing starts, invisibly.
// A business whose signing finished waits as 签约·已签约, from which 推送 starts: 推送制作's list (`push_view`, its
// columns as 0180 made them) shows it beside those that reached 推送.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contract_file add column signatories jsonb`.execute(db);
  await sql`alter table esign_document add column placements jsonb`.execute(db);
  await sql`create or replace view push_view as
    select b.business_id as push_id, b.tenant_id, b.business_no, b.supplier_id, s.org_name as supplier_name,
      b.project_company_id, b.capital_side_id, c.org_name as capital_side_name, p.product_name,
      b.approved_amount, x.push_no, x.pushed_at, x.result, x.capital_approved_amount,
      case x.result when 'REVIEW' then '推送审核中' when 'PENDING' then '待反馈' when 'ACCEPTED' then '已受理'
        when 'RETURNED' then '退回' when 'APPROVED' then '通过' end as result_label,
      b.state, b.owner_id,
      case when b.review is null then null else (b.review->>'level')::int end as review_level,
      case when b.review is null then null else jsonb_array_length(b.review->'snapshot'->'levels') end
        as review_levels,
      st.status, b.created_at, greatest(b.updated_at, x.updated_at) as updated_at, b.version, b.deleted
    from financing_business b
    left join lateral (select * from capital_push cp where cp.business_id = b.business_id
      and cp.tenant_id = b.tenant_id order by cp.created_at desc, cp.push_id desc limit 1) x on true
    left join organization s on s.org_id = b.supplier_id and s.tenant_id = b.tenant_id
    left join organization c on c.org_id = b.capital_side_id and c.tenant_id = b.tenant_id
    left join fund_product p on p.product_id = b.product_id and p.tenant_id = b.tenant_id
    cross join lateral (select exists (select 1 from business_event e
      where e.tenant_id = b.tenant_id and e.business_id = b.business_id and e.stage = 'PUSH'
        and e.action = 'capitalFeedback' and e.to_state not like 'PUSH/%') as passed) a
    left join stage_child_status st on st.stage = 'PUSH' and st.state = b.state and st.passed = a.passed
    where b.stage in ('PUSH', 'LENDING', 'REPAYING', 'SETTLED', 'SETTLED_EARLY') or b.state = 'SIGNING/SIGNED'
      or (b.stage = 'TERMINATED' and exists (select 1 from business_event e2
        where e2.tenant_id = b.tenant_id and e2.business_id = b.business_id and e2.to_state like 'PUSH/%'))`.execute(
    db,
  );
}
