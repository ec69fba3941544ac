// The meeting's to-dos on the workbench (BUSINESS.md §4 我的待办), registered as its sources
// (gateway/src/stage/stage-todos.ts): under 待表决 each agenda item of a meeting in 表决中 the person is yet to vote
// on (评审会表决), and the items of a meeting whose notice reached them (评审会通知), so the committee reads what it
// will vote on before voting opens; under 待制作 the secretary's minutes, after the vote or returned by the chair.
// A vote cast is the member's own record in 我的已办 (the business's timeline does not hold it).
import { sameTenant, sameTenantOn } from '../../stage/stage-joins';
import type { Kysely } from 'kysely';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { OPINION_LABEL, type Opinion } from '../../../../src/domain/financing/meeting-tally';
import {
  MEETING_TODO_LABEL,
  VOTE_DONE_ACTION,
  minutesLink,
  type TodoRow,
  voteLink,
  waitingMinutes,
} from '../../../../src/domain/financing/review-queue';
import type { Database } from '../../db/database';
import { tenantRows, tenantRowsIn } from '../../db/tenant-rows';
import { registerDoneSource, registerTodoSource } from '../../stage/stage-todos';
import { minutesToMakeOf, noticesOf, pendingVotesOf, type PendingVote } from './repository';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, wireFen } from '../../stage/stage-money';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/todo');

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d));

/** Each waiting item as a row of 我的待办, with its business's number, supplier and amount. */
async function rowsOf<T extends PendingVote>(
  db: Kysely<Database>,
  tenantId: string,
  items: readonly T[],
  now: Date,
  row: (item: T) => { itemType: string; label: string; since: string; link: string },
): Promise<TodoRow[]> {
  if (items.length === 0) return [];
  const businesses = await tenantRowsIn(db, 'financing_business as b', tenantId, 'business_id', [
    ...new Set(items.map((v) => v.businessId)),
  ])
    .leftJoin('organization as o', sameTenantOn('o', 'org_id', 'b', 'supplier_id'))
    .select(['b.business_id', 'b.business_no', 'b.apply_amount', 'b.state', 'o.org_name'])
    .execute();
  const byId = new Map(businesses.map((b) => [b.business_id, b]));
  return items.map((v) => {
    const b = byId.get(v.businessId);
    const { itemType, label, since, link } = row(v);
    const state = b?.state ?? 'MEETING/SCHEDULED';
    return {
      itemType,
      itemTypeLabel: label,
      businessId: v.businessId,
      businessNo: b?.business_no ?? '',
      supplierName: b?.org_name ?? '',
      amount: wireFen(fenOf(b?.apply_amount)),
      stage: 'MEETING',
      state,
      stateLabel: stateLabel(state),
      level: null,
      levels: null,
      arrivedAt: since,
      waitingMinutes: waitingMinutes(since, now),
      overdue: false,
      link,
    };
  });
}

extend(registerTodoSource, 'VOTE', 'meeting', async (db, tenantId, actor, now) => {
  const [votes, notices] = await Promise.all([
    pendingVotesOf(db, tenantId, actor.userId),
    noticesOf(db, tenantId, actor.userId),
  ]);
  const opened =
    votes.length === 0
      ? []
      : await tenantRowsIn(db, 'review_meeting', tenantId, 'meeting_id', [...new Set(votes.map((v) => v.meetingId))])
          .select(['meeting_id', 'updated_at'])
          .execute();
  const openedAt = new Map(opened.map((m) => [m.meeting_id, iso(m.updated_at)]));
  return [
    ...(await rowsOf(db, tenantId, votes, now, (v) => ({
      itemType: 'VOTE',
      label: MEETING_TODO_LABEL.VOTE,
      since: openedAt.get(v.meetingId) ?? now.toISOString(),
      link: voteLink(v.meetingId),
    }))),
    ...(await rowsOf(db, tenantId, notices, now, (v) => ({
      itemType: 'NOTICE',
      label: MEETING_TODO_LABEL.NOTICE,
      since: iso(v.since),
      link: voteLink(v.meetingId),
    }))),
  ];
});

extend(registerTodoSource, 'MAKE', 'meeting-minutes', async (db, tenantId, actor, now) =>
  rowsOf(db, tenantId, await minutesToMakeOf(db, tenantId, actor.userId), now, (v) => ({
    itemType: 'MINUTES',
    label: v.returned ? MEETING_TODO_LABEL.MINUTES_RETURNED : MEETING_TODO_LABEL.MINUTES,
    since: iso(v.since),
    link: minutesLink(v.meetingId),
  })),
);

extend(registerDoneSource, 'meeting-votes', async (db, tenantId, userId, first) => {
  const base = tenantRows(db, 'review_meeting_vote as v', tenantId, { member_id: userId });
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('review_meeting_item as i', sameTenant('i', 'v', 'meeting_id', 'seq'))
      .innerJoin('review_meeting as m', sameTenant('m', 'v', 'meeting_id'))
      .innerJoin('financing_business as b', sameTenant('b', 'i', 'business_id'))
      .select([
        'v.meeting_id',
        'v.seq',
        'v.opinion',
        'v.conditions',
        'v.comment',
        'v.voted_at',
        'm.meeting_no',
        'b.business_id',
        'b.business_no',
      ])
      .orderBy('v.voted_at', 'desc')
      .orderBy('v.meeting_id', 'desc')
      .orderBy('v.seq', 'desc')
      .limit(first)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((r) => {
      const conditions = (typeof r.conditions === 'string' ? JSON.parse(r.conditions) : r.conditions) as unknown;
      const listed = Array.isArray(conditions) ? conditions.map(String) : [];
      return {
        keyId: `vote-${r.meeting_id}-${r.seq}`,
        businessId: r.business_id,
        businessNo: r.business_no,
        action: VOTE_DONE_ACTION,
        actionLabel: OPINION_LABEL[r.opinion as Opinion] ?? r.opinion,
        comment: [listed.length ? `条件：${listed.join('；')}` : '', r.comment].filter(Boolean).join('；'),
        at: iso(r.voted_at),
        stage: 'MEETING',
        stateLabel: `${r.meeting_no} 议题${r.seq}`,
        level: null,
      };
    }),
  };
});
