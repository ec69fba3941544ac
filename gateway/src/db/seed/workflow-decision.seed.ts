// Named to run after every seed it needs without moving the others: the seeds without a dependency run in name
// order, and one named earlier would pull the workflow seeds ahead of them.
// Demo 融资决议 (stage 5): the businesses the report seed left at 评审会·待上会 heard at one meeting and walked on
// by the seeded people — the secretary (钱芳) makes the meeting, sends the notice and opens the vote; the chair
// (郑国华) and member1–3 vote, one of them 有条件同意 with a condition; the secretary closes the vote, records
// the conclusions and sends the minutes; the chair approves them, which drafts each decision. Then risk1 (陈静)
// makes and submits the decisions within their limits: one is approved by riskhead (赵立新) and the approver
// (蒋建平) — its terms on the business and its element items made — and one waits at level 2. Once.
import type { Kysely } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { termRange } from '../../../../src/domain/financing/financing-terms';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import { actorById, loadBusiness, transitionBusiness } from '../../modules/business/aggregate';
import { LIFECYCLE_ACCOUNTS } from '../../modules/business/seed';
import { boundsOf } from '../../modules/decision/store';
import { examineMinutes } from '../../modules/meeting/repository';
import { seededCommittee, walkToChairReview } from '../../modules/meeting/walk';
import type { Database } from '../database';
import { DEMO_TENANT_ID } from './demo-seed';

/** The businesses it walks are the report seed's; the people and grants the business and meeting seeds'; the products params-funds'. */
export const after = ['report', 'meeting', 'business', 'params-funds'];

const T = DEMO_TENANT_ID;
const idOf = (userName: string) => {
  const a = LIFECYCLE_ACCOUNTS.find((x) => x.userName === userName);
  if (!a) throw new Error(`no seeded person ${userName}`);
  return a.userId;
};

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  const done = await db
    .selectFrom('financing_decision')
    .select('business_id')
    .where('tenant_id', '=', T)
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const waiting = await db
    .selectFrom('financing_business')
    .select('business_id')
    .where('tenant_id', '=', T)
    .where('state', '=', 'MEETING/WAIT_SCHEDULE')
    .where('deleted', '=', false)
    .orderBy('business_id')
    .limit(2)
    .execute();
  if (waiting.length === 0) return;
  const m = await walkToChairReview(
    db,
    T,
    {
      title: `${businessDay(now).slice(0, 4)}年第1次融资评审会`,
      location: '远景大厦8楼第一会议室',
      businessIds: waiting.map((w) => w.business_id),
      // member2 agrees to the first item on a condition: it passes 有条件通过.
      vote: (voter, seq) => ({
        ...(voter === 'member2' && seq === 1
          ? { opinion: 'AGREE_WITH_CONDITIONS', conditions: ['放款前开立监管账户'] }
          : { opinion: 'AGREE' }),
        comment: '还款来源清晰，同意',
      }),
      minutes: '与会委员认为基础交易真实、还款来源清晰，同意上报融资决议。',
    },
    now,
  );
  const { chair } = await seededCommittee(db, T);
  await examineMinutes(
    db,
    T,
    { meetingId: m.meetingId, action: 'approveMinutes', version: m.version, comment: '同意' },
    chair,
    now,
  );

  for (const [k, w] of waiting.entries()) await walkDecision(db, w.business_id, now, { approve: k === 0 });
}

/**
 * The drafted decision of a business heard at a meeting, made and moved by the seeded people from `now`: risk1
 * (陈静) sets its terms within the limits (the product's lowest rate, 180 days unless `termDays` is given, held
 * within the product's range; the report's repayment method unless `repaymentMethod`, one of the product's, is
 * given) and submits, riskhead (赵立新) approves level 1, and with `approve` the approver
 * (蒋建平) level 2 — the terms on to the business and its element items made. All at `now`.
 */
export async function walkDecision(
  db: Kysely<Database>,
  businessId: string,
  now: Date,
  options: { approve: boolean; termDays?: number; repaymentMethod?: RepaymentMethod },
): Promise<void> {
  const risk1 = await actorById(db, T, idOf('risk1'));
  const riskhead = await actorById(db, T, idOf('riskhead'));
  const approver = await actorById(db, T, idOf('approver'));
  const business = await loadBusiness(db, T, businessId);
  const limits = await boundsOf(db, T, business, now);
  if (!limits) return;
  const term = termRange(limits.bounds);
  await db
    .updateTable('financing_decision')
    .set({
      annual_rate: limits.product.minRate,
      term_days: Math.min(Math.max(options.termDays ?? 180, term.min), term.max),
      guarantee_measures: '实际控制人提供连带责任保证',
      ...(options.repaymentMethod ? { repayment_method: options.repaymentMethod } : {}),
      updated_at: now,
    })
    .where('tenant_id', '=', T)
    .where('business_id', '=', businessId)
    .execute();
  let version = business.version;
  const move = async (actor: typeof risk1, action: string, comment?: string) => {
    const row = await transitionBusiness(db, {
      ...{ tenantId: T, businessId, actor, action, version, ...(comment ? { comment } : {}) },
      now,
    });
    version = row.version;
  };
  await move(risk1, 'submit', '批复条件在限额之内');
  await move(riskhead, 'approve', '同意');
  if (options.approve) await move(approver, 'approve', '同意，按决议条件落实');
}
