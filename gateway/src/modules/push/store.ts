// 推送's rows and rules (migration 0180): the pushes as Kysely sees them, the PUSH and CAPITAL_APPROVED checkpoint
// rules (whether the 转让通知书 reached the project company is the letters' to say, read by name), the product quota
// left (counted from the reservations, never a second counter), what the business's moves do to its latest push
// inside their transaction (review → the channel, the capital side's answer recorded and the quota reserved, the loan
// consuming it, 终止 releasing it), and what lending reads by name: the capital side's approved amount and the
// reservations of other businesses.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { LETTER_SOURCES } from '../../../../src/domain/financing/letters';
import { stageOf } from '../../../../src/domain/financing/lifecycle';
import {
  PUSH_LIST_PATH,
  PUSH_RESULT_LABEL,
  PUSH_SOURCES,
  type PushResult,
  capitalFeedbackOf,
  pushProblems,
  quotaProblems,
} from '../../../../src/domain/financing/push';
import type { Timestamp } from '../../db/column-types';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { type NullableColumn, NullableSchema, fenOf, wireFen } from '../../stage/stage-money';
import { isoColumn } from '../../stage/stage-columns';
import { readStageSource, registerStageSource } from '../../stage/stage-sources';
import { registerAfterTransition } from '../business/after-transition';
import { registerOfferedTodo } from '../../stage/stage-offered-todos';
import { registerCheckpoint, registerWriters } from '../business/facts';
import { channelOf } from './channel';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('push/store');

type Instant = Timestamp;
type Counter = ColumnType<number, number | undefined, number>;
type Nullable<T> = NullableColumn<T>;

export interface CapitalPushTable {
  push_id: string;
  tenant_id: string;
  business_id: string;
  push_no: string;
  channel: string;
  channel_code: Nullable<string>;
  capital_side_id: Nullable<string>;
  product_id: Nullable<string>;
  zhongdeng_query_no: string;
  package_file_id: string;
  package_sha256: string;
  acceptance_no: Nullable<string>;
  desk_token: Nullable<string>;
  result: ColumnType<string, string | undefined, string>;
  feedback_comment: Nullable<string>;
  feedback_at: Nullable<Date>;
  capital_ref_no: Nullable<string>;
  capital_approved_amount: ColumnType<string | bigint | null, bigint | null | undefined, bigint | null>;
  reservation: ColumnType<string, string | undefined, string>;
  created_by: string;
  created_at: Instant;
  pushed_at: Nullable<Date>;
  version: Counter;
  updated_at: Instant;
}

declare module '../../db/database' {
  interface Database {
    capital_push: CapitalPushTable;
  }
}

/** The file service's binding type of the push's package. */
export const PACKAGE_FILE_TYPE = 'pushPackage';

const iso = isoColumn;

/** A stored push as the screens read it (money 分 as a number). */
export const pushWireOf = (r: Selectable<CapitalPushTable>) => ({
  ...{ pushId: r.push_id, pushNo: r.push_no, channel: r.channel, channelCode: r.channel_code },
  ...{ zhongdengQueryNo: r.zhongdeng_query_no, packageFileId: r.package_file_id, packageSha256: r.package_sha256 },
  ...{ acceptanceNo: r.acceptance_no, result: r.result },
  resultLabel: PUSH_RESULT_LABEL[r.result as PushResult] ?? r.result,
  ...{ feedbackComment: r.feedback_comment, feedbackAt: iso(r.feedback_at), capitalRefNo: r.capital_ref_no },
  capitalApprovedAmount: r.capital_approved_amount === null ? null : wireFen(fenOf(r.capital_approved_amount)),
  ...{ reservation: r.reservation, createdAt: iso(r.created_at) as string, pushedAt: iso(r.pushed_at) },
});

const Null = NullableSchema;
const S = Type.String();
export const PushSchema = Type.Object(
  {
    ...{ pushId: S, pushNo: S, channel: S, channelCode: Null(S), zhongdengQueryNo: S, packageFileId: S },
    packageSha256: Type.String({ description: '资料包的SHA-256' }),
    acceptanceNo: Type.Union([Type.String({ description: '通道受理编号' }), Type.Null()]),
    ...{ result: S, resultLabel: S, feedbackComment: Null(S), feedbackAt: Null(S), capitalRefNo: Null(S) },
    capitalApprovedAmount: Type.Union([Type.Integer({ description: '资金方批复额（分）' }), Type.Null()]),
    reservation: Type.String({ description: 'NONE / RESERVED 已占用额度 / CONSUMED 已放款 / RELEASED 已释放' }),
    ...{ createdAt: S, pushedAt: Null(S) },
  },
  { additionalProperties: false },
);

/** The business's pushes, newest first. */
export async function pushesOf(db: Kysely<Database>, tenantId: string, businessId: string, lock = false) {
  const q = db
    .selectFrom('capital_push')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .orderBy('created_at', 'desc')
    .orderBy('push_id', 'desc');
  return (lock ? q.forUpdate() : q).execute();
}

// ---- the quota and the checkpoints ----

/** The business's product, its 批复金额, and the product's quota left after what is used and reserved elsewhere. */
export async function quotaOf(db: Kysely<Database>, tenantId: string, businessId: string, lock = false) {
  const b = await db
    .selectFrom('financing_business')
    .select(['product_id', 'approved_amount'])
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const approvedFen = fenOf(b.approved_amount);
  if (!b.product_id) return { productId: null, approvedFen, left: null };
  // The product row locked while a reservation is decided: two approvals at once never overbook it.
  const { rows } = await sql<{ quota: string; used_quota: string }>`select quota, used_quota from fund_product
    where tenant_id = ${tenantId} and product_id = ${b.product_id} ${lock ? sql`for update` : sql``}`.execute(db);
  const p = rows[0];
  if (!p) return { productId: b.product_id, approvedFen, left: null };
  const reserved = await reservedElsewhere(db, tenantId, b.product_id, businessId);
  return { productId: b.product_id, approvedFen, left: fenOf(p.quota) - fenOf(p.used_quota) - reserved };
}

async function reservedElsewhere(db: Kysely<Database>, tenantId: string, productId: string, businessId: string) {
  const r = await db
    .selectFrom('capital_push')
    .select(sql<string>`coalesce(sum(capital_approved_amount), 0)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where('reservation', '=', 'RESERVED')
    .where('business_id', '<>', businessId)
    .executeTakeFirst();
  return fenOf(r?.n ?? 0);
}

const businessIdOf = (record: unknown) => (record as { keyId?: string }).keyId;

// 推送's 提交: the 转让通知书 sent, the 中登 query recorded on the push, the quota holds the 批复金额.
extend(registerCheckpoint, 'PUSH', async (db, tenantId, record) => {
  const businessId = businessIdOf(record);
  if (!businessId) return [];
  const [sent, pushes, quota] = await Promise.all([
    readStageSource<boolean>(LETTER_SOURCES.noticeSent, db, tenantId, businessId),
    pushesOf(db, tenantId, businessId),
    quotaOf(db, tenantId, businessId),
  ]);
  const latest = pushes[0];
  return pushProblems({
    noticeSent: sent ?? false,
    zhongdengQueryNo: latest?.result === 'REVIEW' ? latest.zhongdeng_query_no : null,
    quotaLeft: quota.left,
    approvedFen: quota.approvedFen,
  });
});

// 资金方通过: the quota still holds the 批复金额 (the reservation itself is exact, in the move's transaction).
extend(registerCheckpoint, 'CAPITAL_APPROVED', async (db, tenantId, record) => {
  const businessId = businessIdOf(record);
  if (!businessId) return [];
  const quota = await quotaOf(db, tenantId, businessId);
  return quotaProblems(quota.left, quota.approvedFen);
});

// The push's maker never reviews it (四眼).
extend(registerWriters, 'PUSH', async (db, tenantId, businessId) => {
  const latest = (await pushesOf(db, tenantId, businessId))[0];
  return latest ? [latest.created_by] : [];
});

// Lending reads the capital side's approval and the other businesses' reservations by name.
extend(registerStageSource<number>, PUSH_SOURCES.capitalApproved, async (db, tenantId, businessId) => {
  const approved = (await pushesOf(db, tenantId, businessId)).find((p) => p.result === 'APPROVED');
  return approved ? wireFen(fenOf(approved.capital_approved_amount)) : undefined;
});
extend(registerStageSource<number>, PUSH_SOURCES.reservedElsewhere, async (db, tenantId, businessId) => {
  const b = await db
    .selectFrom('financing_business')
    .select('product_id')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return b?.product_id ? wireFen(await reservedElsewhere(db, tenantId, b.product_id, businessId)) : 0;
});

// ---- what the business's moves do to its latest push ----

extend(registerAfterTransition, 'push', async (db, done) => {
  const from = stageOf(done.from);
  const latest = (await pushesOf(db, done.tenantId, done.businessId, true))[0];
  if (!latest) return;
  const set = (values: Record<string, unknown>) =>
    db
      .updateTable('capital_push')
      .set({ ...values, version: sql`version + 1`, updated_at: done.now })
      .where('push_id', '=', latest.push_id)
      .execute();
  if (from === 'PUSH' && done.action === 'approve' && done.to === 'PUSH/PUSHED') {
    // Reviewed: the package goes to the capital side through its channel (the answer is the acceptance number).
    const sent = await channelOf(db, latest.channel_code)?.push(db, {
      ...{ tenantId: done.tenantId, businessId: done.businessId, pushId: latest.push_id, pushNo: latest.push_no },
      now: done.now,
    });
    await set({
      result: sent ? 'ACCEPTED' : 'PENDING',
      pushed_at: done.now,
      ...(sent ? { acceptance_no: sent.acceptanceNo, desk_token: sent.deskToken } : {}),
    });
  } else if (from === 'PUSH' && done.action === 'return') {
    await set({ result: 'RETURNED', feedback_comment: '推送审核退回', feedback_at: done.now });
  } else if (done.action === 'capitalFeedback') {
    const quota = await quotaOf(db, done.tenantId, done.businessId, true);
    const read = capitalFeedbackOf(done.values, quota.approvedFen);
    if (!read.ok) throw invalidInput(read.message);
    const f = read.feedback;
    const amount = f.capitalApprovedAmount;
    if (amount !== null) {
      const short = quotaProblems(quota.left, amount);
      if (short.length) throw invalidInput(short[0] as string);
    }
    await set({
      result: f.result,
      capital_ref_no: f.capitalRefNo,
      capital_approved_amount: amount,
      feedback_at: done.now,
      feedback_comment: typeof done.values.feedbackComment === 'string' ? done.values.feedbackComment : null,
      reservation: amount === null ? 'NONE' : 'RESERVED',
      desk_token: null,
    });
  } else if (latest.reservation === 'RESERVED' && from === 'LENDING' && stageOf(done.to) === 'REPAYING') {
    // The loan consumed the product's quota (lending's own effect); the reservation is spent with it.
    await set({ reservation: 'CONSUMED' });
  } else if (latest.reservation === 'RESERVED' && stageOf(done.to) === 'TERMINATED') {
    await set({ reservation: 'RELEASED' });
  }
});

// 我的待办's 待制作: a push awaiting the capital side whose answer the person may register (登记反馈), as the table
// offers it — the channel's callback may still come first.
extend(registerOfferedTodo, {
  ...{ name: 'push-feedback', tab: 'MAKE', stage: 'PUSH', states: ['PUSH/PUSHED'], action: 'capitalFeedback' },
  label: '资金方反馈待登记',
  link: (id) => `${PUSH_LIST_PATH}?id=${encodeURIComponent(id)}`,
});
