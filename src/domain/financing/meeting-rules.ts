// The review meeting's rules besides the tally (BUSINESS.md "Decisions for the lifecycle's second half":
// Meeting; §1.4 vote / conclude item / 复议 / veto; §2 评审会; §3 Meeting), as pure functions answering the
// refusal in Chinese, null when the rule holds. The gateway refuses with 160300400 and these words.
//
// - Each voting member votes for themselves, once per agenda item, while voting is open; 列席 and members
//   marked 缺席 do not vote; 有条件同意 names its conditions.
// - The conclusion the secretary records agrees with the tally: 通过 / 有条件通过 only when passed (有条件通过
//   when 有条件同意 votes brought conditions, since those join the item's conditions), 否决 only when not
//   passed, 复议 only while the business has not been reconsidered; never before every attending voting
//   member has voted.
// - The chair's review may 否决 a passed item but never turns a 否决 into a pass.
// - After a 否决 that followed a 复议, a new pre-credit of the same supplier on any of the same payment orders
//   is refused for 6 months, naming the vetoed business (§3 Meeting; S14).
import type { AgendaTally, MeetingMember, MemberRole, Opinion } from './meeting-tally';
import { addMonths } from './repayment-schedule';

export type Conclusion = 'PASSED' | 'PASSED_WITH_CONDITIONS' | 'VETOED' | 'RECONSIDER';

export const CONCLUSION_LABEL: Readonly<Record<Conclusion, string>> = {
  PASSED: '通过',
  PASSED_WITH_CONDITIONS: '有条件通过',
  VETOED: '否决',
  RECONSIDER: '复议',
};

export const isPassing = (c: Conclusion) => c === 'PASSED' || c === 'PASSED_WITH_CONDITIONS';

/** BUSINESS.md §2 评审会 status: 草稿, 已通知, 表决中, 已结束, 已归档, 已取消. */
export type MeetingStatus = 'DRAFT' | 'NOTIFIED' | 'VOTING' | 'CLOSED' | 'ARCHIVED' | 'CANCELLED';

export const MEETING_STATUS_LABEL: Readonly<Record<MeetingStatus, string>> = {
  DRAFT: '草稿',
  NOTIFIED: '已通知',
  VOTING: '表决中',
  CLOSED: '已结束',
  ARCHIVED: '已归档',
  CANCELLED: '已取消',
};

/** BUSINESS.md §2 评审会 form [S14]. */
export const MEETING_FORM_LABEL = { ON_SITE: '现场', VIDEO: '视频', COUNTERSIGN: '会签' } as const;
export type MeetingForm = keyof typeof MEETING_FORM_LABEL;

export const ATTENDANCE_LABEL = { PRESENT: '出席', ABSENT: '缺席' } as const;

/** The months a failed 复议 bars a new pre-credit on the same orders (§3 Meeting). */
export const VETO_BAR_MONTHS = 6;
/** At most one 复议 per business (§2 FinancingBusiness reconsiderCount 0–1). */
export const MAX_RECONSIDER = 1;
export const VOTE_COMMENT_MAX = 500;

export const MeetingMessage = {
  notOpen: '当前会议不在表决中，不能投票',
  closed: '表决已结束，表决结果不能再更改',
  notMember: '您不是本次会议的表决委员',
  observer: '列席人员没有表决权',
  absent: '您已被登记为缺席，不能表决',
  forAnother: '只能本人投票，不能代他人表决',
  twice: '您已对该议题表决，不能重复表决',
  unknownItem: '议题不存在',
  conditionsRequired: '有条件同意须填写条件',
  commentTooLong: `表决意见不能超过${VOTE_COMMENT_MAX}个字`,
  incomplete: '尚有出席委员未表决，不能形成结论',
  noQuorum: '出席的表决委员未达到三分之二，不能形成通过结论',
  passNeedsTally: '同意票未达到出席表决委员的三分之二，不能作出通过结论',
  conditionsFromVotes: '表决中有附条件同意意见，结论应为有条件通过',
  conditionsMissing: '有条件通过须列明条件',
  vetoNeedsFailure: '表决已达到通过比例，不能作出否决结论',
  reconsiderOnce: '该业务已复议过一次，不能再次复议',
  vetoIntoPass: '否决的议题不能改为通过',
  chairVetoPassedOnly: '只能否决已通过的议题',
  vetoReason: '否决议题须填写否决意见',
  barred: (businessNo: string, until: string) =>
    `该供应商的融资业务${businessNo}经复议后被否决，相同付款单在${until}前不能再次申请预授信`,
} as const;

export interface VoteAttempt {
  /** Who is casting the vote (the signed-in user). */
  actorId: string;
  /** For whom the vote is cast. */
  memberId: string;
  meetingStatus: MeetingStatus;
  members: readonly MeetingMember[];
  /** Whether the agenda item is on this meeting. */
  itemExists: boolean;
  /** The members who already voted on this item. */
  votedMemberIds: readonly string[];
  /** The secretary's 缺席 marks. */
  absentMemberIds?: readonly string[];
  opinion: Opinion;
  conditions?: readonly string[];
  comment?: string;
}

/** A meeting as the gateway and the vote page both hold it, as far as a vote's refusal reads it. */
export interface VotedMeeting {
  status: MeetingStatus;
  members: readonly { userId: string; role: MemberRole; attendance: 'PRESENT' | 'ABSENT' | null }[];
  items: readonly { seq: number; votes: readonly { memberId: string }[] }[];
}

/** What a vote on item `seq` of the meeting is checked against: its status, who sits and came, who voted. */
export function voteSetting(
  m: VotedMeeting,
  seq: number,
): Pick<VoteAttempt, 'meetingStatus' | 'members' | 'itemExists' | 'votedMemberIds' | 'absentMemberIds'> {
  const item = m.items.find((i) => i.seq === seq);
  return {
    meetingStatus: m.status,
    members: m.members.map((x) => ({ userId: x.userId, role: x.role, attended: x.attendance !== 'ABSENT' })),
    itemExists: !!item,
    votedMemberIds: item?.votes.map((v) => v.memberId) ?? [],
    absentMemberIds: m.members.filter((x) => x.attendance === 'ABSENT').map((x) => x.userId),
  };
}

/** One vote per member per item, cast by the member themselves while voting is open. */
export function voteRefusal(v: VoteAttempt): string | null {
  if (v.meetingStatus === 'CLOSED' || v.meetingStatus === 'ARCHIVED') return MeetingMessage.closed;
  if (v.meetingStatus !== 'VOTING') return MeetingMessage.notOpen;
  if (v.actorId !== v.memberId) return MeetingMessage.forAnother;
  const member = v.members.find((m) => m.userId === v.memberId);
  if (!member) return MeetingMessage.notMember;
  if (member.role === 'OBSERVER') return MeetingMessage.observer;
  if (v.absentMemberIds?.includes(v.memberId)) return MeetingMessage.absent;
  if (!v.itemExists) return MeetingMessage.unknownItem;
  if (v.votedMemberIds.includes(v.memberId)) return MeetingMessage.twice;
  if (v.opinion === 'AGREE_WITH_CONDITIONS' && !(v.conditions ?? []).some((c) => c.trim())) {
    return MeetingMessage.conditionsRequired;
  }
  if ([...(v.comment ?? '')].length > VOTE_COMMENT_MAX) return MeetingMessage.commentTooLong;
  return null;
}

export interface ConclusionAttempt {
  conclusion: Conclusion;
  tally: AgendaTally;
  /** The business's 复议 count before this conclusion. */
  reconsiderCount: number;
  /** The item's conditions as the secretary records them (the votes' conditions merged in). */
  conditions?: readonly string[];
}

/** The conclusion the secretary records must agree with the tally. */
export function conclusionRefusal(c: ConclusionAttempt): string | null {
  const { tally } = c;
  if (!tally.complete) return MeetingMessage.incomplete;
  switch (c.conclusion) {
    case 'PASSED':
    case 'PASSED_WITH_CONDITIONS':
      if (!tally.quorum) return MeetingMessage.noQuorum;
      if (!tally.passed) return MeetingMessage.passNeedsTally;
      if (c.conclusion === 'PASSED' && tally.conditions.length > 0) return MeetingMessage.conditionsFromVotes;
      if (c.conclusion === 'PASSED_WITH_CONDITIONS' && !mergeConditions(tally.conditions, c.conditions).length) {
        return MeetingMessage.conditionsMissing;
      }
      return null;
    case 'VETOED':
      return tally.passed ? MeetingMessage.vetoNeedsFailure : null;
    case 'RECONSIDER':
      return c.reconsiderCount < MAX_RECONSIDER ? null : MeetingMessage.reconsiderOnce;
  }
}

/** The item's conditions: the votes' in their order, then the secretary's own, each once. */
export function mergeConditions(fromVotes: readonly string[], recorded: readonly string[] = []): string[] {
  const merged: string[] = [];
  for (const c of [...fromVotes, ...recorded]) {
    const text = c.trim();
    if (text && !merged.includes(text)) merged.push(text);
  }
  return merged;
}

/**
 * Where the chair's approval of the minutes takes the business heard (Decisions: Meeting): passed → DECISION,
 * 否决 → TERMINATED/VETOED, 复议 → REPORT/RETURNED (the business's reconsiderCount goes up by one).
 */
export function meetingOutcomeState(c: Conclusion): 'DECISION/DRAFT' | 'TERMINATED/VETOED' | 'REPORT/RETURNED' {
  if (isPassing(c)) return 'DECISION/DRAFT';
  return c === 'VETOED' ? 'TERMINATED/VETOED' : 'REPORT/RETURNED';
}

/** The chair's review of the minutes: keep the recorded conclusion, or 否决 an item that passed. */
export function chairRevisionRefusal(recorded: Conclusion, proposed: Conclusion): string | null {
  if (recorded === proposed) return null;
  if (recorded === 'VETOED' && isPassing(proposed)) return MeetingMessage.vetoIntoPass;
  if (proposed === 'VETOED' && isPassing(recorded)) return null;
  return MeetingMessage.chairVetoPassedOnly;
}

export interface VetoedBusiness {
  businessId: string;
  businessNo: string;
  supplierId: string;
  paymentOrderIds: readonly string[];
  /** The day the 否决 took effect (YYYY-MM-DD, Asia/Shanghai). */
  vetoedOn: string;
  /** The business had been reconsidered (复议) before this 否决. */
  afterReconsider: boolean;
}

export interface NewPreCredit {
  supplierId: string;
  paymentOrderIds: readonly string[];
  /** Today, YYYY-MM-DD. */
  today: string;
}

/** The first day a barred order may be applied on again: the 否决 day plus 6 months, clamped to month end. */
export const vetoBarEnds = (vetoedOn: string) => addMonths(vetoedOn, VETO_BAR_MONTHS);

/** The refusal naming the vetoed business, when the new pre-credit falls within a failed 复议's 6-month bar. */
export function sixMonthBarRefusal(p: NewPreCredit, vetoed: readonly VetoedBusiness[]): string | null {
  const orders = new Set(p.paymentOrderIds);
  for (const v of vetoed) {
    if (!v.afterReconsider || v.supplierId !== p.supplierId) continue;
    if (!v.paymentOrderIds.some((id) => orders.has(id))) continue;
    const ends = vetoBarEnds(v.vetoedOn);
    if (p.today < ends) return MeetingMessage.barred(v.businessNo, ends);
  }
  return null;
}
