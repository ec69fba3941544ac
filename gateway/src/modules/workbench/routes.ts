// 我的待办 and 我的已办 (BUSINESS.md §4). The to-do is computed from the lifecycle table and the review
// snapshot (review/queue.ts), never from a copy of their rules: 待审核 is the review queue, 待制作 the items
// the table offers the person 提交 on, 待表决 the agenda items of meetings in 表决中 a member is yet to vote
// on, 到期提醒 stays empty until lending exists. The count on the menu item is the first three together. 我的已办 is the timeline events the person made, newest first.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { type TodoTab, voteLink, waitingMinutes } from '../../../../src/domain/financing/review-queue';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, ok } from '../../plugins/envelope';
import { pageRequest } from '../../schemas/common';
import { actorOf } from '../business/aggregate';
import { pendingVotesOf } from '../meeting/repository';
import { makeQueue, reviewQueue, todoOfReview } from '../review/queue';
import { type DoneQuery, type TodoQuery, donePageSchema, todoPageSchema } from '../review/schemas';

const TODO_MENU = '/workbench/technological/todo';
const DONE_MENU = '/workbench/technological/done';

/** The menu shows 99+ past 99, so the count stops at 100 and never reads more than it shows. */
export const TODO_COUNT_CAP = 100;

const TabCount = Type.Integer({ minimum: 0, maximum: TODO_COUNT_CAP });

/** The menu's count and each tab's, so 我的待办 opens on a tab that has something and shows the counts. */
const todoCountSchema = {
  tags: ['workbench'],
  summary: '我的待办数量（菜单角标与各页签；至多100，菜单显示99+）',
  querystring: Type.Object(
    {
      menuId: Type.Optional(
        Type.String({ maxLength: 200, description: '菜单 id（SPEC §7.2 菜单范围的调用自动附带）' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: envelopeResponses(
    Type.Object({
      count: TabCount,
      tabs: Type.Object({ REVIEW: TabCount, MAKE: TabCount, VOTE: TabCount, DUE: TabCount }),
    }),
  ),
};

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d));

export const workbenchRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db } = deps;

  /** 待表决: each agenda item of a meeting in 表决中 the person is yet to vote on, as a to-do row. */
  const voteQueue = async (tenantId: string, userId: string, now: Date) => {
    const votes = await pendingVotesOf(db, tenantId, userId);
    if (votes.length === 0) return [];
    const ids = [...new Set(votes.map((v) => v.businessId))];
    const [businesses, opened] = await Promise.all([
      db
        .selectFrom('financing_business as b')
        .leftJoin('organization as o', (j) =>
          j.onRef('o.org_id', '=', 'b.supplier_id').onRef('o.tenant_id', '=', 'b.tenant_id'),
        )
        .select(['b.business_id', 'b.business_no', 'b.apply_amount', 'b.state', 'o.org_name'])
        .where('b.tenant_id', '=', tenantId)
        .where('b.business_id', 'in', ids)
        .execute(),
      db
        .selectFrom('review_meeting')
        .select(['meeting_id', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .where('meeting_id', 'in', [...new Set(votes.map((v) => v.meetingId))])
        .execute(),
    ]);
    const byId = new Map(businesses.map((b) => [b.business_id, b]));
    const openedAt = new Map(opened.map((m) => [m.meeting_id, iso(m.updated_at)]));
    return votes.map((v) => {
      const b = byId.get(v.businessId);
      const at = openedAt.get(v.meetingId) ?? now.toISOString();
      return {
        itemType: 'VOTE',
        itemTypeLabel: `${v.meetingNo} 议题${v.seq}`,
        businessId: v.businessId,
        businessNo: b?.business_no ?? '',
        supplierName: b?.org_name ?? '',
        amount: Number(b?.apply_amount ?? 0),
        stage: 'MEETING',
        state: b?.state ?? 'MEETING/VOTING',
        stateLabel: stateLabel(b?.state ?? 'MEETING/VOTING'),
        level: null,
        levels: null,
        arrivedAt: at,
        waitingMinutes: waitingMinutes(at, now),
        overdue: false,
        link: voteLink(v.meetingId),
      };
    });
  };

  app.get<{ Querystring: TodoQuery }>(
    '/api/business/workbench/todo',
    { config: { access: { menu: TODO_MENU } }, schema: todoPageSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await actorOf(request, db);
      const now = deps.now();
      const page = pageRequest(request.query);
      const tab: TodoTab = request.query.tab ?? 'REVIEW';
      const items =
        tab === 'REVIEW'
          ? (await reviewQueue(db, tenantId, actor, {}, now)).map(todoOfReview)
          : tab === 'MAKE'
            ? await makeQueue(db, tenantId, actor, now)
            : tab === 'VOTE'
              ? await voteQueue(tenantId, actor.userId, now)
              : // 到期提醒 needs loans and their schedules; nothing falls due before lending exists.
                [];
      return ok({
        records: items.slice(page.offset, page.offset + page.size),
        total: items.length,
        current: page.current,
        size: page.size,
      });
    },
  );

  app.get(
    '/api/business/workbench/todo/count',
    { config: { access: { menu: TODO_MENU } }, schema: todoCountSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await actorOf(request, db);
      const now = deps.now();
      const [review, make, vote] = await Promise.all([
        reviewQueue(db, tenantId, actor, {}, now, TODO_COUNT_CAP),
        makeQueue(db, tenantId, actor, now, TODO_COUNT_CAP),
        pendingVotesOf(db, tenantId, actor.userId),
      ]);
      const votes = Math.min(vote.length, TODO_COUNT_CAP);
      return ok({
        count: Math.min(review.length + make.length + votes, TODO_COUNT_CAP),
        // 到期提醒 stays empty until lending exists.
        tabs: { REVIEW: review.length, MAKE: make.length, VOTE: votes, DUE: 0 } satisfies Record<TodoTab, number>,
      });
    },
  );

  app.get<{ Querystring: DoneQuery }>(
    '/api/business/workbench/done',
    { config: { access: { menu: DONE_MENU } }, schema: donePageSchema },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const page = pageRequest(request.query);
      const base = db
        .selectFrom('business_event as e')
        .where('e.tenant_id', '=', tenantId)
        .where('e.actor_id', '=', userId);
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('financing_business as b', (j) =>
          j.onRef('b.business_id', '=', 'e.business_id').onRef('b.tenant_id', '=', 'e.tenant_id'),
        )
        .select([
          'e.event_id',
          'e.business_id',
          'e.action',
          'e.action_label',
          'e.comment',
          'e.at',
          'e.stage',
          'e.to_state',
          'e.level',
          'b.business_no',
        ])
        .orderBy('e.at', 'desc')
        .orderBy('e.event_id', 'desc')
        .offset(page.offset)
        .limit(page.size)
        .execute();
      return ok({
        records: rows.map((r) => ({
          keyId: r.event_id,
          businessId: r.business_id,
          businessNo: r.business_no,
          action: r.action,
          actionLabel: r.action_label,
          comment: r.comment,
          at: iso(r.at),
          stage: r.stage,
          stateLabel: stateLabel(r.to_state),
          level: r.level,
        })),
        total: Number(total),
        current: page.current,
        size: page.size,
      });
    },
  );
};

export default workbenchRoutes;
