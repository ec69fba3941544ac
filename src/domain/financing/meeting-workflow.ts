// The review meeting's own status (BUSINESS.md §2 评审会 status: 草稿 → 已通知 → 表决中 → 已结束 → 已归档, or
// 已取消) as one transition table, apart from the lifecycle of the businesses it hears: the secretary makes
// the meeting, sends the notice, opens and closes voting; closing waits for every attending voting member's
// vote on every item (Decisions for the lifecycle's second half: Meeting). The votes themselves are records
// of the meeting, checked by meeting-rules.ts, not moves of this table.
import { ROLE } from './roles';
import type { AgendaTally, MemberRole } from './meeting-tally';
import { isVotingRole } from './meeting-tally';
import type { MeetingStatus } from './meeting-rules';
import { MEETING_FORM_LABEL } from './meeting-rules';
import type { WorkflowContext, WorkflowTable } from '../workflow/workflow';

/** Where the meeting's routes live, for the gateway that serves them and the client that calls them. */
export const MEETING_API = '/api/business/meeting';
export const MEETING_MAKE_PATH = '/business/approvalReviewMeetingMake';
export const MEETING_MANAGE_PATH = '/business/meetingInfoManage';
export const MEETING_IMPLEMENT_PATH = '/business/approvalReviewMeetingImplementList';
export const MEETING_PRODUCTION_PATH = '/business/approvalProduction';
export const MEETING_INFO_PATH = '/business/approvalReviewMeetingInfo';
export const MEETING_EXAMINE_PATH = '/business/approvalReviewMeetingExamine';
export const MEETING_EXAMINE_INFO_PATH = '/business/approvalReviewMeetingExamineInfo';

/** BUSINESS.md §2 评审会: at least three voting members [D]; §1.4 schedule: at least one day ahead [D]. */
export const MIN_VOTING_MEMBERS = 3;
export const NOTICE_LEAD_MS = 24 * 3600_000;
/**
 * A meeting is held after it is made and within the window's years (a time before, or one in year 9999, is a
 * slip of the keyboard or a probe, never a meeting); the window is wide enough for a plan far ahead.
 */
export const MEETING_WINDOW_YEARS = 100;
const MEETING_WINDOW_MS = MEETING_WINDOW_YEARS * 366 * 24 * 3600_000;
export const MEETING_TEXT_MAX = 100;

export interface MeetingPlan {
  title: string;
  form: string;
  location: string;
  /** ISO instant. */
  scheduledAt: string;
  chairId: string;
  secretaryId: string;
  members: readonly { userId: string; role: MemberRole }[];
  agenda: readonly { businessId: string }[];
}

export const MeetingPlanMessage = {
  title: `请输入会议主题（不超过${MEETING_TEXT_MAX}个字）`,
  location: `会议地点不能超过${MEETING_TEXT_MAX}个字`,
  form: '请选择会议形式',
  time: '请选择会议时间',
  votingMembers: `表决委员（主任委员和委员）不能少于${MIN_VOTING_MEMBERS}人`,
  oneChair: '参会人中须有且仅有一名主任委员，且为本会的主任委员',
  duplicateMember: '参会人不能重复',
  secretaryVotes: '会议秘书不能担任表决委员',
  noAgenda: '请至少选择一个议题',
  duplicateItem: '同一业务不能重复列入议题',
  tooSoon: '会议时间须在发送通知的一天之后',
  window: `会议时间须在当前时间之后的${MEETING_WINDOW_YEARS}年以内`,
  onAnotherDraft: (businessNo: string, meetingNo: string) =>
    `业务${businessNo}已列入草稿评审会${meetingNo}，不能重复排会`,
  seatStaffOnly: '参会人须为本租户的内部员工，供应商用户不能参会',
  seatChairRole: '主任委员须具有主任委员角色',
  seatMemberRole: '委员须具有评审委员角色',
} as const;

/** A person who may take a seat: staff or a supplier's user, with the role codes they hold. */
export interface SeatCandidate {
  userId: string;
  supplierUser: boolean;
  roles: ReadonlySet<string>;
}

/**
 * Whether each seat goes to someone who may take it (Decisions: Meeting): the tenant's staff only — 主任委员
 * holding COMMITTEE_CHAIR, 委员 COMMITTEE_MEMBER, 列席 any staff role, never a supplier's user. `people` are
 * the seated as the gateway found them; one not found is the gateway's own refusal.
 */
export function seatProblems(members: MeetingPlan['members'], people: readonly SeatCandidate[]): string[] {
  const byId = new Map(people.map((p) => [p.userId, p]));
  const problems = new Set<string>();
  for (const m of members) {
    const p = byId.get(m.userId);
    if (!p) continue;
    if (p.supplierUser) problems.add(MeetingPlanMessage.seatStaffOnly);
    else if (m.role === 'CHAIR' && !p.roles.has(ROLE.CHAIR)) problems.add(MeetingPlanMessage.seatChairRole);
    else if (m.role === 'MEMBER' && !p.roles.has(ROLE.MEMBER)) problems.add(MeetingPlanMessage.seatMemberRole);
  }
  return [...problems];
}

/** Whether a meeting's time lies within its window from `now` (made or sent then). */
export const withinMeetingWindow = (scheduledAt: string, now: Date): boolean => {
  const at = Date.parse(scheduledAt);
  return !Number.isNaN(at) && at >= now.getTime() && at <= now.getTime() + MEETING_WINDOW_MS;
};

/** What is wrong with a meeting as made; empty when it may be saved. With `now`, also ready for its notice. */
export function meetingPlanProblems(p: MeetingPlan, now?: Date): string[] {
  const problems: string[] = [];
  const title = p.title.trim();
  if (!title || [...title].length > MEETING_TEXT_MAX) problems.push(MeetingPlanMessage.title);
  if ([...p.location.trim()].length > MEETING_TEXT_MAX) problems.push(MeetingPlanMessage.location);
  if (!(p.form in MEETING_FORM_LABEL)) problems.push(MeetingPlanMessage.form);
  const at = Date.parse(p.scheduledAt);
  if (Number.isNaN(at)) problems.push(MeetingPlanMessage.time);
  const ids = p.members.map((m) => m.userId);
  if (new Set(ids).size !== ids.length) problems.push(MeetingPlanMessage.duplicateMember);
  const voting = p.members.filter((m) => isVotingRole(m.role));
  if (voting.length < MIN_VOTING_MEMBERS) problems.push(MeetingPlanMessage.votingMembers);
  const chairs = p.members.filter((m) => m.role === 'CHAIR');
  if (chairs.length !== 1 || chairs[0]!.userId !== p.chairId) problems.push(MeetingPlanMessage.oneChair);
  if (voting.some((m) => m.userId === p.secretaryId)) problems.push(MeetingPlanMessage.secretaryVotes);
  if (p.agenda.length === 0) problems.push(MeetingPlanMessage.noAgenda);
  const items = p.agenda.map((a) => a.businessId);
  if (new Set(items).size !== items.length) problems.push(MeetingPlanMessage.duplicateItem);
  if (now && !Number.isNaN(at) && !withinMeetingWindow(p.scheduledAt, now)) problems.push(MeetingPlanMessage.window);
  else if (now && !Number.isNaN(at) && at < now.getTime() + NOTICE_LEAD_MS) problems.push(MeetingPlanMessage.tooSoon);
  return problems;
}

export interface MeetingRecord {
  status: MeetingStatus;
  secretaryId: string;
  /** The chair, who reviews the minutes. */
  chairId?: string;
  /** The minutes went to the chair's review and wait there. */
  minutesSubmitted?: boolean;
}

export interface MeetingFacts {
  /** meetingPlanProblems(plan, now) when sending the notice. */
  planProblems?: readonly string[];
  /** Each agenda item's tally, when closing the vote. */
  tallies?: readonly AgendaTally[];
  /** Whether every agenda item has its conclusion, when the minutes go to the chair. */
  allConcluded?: boolean;
}

export const MeetingFlowMessage = {
  notSecretary: '只有本次会议的秘书可以操作',
  notChecked: '会议信息尚未校验，请刷新后重试',
  votesMissing: '尚有出席委员未表决，不能结束表决',
  notConcluded: '尚有议题未形成结论，不能提交纪要',
  alreadySubmitted: '纪要已提交主任委员审核',
  notSubmitted: '纪要尚未提交审核',
  notChair: '只有本次会议的主任委员可以审核纪要',
} as const;

type Ctx = WorkflowContext<MeetingFacts>;

const ownSecretary = (r: MeetingRecord, ctx: Ctx) =>
  r.secretaryId === ctx.actorId || ctx.roles?.has(ROLE.ADMIN) ? null : MeetingFlowMessage.notSecretary;

const ownChair = (r: MeetingRecord, ctx: Ctx) =>
  r.chairId === ctx.actorId || ctx.roles?.has(ROLE.ADMIN) ? null : MeetingFlowMessage.notChair;

const first =
  (...guards: ((r: MeetingRecord, ctx: Ctx) => string | null)[]) =>
  (r: MeetingRecord, ctx: Ctx) => {
    for (const g of guards) {
      const refusal = g(r, ctx);
      if (refusal) return refusal;
    }
    return null;
  };

export const MEETING_FLOW: WorkflowTable<MeetingStatus, MeetingRecord, MeetingFacts> = {
  noun: '评审会',
  statusOf: (r) => r.status,
  commentMax: 500,
  transitions: [
    {
      action: 'notify',
      label: '发送通知',
      op: 'submit',
      menu: MEETING_MAKE_PATH,
      who: [ROLE.SECRETARY, ROLE.ADMIN],
      from: ['DRAFT'],
      to: 'NOTIFIED',
      comment: 'none',
      tone: 'brand',
      guard: first(ownSecretary, (_r, ctx) => {
        const found = ctx.facts?.planProblems;
        return found ? (found[0] ?? null) : MeetingFlowMessage.notChecked;
      }),
    },
    {
      action: 'openVoting',
      label: '开始表决',
      op: 'submit',
      menu: MEETING_IMPLEMENT_PATH,
      who: [ROLE.SECRETARY, ROLE.ADMIN],
      from: ['NOTIFIED'],
      to: 'VOTING',
      comment: 'none',
      guard: ownSecretary,
    },
    {
      action: 'closeVoting',
      label: '结束表决',
      op: 'submit',
      menu: MEETING_IMPLEMENT_PATH,
      who: [ROLE.SECRETARY, ROLE.ADMIN],
      from: ['VOTING'],
      to: 'CLOSED',
      comment: 'none',
      guard: first(ownSecretary, (_r, ctx) => {
        const tallies = ctx.facts?.tallies;
        if (!tallies) return MeetingFlowMessage.notChecked;
        return tallies.every((t) => t.complete) ? null : MeetingFlowMessage.votesMissing;
      }),
    },
    {
      // 审批材料制作: the secretary sends the minutes, every item concluded, to the chair's review.
      action: 'submitMinutes',
      label: '提交纪要',
      op: 'submit',
      menu: MEETING_PRODUCTION_PATH,
      who: [ROLE.SECRETARY, ROLE.ADMIN],
      from: ['CLOSED'],
      to: 'CLOSED',
      comment: 'optional',
      tone: 'brand',
      guard: first(
        ownSecretary,
        (r) => (r.minutesSubmitted ? MeetingFlowMessage.alreadySubmitted : null),
        (_r, ctx) => {
          const all = ctx.facts?.allConcluded;
          if (all === undefined) return MeetingFlowMessage.notChecked;
          return all ? null : MeetingFlowMessage.notConcluded;
        },
      ),
    },
    {
      // The chair approves the minutes: each business heard moves on as its item concluded; the meeting is filed.
      action: 'approveMinutes',
      label: '通过',
      op: 'examine',
      menu: MEETING_EXAMINE_INFO_PATH,
      who: [ROLE.CHAIR, ROLE.ADMIN],
      from: ['CLOSED'],
      to: 'ARCHIVED',
      comment: 'optional',
      commentLabel: '审核意见',
      tone: 'success',
      guard: first(ownChair, (r) => (r.minutesSubmitted ? null : MeetingFlowMessage.notSubmitted)),
    },
    {
      // The chair returns the minutes to the secretary, who may send them again.
      action: 'returnMinutes',
      label: '退回',
      op: 'reject',
      menu: MEETING_EXAMINE_INFO_PATH,
      who: [ROLE.CHAIR, ROLE.ADMIN],
      from: ['CLOSED'],
      to: 'CLOSED',
      comment: 'required',
      commentLabel: '退回意见',
      tone: 'warning',
      guard: first(ownChair, (r) => (r.minutesSubmitted ? null : MeetingFlowMessage.notSubmitted)),
    },
    {
      action: 'cancel',
      label: '取消',
      op: 'terminate',
      menu: MEETING_MANAGE_PATH,
      who: [ROLE.SECRETARY, ROLE.ADMIN],
      from: ['DRAFT', 'NOTIFIED'],
      to: 'CANCELLED',
      comment: 'required',
      commentLabel: '取消原因',
      tone: 'danger',
      guard: ownSecretary,
    },
  ],
};

/** The meeting's vote (投票 `examine`, BUSINESS.md §4) is a record of the meeting, not a move of its table. */
export const MEETING_VOTE = { menu: MEETING_IMPLEMENT_PATH, op: 'examine', who: [ROLE.CHAIR, ROLE.MEMBER] } as const;

/**
 * The meeting pages and codes a role needs (BUSINESS.md §4): the table's moves of its `who`, the vote for the
 * voting roles, and the secretary's list / make / minutes / info pages. The info page is a hidden child of the
 * secretary's list, so the members read a meeting from 评审会执行 instead (the meeting's own detail route).
 */
export function meetingPagesOf(role: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (menu: string, ...ops: string[]) => out.set(menu, new Set([...(out.get(menu) ?? []), ...ops]));
  for (const t of MEETING_FLOW.transitions) if (t.menu && t.who?.includes(role)) add(t.menu, t.op);
  if ((MEETING_VOTE.who as readonly string[]).includes(role)) add(MEETING_VOTE.menu, MEETING_VOTE.op);
  if (role === ROLE.SECRETARY) {
    add(MEETING_MANAGE_PATH, 'add', 'export');
    add(MEETING_MAKE_PATH, 'edit', 'delete');
    add(MEETING_PRODUCTION_PATH, 'submit');
    add(MEETING_INFO_PATH, 'export');
  }
  return out;
}
