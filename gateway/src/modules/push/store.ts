// 推送 and 正式函件's rows and rules (migration 0180): the pushes and letters as Kysely sees them, the letters as
// the kit's stage items (their receipt — the 转让通知书's — 落实s the element condition through the items' own move),
// the PUSH and CAPITAL_APPROVED checkpoint rules, the product quota left (counted from the reservations, never a
// second counter), what the business's moves do to its latest push inside their transaction (review → the
// channel, the capital side's answer recorded and the quota reserved, the loan consuming it, 终止 releasing it),
// and what lending reads by name: the capital side's approved amount and the reservations of other businesses.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ELEMENT_ITEMS_SOURCE } from '../../../../src/domain/financing/elements';
import { stageOf } from '../../../../src/domain/financing/lifecycle';
import {
  LETTER_API,
  LETTER_ITEM_STATES,
  LETTER_ITEMS,
  LETTER_LIST_PATH,
  LETTER_STATUS_LABEL,
  LETTER_TYPE_LABEL,
  LetterMessage,
  type LetterItem,
  type LetterStatus,
  type LetterType,
  PUSH_LIST_PATH,
  PUSH_RESULT_LABEL,
  PUSH_SOURCES,
  type PushResult,
  SEND_METHOD_LABEL,
  type SendMethod,
  TRANSFER_NOTICE_CONDITION,
  capitalFeedbackOf,
  noticeSent,
  pushProblems,
  quotaProblems,
} from '../../../../src/domain/financing/push';
import type { Timestamp } from '../../db/column-types';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { type ItemMove, type ItemsDef, itemOf, itemRows, moveNamedItem } from '../../stage/stage-items';
import { type NullableColumn, NullableSchema, fenOf, wireFen } from '../../stage/stage-money';
import { isoColumn } from '../../stage/stage-columns';
import type { DocumentColumns } from '../../stage/stage-documents';
import { readStageSource, registerStageSource } from '../../stage/stage-sources';
import { registerAfterTransition } from '../business/after-transition';
import { systemActor } from '../business/aggregate';
import { registerOfferedTodo } from '../../stage/stage-offered-todos';
import { registerCheckpoint, registerWriters } from '../business/facts';
import { bindOwnFiles } from '../file/file-binding';
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

/** A letter: the kit's document (its series, evidence and maker) with what the letter adds. */
export interface FormalLetterTable extends DocumentColumns {
  name: string;
  letter_no: string;
  letter_version: Counter;
  letter_type: string;
  addressee_org_id: Nullable<string>;
  addressee_name: string;
  send_method: Nullable<string>;
  sent_at: Nullable<Date>;
  receipt_file_id: Nullable<string>;
  receipt_at: Nullable<Date>;
  note: Nullable<string>;
  version: Counter;
}

declare module '../../db/database' {
  interface Database {
    capital_push: CapitalPushTable;
    formal_letter: FormalLetterTable;
  }
}

/** The file service's binding types: the push's package, a letter's PDF, a letter's receipt. */
export const PACKAGE_FILE_TYPE = 'pushPackage';
export const LETTER_FILE_TYPE = 'formalLetter';
export const RECEIPT_FILE_TYPE = 'letterReceipt';

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

// ---- 正式函件 as stage items ----

export const letterOf = (r: Record<string, unknown>): LetterItem & { row: Record<string, unknown> } => ({
  ...itemOf<LetterStatus>(r),
  letterNo: String(r.letter_no),
  letterType: r.letter_type as LetterType,
  row: r,
});

export const letterWireOf = (i: LetterItem & { row?: Record<string, unknown> }) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  name: i.name,
  letterNo: i.letterNo,
  letterType: i.letterType,
  letterTypeLabel: LETTER_TYPE_LABEL[i.letterType],
  addresseeName: String(i.row?.addressee_name ?? ''),
  fileId: String(i.row?.file_id ?? ''),
  fileSha256: String(i.row?.file_sha256 ?? ''),
  status: i.status,
  statusLabel: LETTER_STATUS_LABEL[i.status],
  sendMethod: (i.row?.send_method as string | null) ?? null,
  sendMethodLabel: i.row?.send_method ? SEND_METHOD_LABEL[i.row.send_method as SendMethod] : null,
  sentAt: iso(i.row?.sent_at),
  receiptFileId: (i.row?.receipt_file_id as string | null) ?? null,
  receiptAt: iso(i.row?.receipt_at),
  note: (i.row?.note as string | null) ?? null,
  createdAt: iso(i.row?.created_at) ?? '',
  version: i.version,
});

export const LetterSchema = Type.Object(
  {
    ...{ keyId: S, businessId: S, seq: Type.Integer(), name: S, letterNo: S, letterType: S, letterTypeLabel: S },
    ...{ addresseeName: S, fileId: S, fileSha256: Type.String({ description: '存档PDF的SHA-256' }) },
    ...{ status: S, statusLabel: S, sendMethod: Null(S), sendMethodLabel: Null(S), sentAt: Null(S) },
    ...{ receiptFileId: Null(S), receiptAt: Null(S), note: Null(S), createdAt: S, version: Type.Integer() },
  },
  { additionalProperties: false },
);

export const LETTERS: ItemsDef<LetterStatus, LetterItem> = {
  name: 'formalLetter',
  api: LETTER_API,
  menu: LETTER_LIST_PATH,
  table: 'formal_letter',
  workflow: LETTER_ITEMS,
  states: LETTER_ITEM_STATES,
  messages: { notFound: LetterMessage.notFound, stale: LetterMessage.stale },
  fromRow: letterOf,
  wire: { schema: LetterSchema, of: (i) => letterWireOf(i) },
  write(_item, move) {
    if (move.action === 'send') return { send_method: String(move.values.sendMethod), sent_at: move.now };
    if (move.action === 'receipt') return { receipt_file_id: String(move.values.receiptFileId), receipt_at: move.now };
    return { note: move.comment };
  },
  async after(trx, item, move) {
    if (move.action !== 'receipt') return;
    const fileId = String(move.values.receiptFileId);
    await bindOwnFiles(trx, { tenantId: move.tenantId, userId: move.actor.userId }, [fileId], {
      type: RECEIPT_FILE_TYPE,
      id: item.itemId,
    });
    if (item.letterType === 'TRANSFER_NOTICE') await noticeReceipted(trx, item, move, fileId);
  },
};

/** The 转让通知书's receipt 落实s the element condition by itself: the system's move of that item, on the kit. */
async function noticeReceipted(trx: Kysely<Database>, letter: LetterItem, move: ItemMove<string>, fileId: string) {
  const { tenantId, now } = move;
  type Wire = { keyId: string; kind: string; name: string; status: string; version: number };
  const items = (await readStageSource<Wire[]>(ELEMENT_ITEMS_SOURCE, trx, tenantId, letter.businessId)) ?? [];
  const open = items.find(
    (i) =>
      i.kind === 'CONDITION' &&
      i.name === TRANSFER_NOTICE_CONDITION &&
      (i.status === 'PENDING' || i.status === 'WAIVER_ASKED'),
  );
  if (!open) return;
  await moveNamedItem(trx, 'elementItem', {
    tenantId,
    actor: systemActor(),
    now,
    id: open.keyId,
    body: {
      ...{ action: 'confirmByRecord', version: open.version },
      values: { actualValue: `${letter.letterNo} 已回执`, evidenceFileId: fileId },
    },
  });
}

/** The business's letters, in their order. */
export const lettersOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db, LETTERS.table, tenantId, businessId)).map(letterOf);

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
  const [letters, pushes, quota] = await Promise.all([
    lettersOf(db, tenantId, businessId),
    pushesOf(db, tenantId, businessId),
    quotaOf(db, tenantId, businessId),
  ]);
  const latest = pushes[0];
  return pushProblems({
    noticeSent: noticeSent(letters),
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
