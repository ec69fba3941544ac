// 评审会's calls (BUSINESS.md §4 meeting routes): the list, the voting list, the make page's options, the
// meeting with its live tally and the caller's own votes, the draft's save, the meeting's moves, a vote, a
// 缺席 mark, an item's conclusion and the printable minutes. They travel over the stage port as every stage's
// own routes do (application/meeting/meeting-calls.ts), so the meeting binds no adapter of its own.
import type { Conclusion, MeetingStatus } from '../../domain/financing/meeting-rules';
import type { AgendaTally, MemberRole, Opinion } from '../../domain/financing/meeting-tally';
import type { Page, PageRequest } from '../../domain/paging/page';

export interface MeetingRow {
  meetingId: string;
  meetingNo: string;
  title: string;
  form: string;
  scheduledAt: string;
  location: string;
  itemCount: number;
  chairName: string;
  secretaryId: string;
  status: MeetingStatus;
  version: number;
}

export interface MeetingVote {
  memberId: string;
  name: string;
  opinion: Opinion;
  conditions: string[];
  comment: string;
  votedAt: string;
}

export interface MeetingItem {
  seq: number;
  businessId: string;
  businessNo: string;
  supplierName: string;
  /** 分. */
  applyAmount: number;
  conclusion: Conclusion | null;
  conditions: string[];
  minutes: string | null;
  votes: MeetingVote[];
  tally: AgendaTally;
  myVote: MeetingVote | null;
}

export interface MeetingDetail {
  meetingId: string;
  meetingNo: string;
  title: string;
  form: string;
  scheduledAt: string;
  location: string;
  chairId: string;
  secretaryId: string;
  secretaryName: string;
  status: MeetingStatus;
  version: number;
  /** When the minutes went to the chair's review; null while with the secretary. */
  minutesSubmittedAt?: string | null;
  /** The chair's last return of the minutes. */
  minutesReviewComment?: string | null;
  /** The meeting's own 纪要, sent with 提交纪要 and printed in the minutes. */
  minutesText?: string | null;
  members: { userId: string; name: string; role: MemberRole; attendance: 'PRESENT' | 'ABSENT' | null }[];
  items: MeetingItem[];
}

export interface MeetingPlanForm {
  title: string;
  form: string;
  location: string;
  /** ISO instant. */
  scheduledAt: string;
  chairId: string;
  members: { userId: string; role: MemberRole }[];
  agenda: { businessId: string }[];
}

export interface MeetingOptions {
  businesses: { businessId: string; businessNo: string; supplierName: string; applyAmount: number }[];
  people: { userId: string; name: string; roles: string[] }[];
}

export type MeetingAction = 'notify' | 'openVoting' | 'closeVoting' | 'cancel';

export interface MeetingQuery {
  status?: string;
  keyword?: string;
}

export interface VoteForm {
  seq: number;
  opinion: Opinion;
  conditions?: string[];
  comment?: string;
}

export interface ConclusionForm {
  seq: number;
  conclusion: Conclusion;
  conditions?: string[];
  minutes?: string;
}

export interface MinutesExamineForm {
  action: 'approve' | 'return';
  version: number;
  comment?: string;
  /** The passed items the chair vetoes in approving. */
  vetoSeqs?: number[];
  /** The reason of each item the chair vetoes (否决意见, on the business's timeline). */
  vetoReasons?: { seq: number; reason: string }[];
}

export interface MeetingGateway {
  page(query: MeetingQuery, page: PageRequest): Promise<Page<MeetingRow>>;
  /** The meetings the caller takes part in that are notified, voting or closed (评审会执行). */
  mine(page: PageRequest): Promise<Page<MeetingRow>>;
  options(meetingId?: string): Promise<MeetingOptions>;
  get(meetingId: string): Promise<MeetingDetail>;
  create(form: MeetingPlanForm): Promise<{ meetingId: string; meetingNo: string }>;
  update(meetingId: string, form: MeetingPlanForm, version: number): Promise<MeetingDetail>;
  transition(meetingId: string, action: MeetingAction, version: number, comment?: string): Promise<MeetingDetail>;
  vote(meetingId: string, vote: VoteForm): Promise<MeetingItem>;
  markAbsent(meetingId: string, memberId: string): Promise<MeetingDetail>;
  conclude(meetingId: string, form: ConclusionForm): Promise<MeetingItem>;
  /** 提交纪要: the minutes, every item concluded, to the chair's review. */
  /** 提交纪要, with the meeting's 纪要 as written (left as it was when not given). */
  submitMinutes(meetingId: string, version: number, minutesText?: string): Promise<MeetingDetail>;
  /** 评审会审核: the meetings whose minutes wait for the caller (their chair). */
  minutesToExamine(page: PageRequest): Promise<Page<MeetingRow>>;
  /** The chair's 通过 (vetoing the passed items named) or 退回 of the minutes. */
  examineMinutes(meetingId: string, form: MinutesExamineForm): Promise<MeetingDetail>;
  /** 打印纪要: the minutes PDF handed to the browser; answers the file's name. */
  downloadMinutes(meetingId: string): Promise<string>;
  /** 导出 of 会议信息管理: the meetings of the query as a workbook handed to the browser; answers its name. */
  exportList(query: MeetingQuery): Promise<string>;
}
