// 评审会 as Kysely sees it (migration 0060); joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';
import type { NullableColumn as Nullable } from '../../stage/stage-money';
import type { InstantColumn as Instant, JsonColumn as Json } from '../../stage/stage-tables';

export interface ReviewMeetingTable {
  meeting_id: string;
  tenant_id: string;
  meeting_no: string;
  title: string;
  form: string;
  scheduled_at: Instant;
  location: ColumnType<string, string | undefined, string>;
  chair_id: string;
  secretary_id: string;
  status: ColumnType<string, string | undefined, string>;
  minutes_text: Nullable<string>;
  minutes_file_id: Nullable<string>;
  cancel_reason: Nullable<string>;
  /** The minutes sent to the chair's review (migration 0080). */
  minutes_submitted_at: Nullable<Date>;
  minutes_submitted_by: Nullable<string>;
  minutes_review_comment: Nullable<string>;
  created_by: Nullable<string>;
  created_at: Instant;
  updated_by: Nullable<string>;
  updated_at: Instant;
  version: ColumnType<number, number | undefined, number>;
}

export interface ReviewMeetingMemberTable {
  meeting_id: string;
  tenant_id: string;
  user_id: string;
  role: string;
  attendance: Nullable<string>;
  signed_in_at: Nullable<Date>;
}

export interface ReviewMeetingItemTable {
  meeting_id: string;
  tenant_id: string;
  seq: number;
  business_id: string;
  report_id: Nullable<string>;
  presenter_id: Nullable<string>;
  conclusion: Nullable<string>;
  conditions: Json;
  minutes: Nullable<string>;
  concluded_by: Nullable<string>;
  concluded_at: Nullable<Date>;
}

export interface ReviewMeetingVoteTable {
  meeting_id: string;
  tenant_id: string;
  seq: number;
  member_id: string;
  opinion: string;
  conditions: Json;
  comment: ColumnType<string, string | undefined, string>;
  voted_at: Instant;
}

declare module '../../db/database' {
  interface Database {
    review_meeting: ReviewMeetingTable;
    review_meeting_member: ReviewMeetingMemberTable;
    review_meeting_item: ReviewMeetingItemTable;
    review_meeting_vote: ReviewMeetingVoteTable;
  }
}
