// The close of business's loan step and the workbench's 到期提醒 (BUSINESS.md "The daily job", §4 我的待办): the step
// is registered on the app's daily job (close.ts); the reminders a closed day stored are listed under 到期提醒 for
// whoever follows loans — an installment's to those granted 还款计划, the 中登 deadline to those who record it (放款登记's 登记) —
// within their 数据授权, those of the last day closed, less what has since been paid or registered.
import { sameTenant, sameTenantOn } from '../../stage/stage-joins';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { closeTimeOf, dueDay } from '../../../../src/domain/calendar/close-of-business';
import { type Reminder, reminderLabel } from '../../../../src/domain/financing/close-of-business';
import { LENDING_LIST_PATH } from '../../../../src/domain/financing/lending';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { PLAN_INFO_PATH, PLAN_LIST_PATH } from '../../../../src/domain/financing/repayment-plan';
import { waitingMinutes } from '../../../../src/domain/financing/review-queue';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { withinScope } from '../../resource/resource-repository';
import { fixedScopeOf } from '../../stage/stage-scope';
import { type TodoRow, registerTodoSource } from '../../stage/stage-todos';
import { fenOf, wireFen } from '../../stage/stage-money';
import type { Actor } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerLoanCatchUp } from '../../stage/stage-loans';
import { LOAN_CLOSE_STEP, bringLoanUpToDate, followRepayment } from './close';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('loan-close/routes');

// A confirmed repayment's business move, in its transaction: the close's figures follow what it left overdue.
extend(registerAfterTransition, 'loan-close-repayment', async (trx, done) => {
  if (done.action === 'confirmRepayment') await followRepayment(trx, done.tenantId, done.businessId);
});

// A repayment confirmed before the day's run reaches its loan: the loan is closed through that day first, its
// moves at the confirmation's own instant.
extend(registerLoanCatchUp, async (trx, tenantId, loanId, day, at) => {
  await bringLoanUpToDate(trx, tenantId, loanId, day, { at });
});

const followsPlans = (actor: Actor) => actor.grants.has(`${menuIdForPath(PLAN_LIST_PATH)}:export`);
// 放款登记's 登记 (add) is also where the 中登 registration is recorded.
const lends = (actor: Actor) => actor.grants.has(`${menuIdForPath(LENDING_LIST_PATH)}:add`);

/** The reminders of the last day closed by `now` that still stand, for the actor. */
async function remindersOf(db: Kysely<Database>, tenantId: string, actor: Actor, now: Date, limit?: number) {
  const [plans, loans] = [followsPlans(actor), lends(actor)];
  if (!plans && !loans) return [];
  const last = await db
    .selectFrom('close_day')
    .select(sql<string | null>`max(day)::text`.as('day'))
    .where('status', '=', 'CLOSED')
    .where('day', '<=', dueDay(now))
    .executeTakeFirst();
  if (!last?.day) return [];
  let q = db
    .selectFrom('loan_reminder as r')
    .innerJoin('financing_business as b', sameTenant('b', 'r', 'business_id'))
    .innerJoin('loan as l', sameTenant('l', 'r', 'business_id'))
    .leftJoin('installment as i', sameTenant('i', 'r', 'business_id', 'period_no'))
    .leftJoin('organization as o', sameTenantOn('o', 'org_id', 'b', 'supplier_id'))
    .select([
      'r.business_id',
      'r.period_no',
      'r.kind',
      'r.amount',
      'r.overdue_days',
      'r.day',
      'b.business_no',
      'b.state',
      'o.org_name',
    ])
    .where('r.tenant_id', '=', tenantId)
    .where('r.day', '=', last.day)
    .where('b.stage', '=', 'REPAYING')
    .where('b.deleted', '=', false)
    .where((eb) =>
      eb.or([
        // Still owed now: a repayment confirmed since the day was closed takes its reminder away.
        ...(plans
          ? [
              eb.and([
                eb('r.period_no', 'is not', null),
                sql<boolean>`i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
                  > i.principal_paid + i.interest_paid + i.fee_paid + i.penalty_paid`,
              ]),
            ]
          : []),
        ...(loans ? [eb.and([eb('r.period_no', 'is', null), eb('l.zhongdeng_reg_no', 'is', null)])] : []),
      ]),
    );
  q = withinScope(q, 'b', fixedScopeOf(actor));
  q = q.orderBy('r.overdue_days', 'desc').orderBy('r.due_date').orderBy('r.business_id').orderBy('r.subject');
  const rows = await (limit === undefined ? q : q.limit(limit)).execute();
  const arrived = closeTimeOf(last.day).toISOString();
  return rows.map(
    (r): TodoRow => ({
      itemType: `${r.kind}:${r.period_no ?? 0}`,
      itemTypeLabel: reminderLabel(r.period_no ?? 0, r.kind as Reminder, Number(r.overdue_days)),
      businessId: r.business_id,
      businessNo: r.business_no,
      supplierName: r.org_name ?? '',
      amount: wireFen(fenOf(r.amount)),
      stage: 'REPAYING',
      state: r.state,
      stateLabel: stateLabel(r.state),
      level: null,
      levels: null,
      arrivedAt: arrived,
      waitingMinutes: waitingMinutes(arrived, now),
      overdue: r.kind === 'OVERDUE',
      link:
        r.period_no === null
          ? `${LENDING_LIST_PATH}?id=${encodeURIComponent(r.business_id)}`
          : `${PLAN_INFO_PATH}?id=${encodeURIComponent(r.business_id)}`,
    }),
  );
}

extend(registerTodoSource, 'DUE', 'loan-reminders', remindersOf);

export const loanCloseRoutes: FastifyPluginAsync<GatewayDeps> = async (_app, deps) => {
  deps.dailyJob.register(LOAN_CLOSE_STEP);
};

export default loanCloseRoutes;
