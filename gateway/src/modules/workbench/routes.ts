// 我的待办 and 我的已办 (BUSINESS.md §4). Each tab of the to-do lists what the stages registered for it
// (gateway/src/stage/stage-todos.ts), computed there from the lifecycle table and the review snapshot, never from
// a copy of their rules: 待审核 the review queue, 待制作 the items the table offers the person 提交 on, 待表决 the
// agenda items a member is yet to vote on, 到期提醒 the reminders the last close of business stored. The count
// on the menu item is the first three together. 我的已办 is the timeline events the person made and what the
// stages registered beside them (the votes), newest first.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { TODO_TABS, type TodoTab } from '../../../../src/domain/financing/review-queue';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, ok } from '../../plugins/envelope';
import { pageRequest } from '../../schemas/common';
import { type DoneSource, donePage, todosOf } from '../../stage/stage-todos';
import { actorOf } from '../business/aggregate';
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

  app.get<{ Querystring: TodoQuery }>(
    '/api/business/workbench/todo',
    { config: { access: { menu: TODO_MENU } }, schema: todoPageSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await actorOf(request, db);
      const now = deps.now();
      const page = pageRequest(request.query);
      const tab: TodoTab = request.query.tab ?? 'REVIEW';
      const items = await todosOf(tab, db, tenantId, actor, now);
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
      const counts = await Promise.all(
        TODO_TABS.map(async (tab) => (await todosOf(tab, db, tenantId, actor, now, TODO_COUNT_CAP)).length),
      );
      const tabs = Object.fromEntries(TODO_TABS.map((tab, i) => [tab, counts[i] ?? 0])) as Record<TodoTab, number>;
      // The badge counts what waits to be done: 到期提醒 are reminders, not to-dos.
      return ok({ count: Math.min(tabs.REVIEW + tabs.MAKE + tabs.VOTE, TODO_COUNT_CAP), tabs });
    },
  );

  app.get<{ Querystring: DoneQuery }>(
    '/api/business/workbench/done',
    { config: { access: { menu: DONE_MENU } }, schema: donePageSchema },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const page = pageRequest(request.query);
      const { records, total } = await donePage(db, tenantId, userId, page, timelineDone);
      return ok({ records, total, current: page.current, size: page.size });
    },
  );
};

/** The moves the person made on businesses, from their timelines (business_event). */
const timelineDone: DoneSource = async (db, tenantId, userId, first) => {
  const base = db
    .selectFrom('business_event as e')
    .where('e.tenant_id', '=', tenantId)
    .where('e.actor_id', '=', userId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
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
      .limit(first)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((r) => ({
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
  };
};

export default workbenchRoutes;
