// 评审会 as its own aggregate (BUSINESS.md §1.1, §2 ReviewMeeting; "Decisions for the lifecycle's second half":
// Meeting): plain functions over Kysely, every query carrying the tenant predicate. The rules are the domain's
// — the meeting's status table (meeting-workflow.ts), the vote and conclusion rules (meeting-rules.ts), the
// tally (meeting-tally.ts) — and this file only loads what they read and stores what they answer, one
// transaction a write with the meeting row locked, so two votes of one member, or a vote racing the close,
// cannot both land. Refusals: 160300003 when the person lacks the page's code, 160300404 for a meeting of
// another tenant, 160300409 on a stale version, 160300400 with the rule's Chinese words for the rest.
//
// A business heard here moves only through its own aggregate (business/aggregate.ts); this module never
// writes `financing_business`.
import { sameTenant } from '../../stage/stage-joins';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  type Conclusion,
  conclusionRefusal,
  MeetingMessage,
  type MeetingStatus,
  chairRevisionRefusal,
  mergeConditions,
  meetingOutcomeState,
  voteRefusal,
  voteSetting,
} from '../../../../src/domain/financing/meeting-rules';
import {
  type AgendaTally,
  type MeetingMember,
  type MemberRole,
  type Opinion,
  tallyAgendaItem,
} from '../../../../src/domain/financing/meeting-tally';
import {
  MEETING_FLOW,
  type MeetingFacts,
  type MeetingPlan,
  MeetingPlanMessage,
  meetingPlanProblems,
  seatProblems,
  withinMeetingWindow,
} from '../../../../src/domain/financing/meeting-workflow';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { applyTransition, grantOf } from '../../../../src/domain/workflow/workflow';
import type { Database, Db } from '../../db/database';
import { tenantRows, tenantRowsIn } from '../../db/tenant-rows';
import { AppError, invalidInput, notFound } from '../../plugins/envelope';
import { actorById, transitionBusiness } from '../business/aggregate';
import { registerCheckpoint, registerFacts } from '../business/facts';
import { grantedMenus } from '../menu/repository';
import { type FixedScope, withinScope } from '../../resource/resource-repository';
import { newId } from '../../ids';
import './tables';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, wireFen } from '../../stage/stage-money';
import { insertNumbered } from '../../stage/stage-numbered';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/repository');

export const MeetingStoreMessage = {
  notFound: '评审会不存在',
  stale: '评审会已被他人更新，请刷新后重试',
  memberUnknown: '参会人不是本租户的用户',
  businessUnknown: '议题业务不存在',
  notSecretary: '只有本次会议的秘书可以操作',
  absentNotVoting: '当前会议不在表决中，不能登记缺席',
  absentVoted: '该委员已表决，不能登记为缺席',
  absentNotMember: '只能登记表决委员的缺席',
  concludeNotClosed: '表决结束后才能形成议题结论',
  alreadyConcluded: '该议题已形成结论',
  businessNotWaiting: '只能选择报告已审批、待上会的业务',
  notDraft: '只有草稿状态的评审会可以修改或删除',
} as const;

/** The business state a meeting's agenda is picked from (BUSINESS.md §1.3 stage 4: 待上会). */
export const AWAITING_MEETING = 'MEETING/WAIT_SCHEDULE';

/** Who acts on a meeting: the person, their role codes, and the meeting pages' codes they hold. */
export interface MeetingActor {
  userId: string;
  roles: ReadonlySet<string>;
  /** `grantOf(t)` of each MEETING_FLOW transition whose page and code the person holds. */
  grants: ReadonlySet<string>;
}

/** The person's roles and grants in the tenant, read as the session reads them. */
export async function meetingActor(db: Kysely<Database>, tenantId: string, userId: string): Promise<MeetingActor> {
  const [roles, granted] = await Promise.all([
    db
      .selectFrom('user_role as ur')
      .innerJoin('role as r', 'r.role_id', 'ur.role_id')
      .select('r.role_code')
      .where('ur.user_id', '=', userId)
      .where('r.tenant_id', '=', tenantId)
      .where('r.status', '=', 'ENABLED')
      .execute(),
    grantedMenus(db, userId, tenantId),
  ]);
  const grants = new Set<string>();
  for (const t of MEETING_FLOW.transitions) {
    if (t.menu && granted.get(menuIdForPath(t.menu))?.has(t.op)) grants.add(grantOf(t));
  }
  return { userId, roles: new Set(roles.map((r) => r.role_code)), grants };
}

export interface NewMeeting extends MeetingPlan {
  agenda: readonly { businessId: string; reportId?: string | null; presenterId?: string | null }[];
}

export interface MeetingVoteView {
  memberId: string;
  opinion: Opinion;
  conditions: string[];
  comment: string;
  votedAt: string;
}

export interface MeetingItemView {
  seq: number;
  businessId: string;
  reportId: string | null;
  presenterId: string | null;
  conclusion: Conclusion | null;
  conditions: string[];
  minutes: string | null;
  /** In vote order. */
  votes: MeetingVoteView[];
  tally: AgendaTally;
}

/** What a meeting's list row and its full view both say of it. */
interface MeetingHead {
  meetingId: string;
  meetingNo: string;
  title: string;
  form: string;
  scheduledAt: string;
  location: string;
  secretaryId: string;
  status: MeetingStatus;
  version: number;
}

export interface MeetingView extends MeetingHead {
  chairId: string;
  /** When the minutes went to the chair's review; null while with the secretary. */
  minutesSubmittedAt: string | null;
  /** The chair's last return of the minutes. */
  minutesReviewComment: string | null;
  /** The meeting's own 纪要 (会议纪要), written by the secretary as the minutes go to the chair; it prints. */
  minutesText: string | null;
  members: { userId: string; role: MemberRole; attendance: 'PRESENT' | 'ABSENT' | null }[];
  items: MeetingItemView[];
}

/** One transaction of its own, or the caller's (the demo seed walks a meeting inside its own). */
const inTransaction = <T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

/** A plan's own columns on review_meeting, as 新增 writes them and 编辑 rewrites them. */
const planColumns = (plan: NewMeeting) => ({
  title: plan.title.trim(),
  form: plan.form,
  scheduled_at: new Date(plan.scheduledAt),
  location: plan.location.trim(),
  chair_id: plan.chairId,
  secretary_id: plan.secretaryId,
});

/** A plan's members and agenda (in its order), as a new meeting or a saved draft writes them. */
async function writeSeats(trx: Db, tenantId: string, meetingId: string, plan: NewMeeting): Promise<void> {
  await trx
    .insertInto('review_meeting_member')
    .values(plan.members.map((m) => ({ meeting_id: meetingId, tenant_id: tenantId, user_id: m.userId, role: m.role })))
    .execute();
  await trx
    .insertInto('review_meeting_item')
    .values(
      plan.agenda.map((a, i) => ({
        meeting_id: meetingId,
        tenant_id: tenantId,
        seq: i + 1,
        business_id: a.businessId,
        report_id: a.reportId ?? null,
        presenter_id: a.presenterId ?? null,
      })),
    )
    .execute();
}

const stale = () => new AppError(ResultCode.staleVersion, MeetingStoreMessage.stale);
const jsonList = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The tally's members: the secretary's 缺席 marks are the absent ones; everyone else is waited for. */
const tallyMembers = (members: MeetingView['members']): MeetingMember[] =>
  members.map((m) => ({ userId: m.userId, role: m.role, attended: m.attendance !== 'ABSENT' }));

/** The meeting of the tenant with its members, items, votes and each item's tally; 160300404 otherwise. */
export async function loadMeeting(db: Db, tenantId: string, meetingId: string, lock = false): Promise<MeetingView> {
  // The lock first, on a statement of its own: a statement that waited for it would still read the lists as
  // they were when it began, and miss the vote that the holder of the lock has just written.
  if (lock) {
    await tenantRows(db, 'review_meeting', tenantId, { meeting_id: meetingId })
      .select('meeting_id')
      .forUpdate()
      .execute();
  }
  // One round trip: the meeting with its members, items and votes as JSON lists (their times come as text).
  const m = await db
    .selectFrom('review_meeting as m')
    .selectAll('m')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('review_meeting_member as x')
          .select(['x.user_id', 'x.role', 'x.attendance'])
          .whereRef('x.tenant_id', '=', 'm.tenant_id')
          .whereRef('x.meeting_id', '=', 'm.meeting_id')
          .orderBy('x.user_id'),
      ).as('members'),
      jsonArrayFrom(
        eb
          .selectFrom('review_meeting_item as x')
          .selectAll('x')
          .whereRef('x.tenant_id', '=', 'm.tenant_id')
          .whereRef('x.meeting_id', '=', 'm.meeting_id')
          .orderBy('x.seq'),
      ).as('items'),
      jsonArrayFrom(
        eb
          .selectFrom('review_meeting_vote as x')
          .selectAll('x')
          .whereRef('x.tenant_id', '=', 'm.tenant_id')
          .whereRef('x.meeting_id', '=', 'm.meeting_id')
          .orderBy('x.voted_at')
          .orderBy('x.member_id'),
      ).as('votes'),
    ])
    .where('m.tenant_id', '=', tenantId)
    .where('m.meeting_id', '=', meetingId)
    .executeTakeFirst();
  if (!m) throw notFound(MeetingStoreMessage.notFound);
  const { members, items, votes } = m;
  const memberViews = members.map((r) => ({
    userId: r.user_id,
    role: r.role as MemberRole,
    attendance: r.attendance as 'PRESENT' | 'ABSENT' | null,
  }));
  return {
    meetingId: m.meeting_id,
    meetingNo: m.meeting_no,
    title: m.title,
    form: m.form,
    scheduledAt: iso(m.scheduled_at),
    location: m.location,
    chairId: m.chair_id,
    secretaryId: m.secretary_id,
    status: m.status as MeetingStatus,
    version: Number(m.version),
    minutesSubmittedAt: m.minutes_submitted_at ? iso(m.minutes_submitted_at) : null,
    minutesReviewComment: m.minutes_review_comment,
    minutesText: m.minutes_text,
    members: memberViews,
    items: items.map((i) => {
      const mine = votes
        .filter((v) => v.seq === i.seq)
        .map((v) => ({
          memberId: v.member_id,
          opinion: v.opinion as Opinion,
          conditions: jsonList(v.conditions),
          comment: v.comment,
          votedAt: iso(v.voted_at),
        }));
      return {
        seq: i.seq,
        businessId: i.business_id,
        reportId: i.report_id,
        presenterId: i.presenter_id,
        conclusion: i.conclusion as Conclusion | null,
        conditions: jsonList(i.conditions),
        minutes: i.minutes,
        votes: mine,
        tally: tallyAgendaItem(
          tallyMembers(memberViews),
          mine.map((v) => ({ userId: v.memberId, opinion: v.opinion, conditions: v.conditions })),
        ),
      };
    }),
  };
}

/**
 * The plan's own rules, then its people and agenda: a time within the meeting's window, seats for the tenant's
 * staff holding the role each seat needs, businesses awaiting a meeting and on no other draft. Inside the
 * write's transaction: the businesses' rows are locked, so two drafts saved at once cannot both take one.
 */
async function checkPlanPeopleAndAgenda(
  db: Db,
  tenantId: string,
  plan: NewMeeting,
  now: Date,
  meetingId?: string,
): Promise<void> {
  const problems = meetingPlanProblems(plan);
  if (problems.length) throw invalidInput(problems[0]!);
  if (!withinMeetingWindow(plan.scheduledAt, now)) throw invalidInput(MeetingPlanMessage.window);
  const userIds = [...new Set([...plan.members.map((m) => m.userId), plan.secretaryId])];
  const users = await tenantRowsIn(db, 'app_user', tenantId, 'user_id', userIds)
    .select(['user_id', 'user_type'])
    .execute();
  if (users.length !== userIds.length) throw invalidInput(MeetingStoreMessage.memberUnknown);
  const roles = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .select(['ur.user_id', 'r.role_code'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'ENABLED')
    .where('ur.user_id', 'in', userIds)
    .execute();
  const seats = seatProblems(
    plan.members,
    users.map((u) => ({
      userId: u.user_id,
      supplierUser: u.user_type === 'SUPPLIER',
      roles: new Set(roles.filter((r) => r.user_id === u.user_id).map((r) => r.role_code)),
    })),
  );
  if (seats.length) throw invalidInput(seats[0]!);
  const businessIds = plan.agenda.map((a) => a.businessId);
  const businesses = await tenantRowsIn(db, 'financing_business', tenantId, 'business_id', businessIds)
    .select(['business_id', 'business_no', 'state'])
    .where('deleted', '=', false)
    .orderBy('business_id')
    .forUpdate()
    .execute();
  if (businesses.length !== businessIds.length) throw invalidInput(MeetingStoreMessage.businessUnknown);
  // A meeting hears the businesses whose report is approved (Decisions: Meeting).
  if (businesses.some((b) => b.state !== AWAITING_MEETING)) throw invalidInput(MeetingStoreMessage.businessNotWaiting);
  // One business on one draft at a time: the notice of either would otherwise schedule it twice.
  let other = tenantRowsIn(db, 'review_meeting_item as i', tenantId, 'business_id', businessIds)
    .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
    .select(['i.business_id', 'm.meeting_no'])
    .where('m.status', '=', 'DRAFT');
  if (meetingId) other = other.where('m.meeting_id', '<>', meetingId);
  const taken = await other.executeTakeFirst();
  if (taken) {
    const no = businesses.find((b) => b.business_id === taken.business_id)?.business_no ?? '';
    throw invalidInput(MeetingPlanMessage.onAnotherDraft(no, taken.meeting_no));
  }
}

/** A meeting's row, numbered HY+yyyyMMdd+seq. */
const MEETING_ROW = { table: 'review_meeting', kind: 'meeting', no: 'meeting_no' } as const;

/** 评审会制作: the meeting as a draft, numbered HY+yyyyMMdd+seq, its members and agenda of the tenant. */
export async function createMeeting(
  db: Kysely<Database>,
  tenantId: string,
  plan: NewMeeting,
  actor: MeetingActor,
  now: Date,
): Promise<{ meetingId: string; meetingNo: string }> {
  return inTransaction(db, async (trx) => {
    await checkPlanPeopleAndAgenda(trx, tenantId, plan, now);
    const meetingId = newId(now);
    const meetingNo = await insertNumbered(
      trx,
      MEETING_ROW,
      { tenantId, now },
      {
        meeting_id: meetingId,
        ...planColumns(plan),
        created_by: actor.userId,
      },
    );
    await writeSeats(trx, tenantId, meetingId, plan);
    return { meetingId, meetingNo };
  });
}

/**
 * The meeting's own table on `action` by the actor, with the facts its guards read: refused as not theirs,
 * then as stale (the version read is not the meeting's), then with the guard's words; else the move's verdict.
 */
function meetingVerdict(
  m: MeetingView,
  action: string,
  move: { version: number; comment?: string },
  actor: MeetingActor,
  now: Date,
  facts: MeetingFacts = {},
) {
  const verdict = applyTransition(
    MEETING_FLOW,
    { status: m.status, secretaryId: m.secretaryId, chairId: m.chairId, minutesSubmitted: !!m.minutesSubmittedAt },
    action,
    { actorId: actor.userId, grants: actor.grants, roles: actor.roles, now, facts },
    move.comment !== undefined ? { comment: move.comment } : {},
  );
  if (!verdict.ok && verdict.reason === 'forbidden') {
    // A race's loser: the move was theirs on the version they read, and the winner's move took it away.
    const mayEver = MEETING_FLOW.transitions.some((t) => t.action === action && actor.grants.has(grantOf(t)));
    if (m.version !== move.version && mayEver) throw stale();
    throw new AppError(ResultCode.forbidden, verdict.message);
  }
  if (m.version !== move.version) throw stale();
  if (!verdict.ok) throw invalidInput(verdict.message);
  return verdict;
}

export interface MeetingMove {
  meetingId: string;
  action: string;
  version: number;
  comment?: string;
}

/** 发送通知, 开始表决, 结束表决, 取消: the meeting's own table decides, with the facts it reads loaded here. */
export async function transitionMeeting(
  db: Kysely<Database>,
  tenantId: string,
  move: MeetingMove,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, move.meetingId, true);
    const facts =
      move.action === 'notify'
        ? {
            planProblems: meetingPlanProblems(
              {
                ...m,
                members: m.members,
                agenda: m.items.map((i) => ({ businessId: i.businessId })),
              },
              now,
            ),
          }
        : move.action === 'closeVoting'
          ? { tallies: m.items.map((i) => i.tally) }
          : {};
    const verdict = meetingVerdict(m, move.action, move, actor, now, facts);
    const result = await trx
      .updateTable('review_meeting')
      .set({
        status: verdict.to,
        ...(verdict.to === 'CANCELLED' ? { cancel_reason: verdict.comment } : {}),
        updated_by: actor.userId,
        updated_at: now,
        version: m.version + 1,
      })
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', '=', move.meetingId)
      .where('version', '=', move.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw stale();
    const heard = HEARD_MOVE[move.action];
    // A meeting called off before its notice never moved the businesses on its agenda.
    if (heard && !(move.action === 'cancel' && m.status === 'DRAFT')) {
      await moveHeard(trx as Kysely<Database>, tenantId, m, actor.userId, now, () => heard);
    }
    return loadMeeting(trx, tenantId, move.meetingId);
  });
}

/** Each meeting move's move of the businesses heard, through their own aggregate. */
const HEARD_MOVE: Readonly<Record<string, string>> = {
  notify: 'schedule',
  openVoting: 'openVoting',
  closeVoting: 'closeVoting',
  cancel: 'unschedule',
};

/**
 * Moves every business on the meeting's agenda through the aggregate, as the person acting on the meeting: the
 * lifecycle table decides each move with its own guards (the tally and the conclusion are loaded as facts).
 */
async function moveHeard(
  trx: Kysely<Database>,
  tenantId: string,
  m: MeetingView,
  userId: string,
  now: Date,
  actionOf: (item: MeetingItemView) => string,
  comment?: string | ((item: MeetingItemView) => string | undefined),
): Promise<void> {
  const actor = await actorById(trx, tenantId, userId);
  for (const item of m.items) {
    const said = typeof comment === 'function' ? comment(item) : comment;
    const business = await tenantRows(trx, 'financing_business', tenantId, { business_id: item.businessId })
      .select('version')
      .executeTakeFirstOrThrow();
    await transitionBusiness(trx, {
      tenantId,
      businessId: item.businessId,
      actor,
      action: actionOf(item),
      version: Number(business.version),
      ...(said !== undefined ? { comment: said } : {}),
      now,
      through: 'MEETING',
    });
  }
}

export interface MinutesMove {
  meetingId: string;
  version: number;
  comment?: string;
  /** 提交纪要 only: the meeting's 纪要 as the secretary wrote or corrected it; kept as it was when left out. */
  minutesText?: string;
}

/**
 * 提交纪要: the secretary sends the minutes, every item concluded, to the chair; each business heard goes to
 * the chair's review (MEETING/PENDING) through its aggregate.
 */
export async function submitMinutes(
  db: Kysely<Database>,
  tenantId: string,
  move: MinutesMove,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, move.meetingId, true);
    const verdict = meetingVerdict(m, 'submitMinutes', move, actor, now, {
      allConcluded: m.items.every((i) => i.conclusion !== null),
    });
    await writeMeeting(trx, tenantId, m, actor.userId, now, {
      minutes_submitted_at: now,
      minutes_submitted_by: actor.userId,
      ...(move.minutesText !== undefined ? { minutes_text: move.minutesText.trim() || null } : {}),
    });
    await moveHeard(trx, tenantId, m, actor.userId, now, () => 'submit', verdict.comment || undefined);
    return loadMeeting(trx, tenantId, move.meetingId);
  });
}

export interface MinutesExamine extends MinutesMove {
  action: 'approveMinutes' | 'returnMinutes';
  /** The passed items the chair vetoes in approving (a 否决 is never turned into a pass). */
  vetoSeqs?: readonly number[];
  /** Each vetoed item's reason (否决意见), written on its business's timeline; a veto without one is refused. */
  vetoReasons?: readonly { seq: number; reason: string }[];
}

/**
 * The chair's review of the minutes. 通过: the meeting is filed and each business heard moves on as its item
 * concluded (passed → 融资决议, 否决 → 已终止/已否决, 复议 → 尽调报告/已退回 with the 复议 counted), after the
 * chair's own 否决 of passed items; 退回: the minutes go back to the secretary and each business with them.
 */
export async function examineMinutes(
  db: Kysely<Database>,
  tenantId: string,
  move: MinutesExamine,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, move.meetingId, true);
    const verdict = meetingVerdict(m, move.action, move, actor, now);
    if (move.action === 'returnMinutes') {
      await writeMeeting(trx, tenantId, m, actor.userId, now, {
        minutes_submitted_at: null,
        minutes_submitted_by: null,
        minutes_review_comment: verdict.comment,
      });
      await moveHeard(trx, tenantId, m, actor.userId, now, () => 'return', verdict.comment);
      return loadMeeting(trx, tenantId, move.meetingId);
    }
    const reasons = new Map((move.vetoReasons ?? []).map((v) => [v.seq, v.reason.trim()]));
    const vetoes = new Set([...(move.vetoSeqs ?? []), ...reasons.keys()]);
    for (const seq of vetoes) {
      const item = m.items.find((i) => i.seq === seq);
      if (!item?.conclusion) throw invalidInput(MeetingMessage.unknownItem);
      const refusal = chairRevisionRefusal(item.conclusion, 'VETOED');
      if (refusal) throw invalidInput(refusal);
      if (!reasons.get(seq)) throw invalidInput(MeetingMessage.vetoReason);
      await trx
        .updateTable('review_meeting_item')
        .set({ conclusion: 'VETOED', conditions: JSON.stringify([]) })
        .where('tenant_id', '=', tenantId)
        .where('meeting_id', '=', m.meetingId)
        .where('seq', '=', seq)
        .execute();
    }
    await writeMeeting(trx, tenantId, m, actor.userId, now, { status: verdict.to, minutes_review_comment: null });
    const revised = await loadMeeting(trx, tenantId, m.meetingId);
    await moveHeard(
      trx,
      tenantId,
      revised,
      actor.userId,
      now,
      (item) => HEARD_OUTCOME[item.conclusion ?? 'PASSED'],
      // A vetoed item's business carries the chair's 否决意见 on its timeline.
      (item) => reasons.get(item.seq) || undefined,
    );
    return loadMeeting(trx, tenantId, move.meetingId);
  });
}

/** The business's move when the chair approves its item's conclusion (Decisions: Meeting). */
const HEARD_OUTCOME: Readonly<Record<Conclusion, string>> = {
  PASSED: 'approve',
  PASSED_WITH_CONDITIONS: 'approve',
  VETOED: 'meetingVeto',
  RECONSIDER: 'reconsider',
};

/** The meeting row with the next version and what changed. */
async function writeMeeting(
  trx: Db,
  tenantId: string,
  m: MeetingView,
  userId: string,
  now: Date,
  set: {
    status?: string;
    minutes_submitted_at?: Date | null;
    minutes_submitted_by?: string | null;
    minutes_review_comment?: string | null;
    minutes_text?: string | null;
  },
): Promise<void> {
  const result = await trx
    .updateTable('review_meeting')
    .set({ ...set, updated_by: userId, updated_at: now, version: m.version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('meeting_id', '=', m.meetingId)
    .where('version', '=', m.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw stale();
}

export interface CastVote {
  meetingId: string;
  seq: number;
  /** The member the vote is for: only ever the person casting it. */
  memberId: string;
  opinion: Opinion;
  conditions?: readonly string[];
  comment?: string;
}

/** A member's own vote on one item, while voting is open; the vote marks them present. */
export async function castVote(
  db: Kysely<Database>,
  tenantId: string,
  vote: CastVote,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingItemView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, vote.meetingId, true);
    const refusal = voteRefusal({
      actorId: actor.userId,
      memberId: vote.memberId,
      ...voteSetting(m, vote.seq),
      opinion: vote.opinion,
      ...(vote.conditions ? { conditions: vote.conditions } : {}),
      ...(vote.comment !== undefined ? { comment: vote.comment } : {}),
    });
    if (refusal) throw invalidInput(refusal);
    const conditions =
      vote.opinion === 'AGREE_WITH_CONDITIONS' ? mergeConditions(vote.conditions ?? []) : ([] as string[]);
    await trx
      .insertInto('review_meeting_vote')
      .values({
        meeting_id: vote.meetingId,
        tenant_id: tenantId,
        seq: vote.seq,
        member_id: vote.memberId,
        opinion: vote.opinion,
        conditions: JSON.stringify(conditions),
        comment: (vote.comment ?? '').trim(),
        voted_at: now,
      })
      .execute();
    await trx
      .updateTable('review_meeting_member')
      .set({ attendance: 'PRESENT', signed_in_at: sql`coalesce(signed_in_at, ${now})` as never })
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', '=', vote.meetingId)
      .where('user_id', '=', vote.memberId)
      .execute();
    const after = await loadMeeting(trx, tenantId, vote.meetingId);
    return after.items.find((i) => i.seq === vote.seq)!;
  });
}

/** The secretary marks a voting member who has not voted 缺席, so the tally stops waiting for them. */
export async function markAbsent(
  db: Kysely<Database>,
  tenantId: string,
  meetingId: string,
  memberId: string,
  actor: MeetingActor,
): Promise<MeetingView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, meetingId, true);
    if (m.secretaryId !== actor.userId) throw invalidInput(MeetingStoreMessage.notSecretary);
    if (m.status !== 'VOTING') throw invalidInput(MeetingStoreMessage.absentNotVoting);
    const member = m.members.find((x) => x.userId === memberId);
    if (!member || member.role === 'OBSERVER') throw invalidInput(MeetingStoreMessage.absentNotMember);
    if (m.items.some((i) => i.votes.some((v) => v.memberId === memberId))) {
      throw invalidInput(MeetingStoreMessage.absentVoted);
    }
    await trx
      .updateTable('review_meeting_member')
      .set({ attendance: 'ABSENT' })
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', '=', meetingId)
      .where('user_id', '=', memberId)
      .execute();
    return loadMeeting(trx, tenantId, meetingId);
  });
}

export interface RecordConclusion {
  meetingId: string;
  seq: number;
  conclusion: Conclusion;
  /** The secretary's own conditions, merged after the votes'. */
  conditions?: readonly string[];
  minutes?: string;
}

/**
 * 审批材料制作: the secretary records each item's conclusion after the vote; it must agree with the tally. Once
 * the chair returned the minutes, a recorded conclusion is corrected the same way (conclusion, conditions and
 * the item's minutes all written again).
 */
export async function recordConclusion(
  db: Kysely<Database>,
  tenantId: string,
  input: RecordConclusion,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingItemView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, input.meetingId, true);
    if (m.secretaryId !== actor.userId) throw invalidInput(MeetingStoreMessage.notSecretary);
    if (m.status !== 'CLOSED') throw invalidInput(MeetingStoreMessage.concludeNotClosed);
    const item = m.items.find((i) => i.seq === input.seq);
    if (!item) throw invalidInput(MeetingMessage.unknownItem);
    // A conclusion is recorded once; minutes the chair returned are the secretary's to correct, item by item.
    const returned = m.minutesReviewComment !== null && m.minutesSubmittedAt === null;
    if (item.conclusion && !returned) throw invalidInput(MeetingStoreMessage.alreadyConcluded);
    const business = await tenantRows(trx, 'financing_business', tenantId, { business_id: item.businessId })
      .select('reconsider_count')
      .executeTakeFirstOrThrow();
    const refusal = conclusionRefusal({
      conclusion: input.conclusion,
      tally: item.tally,
      reconsiderCount: Number(business.reconsider_count),
      ...(input.conditions ? { conditions: input.conditions } : {}),
    });
    if (refusal) throw invalidInput(refusal);
    const passing = input.conclusion === 'PASSED' || input.conclusion === 'PASSED_WITH_CONDITIONS';
    await trx
      .updateTable('review_meeting_item')
      .set({
        conclusion: input.conclusion,
        conditions: JSON.stringify(passing ? mergeConditions(item.tally.conditions, input.conditions) : []),
        minutes: input.minutes?.trim() || null,
        concluded_by: actor.userId,
        concluded_at: now,
      })
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', '=', input.meetingId)
      .where('seq', '=', input.seq)
      .execute();
    const after = await loadMeeting(trx, tenantId, input.meetingId);
    return after.items.find((i) => i.seq === input.seq)!;
  });
}

export interface PendingVote {
  meetingId: string;
  meetingNo: string;
  title: string;
  seq: number;
  businessId: string;
}

/** 待表决: the items of meetings in 表决中 where this person is a voting member, not marked absent, yet to vote. */
export async function pendingVotesOf(db: Kysely<Database>, tenantId: string, userId: string): Promise<PendingVote[]> {
  const rows = await tenantRows(db, 'review_meeting_member as mm', tenantId, { user_id: userId })
    .innerJoin('review_meeting as m', sameTenant('m', 'mm', 'meeting_id'))
    .innerJoin('review_meeting_item as i', sameTenant('i', 'm', 'meeting_id'))
    .leftJoin('review_meeting_vote as v', (j) =>
      j.onRef('v.meeting_id', '=', 'i.meeting_id').onRef('v.seq', '=', 'i.seq').onRef('v.member_id', '=', 'mm.user_id'),
    )
    .select(['m.meeting_id', 'm.meeting_no', 'm.title', 'i.seq', 'i.business_id'])
    .where('mm.role', 'in', ['CHAIR', 'MEMBER'])
    .where((eb) => eb.or([eb('mm.attendance', 'is', null), eb('mm.attendance', '<>', 'ABSENT')]))
    .where('m.status', '=', 'VOTING')
    .where('v.member_id', 'is', null)
    .orderBy('m.scheduled_at')
    .orderBy('m.meeting_id')
    .orderBy('i.seq')
    .execute();
  return rows.map((r) => ({
    meetingId: r.meeting_id,
    meetingNo: r.meeting_no,
    title: r.title,
    seq: r.seq,
    businessId: r.business_id,
  }));
}

/** An agenda item waiting on one person outside the vote itself: a notice to read, minutes to write. */
export interface MeetingTodo extends PendingVote {
  /** When it began to wait: the notice sent, the voting closed, the minutes returned. */
  since: Date;
  /** The minutes went back from the chair (the business is 已退回) rather than never sent. */
  returned: boolean;
}

const meetingTodoRows = (db: Kysely<Database>, tenantId: string) =>
  db
    .selectFrom('review_meeting as m')
    .innerJoin('review_meeting_item as i', sameTenant('i', 'm', 'meeting_id'))
    .innerJoin('financing_business as b', sameTenant('b', 'i', 'business_id'))
    .select(['m.meeting_id', 'm.meeting_no', 'm.title', 'm.updated_at', 'i.seq', 'i.business_id', 'b.state'])
    .where('m.tenant_id', '=', tenantId)
    .orderBy('m.scheduled_at')
    .orderBy('m.meeting_id')
    .orderBy('i.seq');

const meetingTodoOf = (r: {
  meeting_id: string;
  meeting_no: string;
  title: string;
  updated_at: Date;
  seq: number;
  business_id: string;
  state: string;
}): MeetingTodo => ({
  meetingId: r.meeting_id,
  meetingNo: r.meeting_no,
  title: r.title,
  seq: r.seq,
  businessId: r.business_id,
  since: r.updated_at,
  returned: r.state === 'MEETING/RETURNED',
});

/** 已通知: the items of meetings whose notice reached this person (seated on it), before voting opens. */
export async function noticesOf(db: Kysely<Database>, tenantId: string, userId: string): Promise<MeetingTodo[]> {
  const rows = await meetingTodoRows(db, tenantId)
    .where('m.status', '=', 'NOTIFIED')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('review_meeting_member as mm')
          .select('mm.user_id')
          .whereRef('mm.meeting_id', '=', 'm.meeting_id')
          .whereRef('mm.tenant_id', '=', 'm.tenant_id')
          .where('mm.user_id', '=', userId),
      ),
    )
    .execute();
  return rows.map(meetingTodoOf);
}

/**
 * The minutes this secretary is to write or correct: the items of their meetings whose voting closed and whose
 * minutes are not with the chair (never sent, or returned).
 */
export async function minutesToMakeOf(
  db: Kysely<Database>,
  tenantId: string,
  secretaryId: string,
): Promise<MeetingTodo[]> {
  const rows = await meetingTodoRows(db, tenantId)
    .where('m.secretary_id', '=', secretaryId)
    .where('m.status', '=', 'CLOSED')
    .where('m.minutes_submitted_at', 'is', null)
    .execute();
  return rows.map(meetingTodoOf);
}

/** The draft's own secretary rewrites it under the version read: plan, members and agenda replaced. */
export async function updateMeeting(
  db: Kysely<Database>,
  tenantId: string,
  meetingId: string,
  version: number,
  plan: NewMeeting,
  actor: MeetingActor,
  now: Date,
): Promise<MeetingView> {
  return inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, meetingId, true);
    if (m.secretaryId !== actor.userId) throw invalidInput(MeetingStoreMessage.notSecretary);
    if (m.version !== version) throw stale();
    // A meeting past its notice is not edited, whatever the plan says (its businesses have left 待上会).
    if (m.status !== 'DRAFT') throw invalidInput(MeetingStoreMessage.notDraft);
    await checkPlanPeopleAndAgenda(trx, tenantId, plan, now, meetingId);
    await trx
      .updateTable('review_meeting')
      .set({
        ...planColumns(plan),
        updated_by: actor.userId,
        updated_at: now,
        version: m.version + 1,
      })
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', '=', meetingId)
      .execute();
    for (const table of ['review_meeting_member', 'review_meeting_item'] as const) {
      await trx.deleteFrom(table).where('tenant_id', '=', tenantId).where('meeting_id', '=', meetingId).execute();
    }
    await writeSeats(trx, tenantId, meetingId, plan);
    return loadMeeting(trx, tenantId, meetingId);
  });
}

/** A draft is deleted by its own secretary, under the version read (BUSINESS.md §4 `delete` (draft)). */
export async function deleteMeeting(
  db: Kysely<Database>,
  tenantId: string,
  meetingId: string,
  version: number,
  actor: MeetingActor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const m = await loadMeeting(trx, tenantId, meetingId, true);
    if (m.secretaryId !== actor.userId) throw invalidInput(MeetingStoreMessage.notSecretary);
    if (m.version !== version) throw stale();
    if (m.status !== 'DRAFT') throw invalidInput(MeetingStoreMessage.notDraft);
    for (const table of ['review_meeting_member', 'review_meeting_item', 'review_meeting'] as const) {
      await trx.deleteFrom(table).where('tenant_id', '=', tenantId).where('meeting_id', '=', meetingId).execute();
    }
  });
}

export interface MeetingRow extends MeetingHead {
  itemCount: number;
  chairName: string;
}

export interface MeetingFilter {
  status?: string;
  keyword?: string;
  /** Only the meetings this person takes part in (member or secretary). */
  participant?: string;
  statuses?: readonly MeetingStatus[];
  /** 评审会审核: the meetings whose minutes wait for this chair (or any chair's, for an administrator: '*'). */
  minutesFor?: string;
  /** The caller's data scope (stage-scope.ts `fixedScopeOf`): only meetings all of whose businesses lie in it. */
  scope?: FixedScope;
}

/**
 * The meetings (as `m`) that hear a business outside the scope: a meeting is seen only by those who may see
 * every business it hears (数据授权, like every list), by the same scope function as the business list.
 */
// biome-ignore lint/suspicious/noExplicitAny: composes on the meeting query aliased `m`
const hearsOutside = (eb: any, tenantId: string, scope: FixedScope) =>
  eb.exists(
    eb
      .selectFrom('review_meeting_item as si')
      .select('si.seq')
      .whereRef('si.meeting_id', '=', 'm.meeting_id')
      .whereRef('si.tenant_id', '=', 'm.tenant_id')
      .where(
        'si.business_id',
        'not in',
        withinScope(
          eb.selectFrom('financing_business as sb').select('sb.business_id').where('sb.tenant_id', '=', tenantId),
          'sb',
          scope,
        ),
      ),
  );

/** Whether the caller's scope holds every business the meeting hears (another's meeting is not found). */
export async function meetingInScope(db: Db, tenantId: string, meetingId: string, scope: FixedScope) {
  if (Object.keys(scope).length === 0) return true;
  const outside = await tenantRows(db, 'review_meeting as m', tenantId, { meeting_id: meetingId })
    .select('m.meeting_id')
    .where((eb) => hearsOutside(eb, tenantId, scope))
    .executeTakeFirst();
  return !outside;
}

/** 会议信息管理: the tenant's meetings, newest time first (BUSINESS.md §4 columns). */
export async function pageMeetings(
  db: Db,
  tenantId: string,
  filter: MeetingFilter,
  page: { offset: number; size: number },
): Promise<{ records: MeetingRow[]; total: number }> {
  let base = db.selectFrom('review_meeting as m').where('m.tenant_id', '=', tenantId);
  const scope = filter.scope;
  if (scope && Object.keys(scope).length) base = base.where((eb) => eb.not(hearsOutside(eb, tenantId, scope)));
  if (filter.status) base = base.where('m.status', '=', filter.status);
  if (filter.statuses?.length) base = base.where('m.status', 'in', [...filter.statuses]);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('m.meeting_no', 'like', like), eb('m.title', 'like', like)]));
  }
  if (filter.minutesFor) {
    base = base.where('m.status', '=', 'CLOSED').where('m.minutes_submitted_at', 'is not', null);
    if (filter.minutesFor !== '*') base = base.where('m.chair_id', '=', filter.minutesFor);
  }
  const participant = filter.participant;
  if (participant) {
    base = base.where((eb) =>
      eb.or([
        eb('m.secretary_id', '=', participant),
        eb.exists(
          eb
            .selectFrom('review_meeting_member as p')
            .select('p.user_id')
            .whereRef('p.meeting_id', '=', 'm.meeting_id')
            .whereRef('p.tenant_id', '=', 'm.tenant_id')
            .where('p.user_id', '=', participant),
        ),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('app_user as c', 'c.user_id', 'm.chair_id')
      .select((eb) => [
        'm.meeting_id',
        'm.meeting_no',
        'm.title',
        'm.form',
        'm.scheduled_at',
        'm.location',
        'm.secretary_id',
        'm.status',
        'm.version',
        'c.nick_name',
        eb
          .selectFrom('review_meeting_item as i')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('i.meeting_id', '=', 'm.meeting_id')
          .whereRef('i.tenant_id', '=', 'm.tenant_id')
          .as('item_count'),
      ])
      .orderBy('m.scheduled_at', 'desc')
      .orderBy('m.meeting_id', 'desc')
      .offset(page.offset)
      .limit(page.size)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      meetingId: r.meeting_id,
      meetingNo: r.meeting_no,
      title: r.title,
      form: r.form,
      scheduledAt: iso(r.scheduled_at),
      location: r.location,
      itemCount: Number(r.item_count ?? 0),
      chairName: r.nick_name ?? '',
      secretaryId: r.secretary_id,
      status: r.status as MeetingStatus,
      version: Number(r.version),
    })),
  };
}

export interface AgendaOption {
  businessId: string;
  businessNo: string;
  supplierName: string;
  applyAmount: number;
}

/** The businesses awaiting a meeting that no meeting still open has on its agenda (the make page's picker). */
export async function agendaOptions(
  db: Db,
  tenantId: string,
  exceptMeetingId?: string,
  scope: FixedScope = {},
): Promise<AgendaOption[]> {
  const rows = await withinScope(db.selectFrom('financing_business as b'), 'b', scope)
    .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
    .select(['b.business_id', 'b.business_no', 'b.apply_amount', 's.org_name'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.state', '=', AWAITING_MEETING)
    .where('b.deleted', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('review_meeting_item as i')
            .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
            .select('i.seq')
            .whereRef('i.business_id', '=', 'b.business_id')
            .where('m.meeting_id', '<>', exceptMeetingId ?? '')
            .where((eb) =>
              eb.or([
                eb('m.status', 'in', ['DRAFT', 'NOTIFIED', 'VOTING']),
                eb.and([eb('m.status', '=', 'CLOSED'), eb('i.conclusion', 'is', null)]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('b.business_no')
    .execute();
  return rows.map((r) => ({
    businessId: r.business_id,
    businessNo: r.business_no,
    supplierName: r.org_name ?? '',
    applyAmount: wireFen(fenOf(r.apply_amount)),
  }));
}

export interface PersonOption {
  userId: string;
  name: string;
  roles: string[];
}

/** Who may sit on a meeting: the tenant's enabled staff holding a committee, secretary or risk role. */
export async function memberOptions(db: Db, tenantId: string, roleCodes: readonly string[]): Promise<PersonOption[]> {
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_role as ur', 'ur.user_id', 'u.user_id')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .select(['u.user_id', 'u.nick_name', 'r.role_code'])
    .where('u.tenant_id', '=', tenantId)
    .where('r.tenant_id', '=', tenantId)
    .where('u.status', '=', 'ENABLED')
    .where('r.status', '=', 'ENABLED')
    .where('r.role_code', 'in', [...roleCodes])
    .orderBy('u.user_id')
    .execute();
  const out = new Map<string, PersonOption>();
  for (const r of rows) {
    const person = out.get(r.user_id) ?? { userId: r.user_id, name: r.nick_name, roles: [] };
    person.roles.push(r.role_code);
    out.set(r.user_id, person);
  }
  return [...out.values()];
}

/** The names a meeting's screens and minutes print: people by id, businesses with their supplier. */
export async function meetingNames(
  db: Db,
  tenantId: string,
  m: MeetingView,
): Promise<{
  people: Map<string, string>;
  businesses: Map<string, { businessNo: string; supplierName: string; applyAmount: number }>;
}> {
  const userIds = [...new Set([m.chairId, m.secretaryId, ...m.members.map((x) => x.userId)])];
  const businessIds = m.items.map((i) => i.businessId);
  const [users, businesses] = await Promise.all([
    tenantRowsIn(db, 'app_user', tenantId, 'user_id', userIds).select(['user_id', 'nick_name']).execute(),
    businessIds.length
      ? tenantRowsIn(db, 'financing_business as b', tenantId, 'business_id', businessIds)
          .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
          .select(['b.business_id', 'b.business_no', 'b.apply_amount', 's.org_name'])
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    people: new Map(users.map((u) => [u.user_id, u.nick_name])),
    businesses: new Map(
      businesses.map((b) => [
        b.business_id,
        { businessNo: b.business_no, supplierName: b.org_name ?? '', applyAmount: wireFen(fenOf(b.apply_amount)) },
      ]),
    ),
  };
}

/**
 * Where each business heard goes once the chair approves the minutes (Decisions: Meeting): passed → DECISION,
 * 否决 → TERMINATED/VETOED, 复议 → REPORT/RETURNED. Read-only: the business aggregate makes the move, so the
 * lead wires this into the minutes' approval when the stage kit carries MEETING. Items without a conclusion
 * are left out.
 */
export async function meetingOutcomes(
  db: Db,
  tenantId: string,
  meetingId: string,
): Promise<
  {
    businessId: string;
    seq: number;
    conclusion: Conclusion;
    to: ReturnType<typeof meetingOutcomeState>;
    conditions: string[];
  }[]
> {
  const m = await loadMeeting(db, tenantId, meetingId);
  return m.items
    .filter((i): i is MeetingItemView & { conclusion: Conclusion } => i.conclusion !== null)
    .map((i) => ({
      businessId: i.businessId,
      seq: i.seq,
      conclusion: i.conclusion,
      to: meetingOutcomeState(i.conclusion),
      conditions: i.conditions,
    }));
}

/** The business's item on the meeting hearing it now, or on the last that heard it, with that meeting. */
async function heardItem(db: Db, tenantId: string, businessId: string) {
  const row = await tenantRows(db, 'review_meeting_item as i', tenantId, { business_id: businessId })
    .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
    .select(['i.meeting_id', 'i.seq', 'm.status'])
    // The meeting under way (at most one: its businesses left 待上会 with its notice), else the last one filed.
    .where('m.status', 'not in', ['CANCELLED', 'DRAFT'])
    .orderBy(sql`m.status = 'ARCHIVED'`)
    .orderBy('m.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const m = await loadMeeting(db, tenantId, row.meeting_id);
  const item = m.items.find((i) => i.seq === row.seq);
  return item ? { meeting: m, item } : null;
}

// The tally and the conclusion of a business's item, for the lifecycle table's meeting moves (结束表决 waits
// for the tally; the chair's approval follows the conclusion).
extend(registerFacts, 'meeting', async (db, tenantId, record) => {
  const id = (record as { keyId?: string }).keyId;
  if (!id || !['MEETING/VOTING', 'MEETING/VOTED', 'MEETING/PENDING', 'MEETING/RETURNED'].includes(record.state)) {
    return {};
  }
  const heard = await heardItem(db as Db, tenantId, id);
  if (!heard) return { meetingConclusion: null };
  return {
    tally: { passed: heard.item.tally.passed, complete: heard.item.tally.complete },
    meetingConclusion: heard.item.conclusion,
  };
});

export const HeardMessage = {
  notOnAgenda: '该业务未列入已通知的评审会',
} as const;

// 排会: the business is on the agenda of a meeting whose notice was sent.
extend(registerCheckpoint, 'SCHEDULE_MEETING', async (db, tenantId, record) => {
  const id = (record as { keyId?: string }).keyId;
  const heard = id ? await heardItem(db as Db, tenantId, id) : null;
  return heard && heard.meeting.status === 'NOTIFIED' ? [] : [HeardMessage.notOnAgenda];
});

// 提交纪要: the business's item has its conclusion.
extend(registerCheckpoint, 'CONCLUDE_MEETING', async (db, tenantId, record) => {
  const id = (record as { keyId?: string }).keyId;
  const heard = id ? await heardItem(db as Db, tenantId, id) : null;
  return heard?.item.conclusion ? [] : [MeetingMessage.incomplete];
});
