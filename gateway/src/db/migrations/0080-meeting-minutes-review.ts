// The minutes of a review meeting go to its chair's review (BUSINESS.md §4 approvalReviewMeetingExamine /
// …ExamineInfo; "Decisions for the lifecycle's second half": Meeting): when the secretary sent them, by whom,
// and the chair's last return comment. The meeting stays 已结束 while the chair reviews and is 已归档 once
// approved. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table review_meeting
    add column minutes_submitted_at timestamptz,
    add column minutes_submitted_by text,
    add column minutes_review_comment text`.execute(db);
  // 评审会审核: the meetings whose minutes wait for their chair.
  await sql`create index review_meeting_minutes_idx on review_meeting (tenant_id, chair_id, minutes_submitted_at)`.execute(
    db,
  );
}
