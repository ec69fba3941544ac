// 评审会 (BUSINESS.md §2 ReviewMeeting; "Decisions for the lifecycle's second half": Meeting) as its own
// aggregate: one meeting hears many businesses. Its members with their role (主任委员 / 委员 / 列席) and
// attendance, its agenda items (one per business heard, with the conclusion the secretary records and the
// item's conditions), and the named votes — one per item and member (the primary key says so, so two votes
// at once cannot both land), each by a member of this meeting. The status moves through the meeting's own
// table (src/domain/financing/meeting-workflow.ts); a business's own state moves only through its aggregate.
// Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table review_meeting (
    meeting_id text primary key,
    tenant_id text not null references tenant(tenant_id),
    meeting_no text not null,
    title text not null,
    form text not null,
    scheduled_at timestamptz not null,
    location text not null default '',
    chair_id text not null references app_user(user_id),
    secretary_id text not null references app_user(user_id),
    status text not null default 'DRAFT',
    minutes_text text,
    minutes_file_id text,
    cancel_reason text,
    created_by text,
    created_at timestamptz not null,
    updated_by text,
    updated_at timestamptz not null,
    version integer not null default 1,
    constraint review_meeting_no_uq unique (tenant_id, meeting_no),
    constraint review_meeting_form_ck check (form in ('ON_SITE', 'VIDEO', 'COUNTERSIGN')),
    constraint review_meeting_status_ck
      check (status in ('DRAFT', 'NOTIFIED', 'VOTING', 'CLOSED', 'ARCHIVED', 'CANCELLED'))
  )`.execute(db);
  await sql`create index review_meeting_page_idx on review_meeting (tenant_id, scheduled_at desc, meeting_id desc)`.execute(
    db,
  );

  await sql`create table review_meeting_member (
    meeting_id text not null references review_meeting(meeting_id) on delete cascade,
    tenant_id text not null references tenant(tenant_id),
    user_id text not null references app_user(user_id),
    role text not null,
    attendance text,
    signed_in_at timestamptz,
    primary key (meeting_id, user_id),
    constraint review_meeting_member_role_ck check (role in ('CHAIR', 'MEMBER', 'OBSERVER')),
    constraint review_meeting_member_attendance_ck check (attendance is null or attendance in ('PRESENT', 'ABSENT'))
  )`.execute(db);
  // 待表决: the meetings a person sits on.
  await sql`create index review_meeting_member_user_idx on review_meeting_member (tenant_id, user_id)`.execute(db);

  await sql`create table review_meeting_item (
    meeting_id text not null references review_meeting(meeting_id) on delete cascade,
    tenant_id text not null references tenant(tenant_id),
    seq integer not null,
    business_id text not null references financing_business(business_id),
    report_id text,
    presenter_id text,
    conclusion text,
    conditions jsonb not null default '[]'::jsonb,
    minutes text,
    concluded_by text,
    concluded_at timestamptz,
    primary key (meeting_id, seq),
    constraint review_meeting_item_business_uq unique (meeting_id, business_id),
    constraint review_meeting_item_conclusion_ck
      check (conclusion is null or conclusion in ('PASSED', 'PASSED_WITH_CONDITIONS', 'VETOED', 'RECONSIDER'))
  )`.execute(db);
  // A business's meetings (its 评审会 tab; the six-month bar's vetoed businesses).
  await sql`create index review_meeting_item_business_idx on review_meeting_item (tenant_id, business_id)`.execute(db);

  await sql`create table review_meeting_vote (
    meeting_id text not null,
    tenant_id text not null references tenant(tenant_id),
    seq integer not null,
    member_id text not null,
    opinion text not null,
    conditions jsonb not null default '[]'::jsonb,
    comment text not null default '',
    voted_at timestamptz not null,
    primary key (meeting_id, seq, member_id),
    foreign key (meeting_id, seq) references review_meeting_item(meeting_id, seq) on delete cascade,
    foreign key (meeting_id, member_id) references review_meeting_member(meeting_id, user_id) on delete cascade,
    constraint review_meeting_vote_opinion_ck
      check (opinion in ('AGREE', 'AGREE_WITH_CONDITIONS', 'DISAGREE', 'RECONSIDER'))
  )`.execute(db);
}
