// 推送 and 正式函件 (BUSINESS.md §2 Push, FormalLetter; "Decisions for the lifecycle's second half": Push and
// letters). A push is one row per attempt (资金方退回 → a new push): its number, channel, the package ZIP stored
// through the file service with its sha-256, the 中登 query it rests on, the channel's acceptance number, the
// capital side's answer (money bigint 分) and the product quota it reserved — RESERVED from 资金方通过 until the
// loan consumes it (CONSUMED) or the business ends (RELEASED); the quota left is counted from these rows, never
// kept as a second counter. A letter is a stage item with its PDF (sha-256 on the row), how and when it was sent
// and its receipt. 推送制作's list reads `push_view`: every business that reached 推送 with its latest push, the
// status from `stage_child_status`. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the tables it makes are typed
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table capital_push (
    push_id text primary key,
    tenant_id text not null references tenant (tenant_id),
    business_id text not null references financing_business (business_id),
    push_no text not null,
    channel text not null check (channel in ('API', 'OFFLINE')),
    channel_code text,
    capital_side_id text references organization (org_id),
    product_id text,
    zhongdeng_query_no text not null,
    package_file_id text not null references stored_file (key_id),
    package_sha256 text not null check (package_sha256 ~ '^[0-9a-f]{64}$'),
    acceptance_no text,
    desk_token text,
    result text not null default 'REVIEW'
      check (result in ('REVIEW', 'PENDING', 'ACCEPTED', 'RETURNED', 'APPROVED')),
    feedback_comment text,
    feedback_at timestamptz,
    capital_ref_no text,
    capital_approved_amount bigint check (capital_approved_amount is null or capital_approved_amount > 0),
    reservation text not null default 'NONE' check (reservation in ('NONE', 'RESERVED', 'CONSUMED', 'RELEASED')),
    created_by text not null,
    created_at timestamptz not null,
    pushed_at timestamptz,
    version integer not null default 1,
    updated_at timestamptz not null,
    check (reservation = 'NONE' or capital_approved_amount is not null)
  )`.execute(db);
  await sql`create unique index capital_push_no_idx on capital_push (tenant_id, push_no)`.execute(db);
  await sql`create index capital_push_business_idx on capital_push (tenant_id, business_id, created_at desc)`.execute(
    db,
  );
  await sql`create index capital_push_reserved_idx on capital_push (tenant_id, product_id)
    where reservation = 'RESERVED'`.execute(db);
  await sql`create unique index capital_push_acceptance_idx on capital_push (channel_code, acceptance_no)
    where acceptance_no is not null`.execute(db);

  await sql`create table formal_letter (
    item_id text primary key,
    tenant_id text not null references tenant (tenant_id),
    business_id text not null references financing_business (business_id),
    seq integer not null,
    name text not null,
    letter_no text not null,
    letter_type text not null check (letter_type in ('TRANSFER_NOTICE', 'NOTICE_RECEIPT', 'PAYMENT_CONFIRMATION')),
    addressee_org_id text references organization (org_id),
    addressee_name text not null,
    file_id text not null references stored_file (key_id),
    file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
    status text not null default 'GENERATED' check (status in ('GENERATED', 'SENT', 'RECEIVED', 'REFUSED')),
    send_method text check (send_method is null or send_method in ('ESEAL', 'EXPRESS', 'EMAIL')),
    sent_at timestamptz,
    receipt_file_id text references stored_file (key_id),
    receipt_at timestamptz,
    note text,
    created_by text not null,
    version integer not null default 1,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index formal_letter_no_idx on formal_letter (tenant_id, letter_no)`.execute(db);
  await sql`create index formal_letter_business_idx on formal_letter (tenant_id, business_id, seq)`.execute(db);
  await sql`create index formal_letter_page_idx on formal_letter (tenant_id, created_at desc, item_id desc)`.execute(
    db,
  );

  await sql`create view push_view as
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
    where b.stage in ('PUSH', 'LENDING', 'REPAYING', 'SETTLED', 'SETTLED_EARLY')
      or (b.stage = 'TERMINATED' and exists (select 1 from business_event e2
        where e2.tenant_id = b.tenant_id and e2.business_id = b.business_id and e2.to_state like 'PUSH/%'))`.execute(
    db,
  );
}
