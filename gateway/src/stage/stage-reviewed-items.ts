// The gateway half of a registered record confirmed by a second pair of eyes (src/domain/workflow/reviewed-items.ts:
// a repayment, a refund of one): the columns every such table has — its bank flow number and receipt, its
// registrar, its review snapshotted at registration, who checked it and why — read, written and put on the wire
// once. A registration refuses a flow number another record still holds, takes the document's number, binds the
// receipt (the registrar's own upload) through the file service and snapshots the review type as the
// administrator configured it now, the registrar out; each move writes who acted and the review after it.
import { type ColumnType, type Kysely, sql } from 'kysely';
import { type TProperties, Type } from 'typebox';
import type { DocumentKind } from '../../../src/domain/document-numbers';
import type { ReviewState } from '../../../src/domain/financing/review';
import type { ReviewType, Stage } from '../../../src/domain/financing/stages';
import type { ItemFacts } from '../../../src/domain/workflow/items';
import {
  type ReviewedItem,
  type ReviewedStatus,
  reviewAfter,
  reviewedStanding,
} from '../../../src/domain/workflow/reviewed-items';
import type { WorkflowTable } from '../../../src/domain/workflow/workflow';
import type { Database } from '../db/database';
import { type Actor, nextDocumentNo, reviewOnSubmit } from '../modules/business/aggregate';
import { bindOwnFiles } from '../modules/file/file-binding';
import { invalidInput } from '../plugins/envelope';
import type { ItemCreate, ItemMove, ItemsDef } from './stage-items';
import type { NullableColumn } from './stage-money';
import { pendingItemTodo } from './stage-pending-todos';
import { type TablesWith, kitDb } from './stage-tables';

/** The columns every reviewed record's table has besides its own (its number, amount and days). */
export interface ReviewedRecordTable {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  flow_no: string;
  receipt_file_id: string;
  status: ColumnType<string, string | undefined, string>;
  registrar_id: string;
  review: NullableColumn<string>;
  checked_by: NullableColumn<string>;
  checked_at: NullableColumn<Date>;
  check_comment: NullableColumn<string>;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The record's own columns as the domain reads them, past the item's. */
export const reviewedOfRow = (r: Record<string, unknown>) => ({
  itemId: String(r.item_id),
  businessId: String(r.business_id),
  seq: Number(r.seq),
  status: r.status as ReviewedStatus,
  version: Number(r.version),
  flowNo: String(r.flow_no),
  receiptFileId: String(r.receipt_file_id),
  registrarId: String(r.registrar_id),
  review: (typeof r.review === 'string' ? JSON.parse(r.review) : (r.review ?? null)) as ReviewState | null,
  checkComment: (r.check_comment as string | null) ?? null,
});

type Reviewed = ReviewedItem & { flowNo: string; receiptFileId: string; checkComment: string | null };

/** What every such record says on the wire; `statusLabel` says where it stands (第1级已确认，待第2级确认). */
export const reviewedWire = (i: Reviewed, labels: Readonly<Record<ReviewedStatus, string>>) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  flowNo: i.flowNo,
  receiptFileId: i.receiptFileId,
  status: i.status,
  statusLabel: reviewedStanding(labels, i),
  level: i.review?.level ?? null,
  levels: i.review?.snapshot.levels.length ?? null,
  checkComment: i.checkComment,
  version: i.version,
});

/** The level a record waits at and how many its review has, for its to-do. */
export const reviewLevel = (i: Pick<ReviewedItem, 'review'>) =>
  i.review ? { level: i.review.level, levels: i.review.snapshot.levels.length } : null;

/** The wire's schema of those fields. */
export const ReviewedWireProperties = {
  ...{ keyId: Type.String(), businessId: Type.String(), seq: Type.Integer(), flowNo: Type.String() },
  ...{ receiptFileId: Type.String(), status: Type.String(), statusLabel: Type.String() },
  ...{ level: Type.Union([Type.Integer(), Type.Null()]), levels: Type.Union([Type.Integer(), Type.Null()]) },
  ...{ checkComment: Type.Union([Type.String(), Type.Null()]), version: Type.Integer() },
} satisfies TProperties;

/** The registration body's flow number and receipt. */
export const receiptBody = (receipt: string) => ({
  flowNo: Type.String({ maxLength: 40, description: '银行流水号' }),
  receiptFileId: Type.String({ maxLength: 40, description: `${receipt}（文件服务的 keyId）` }),
});

/** A move's columns: who acted, when and why, and the review after their opinion. */
export const reviewedWrite = (item: Reviewed, move: ItemMove<ReviewedStatus>) => ({
  checked_by: move.actor.userId,
  checked_at: move.now,
  check_comment: move.comment || null,
  ...(item.review ? { review: JSON.stringify(reviewAfter(item.review, move.actor.userId, move.action)) } : {}),
});

/** What a reviewed record's table carries for the registration's check: its tenant, flow number and status. */
interface ReviewedColumns {
  tenant_id: string;
  flow_no: string;
  status: string;
}
type ReviewedTable = TablesWith<ReviewedColumns>;

/** How a table registers: its table and number column, the document kind, the receipt's binding and review type. */
export interface ReviewedRegistration {
  table: ReviewedTable;
  noColumn: string;
  kind: DocumentKind;
  receiptType: string;
  review: ReviewType;
  flowTaken: string;
}

/** A registration's shared columns (or a refusal thrown), in the item's transaction. */
export async function reviewedColumns(
  trx: Kysely<Database>,
  reg: ReviewedRegistration,
  businessId: string,
  who: { tenantId: string; actor: Actor; now: Date },
  body: { flowNo: string; receiptFileId: string },
) {
  const flowNo = body.flowNo.trim();
  // The number's column is the registration's own, named by it.
  const taken = (await kitDb<ReviewedColumns, ReviewedTable>(trx)
    .selectFrom(reg.table)
    .select(sql.ref<string>(reg.noColumn).as('no'))
    .where('tenant_id', '=', who.tenantId)
    .where('flow_no', '=', flowNo)
    .where('status', '<>', 'REJECTED')
    .executeTakeFirst()) as { no: string } | undefined;
  if (taken) throw invalidInput(`${reg.flowTaken}（${taken.no}）`);
  const no = await nextDocumentNo(trx, who.tenantId, reg.kind, who.now);
  const caller = { tenantId: who.tenantId, userId: who.actor.userId };
  await bindOwnFiles(trx, caller, [body.receiptFileId], { type: reg.receiptType, id: businessId });
  const review = await reviewOnSubmit(trx, who.tenantId, reg.review, who.actor.userId, null, []);
  return {
    [reg.noColumn]: no,
    ...{ flow_no: flowNo, receipt_file_id: body.receiptFileId, registrar_id: who.actor.userId },
    review: JSON.stringify(review),
  };
}

type Who = Parameters<ItemCreate<ReviewedStatus>['columns']>[3];

/**
 * A reviewed record's items on the kit: the stage names its table, words, own wire fields and own registration
 * (its body, its checks and columns); the shared columns, wire, moves and the receipt's registration are these.
 */
export function reviewedItems<I extends Reviewed>(def: {
  items: Omit<ItemsDef<ReviewedStatus, I>, 'workflow' | 'wire' | 'write' | 'create'>;
  workflow: WorkflowTable<ReviewedStatus, never, ItemFacts>;
  labels: Readonly<Record<ReviewedStatus, string>>;
  wire: { properties: TProperties; of(item: I): object };
  register: Omit<ReviewedRegistration, 'table'> & {
    summary: string;
    who: readonly string[];
    receipt: string;
    body: TProperties;
    /** The record's own columns for the body, or a refusal thrown, in the item's transaction. */
    columns(trx: Kysely<Database>, businessId: string, body: never, who: Who): Promise<Record<string, unknown>>;
  };
}): ItemsDef<ReviewedStatus, I> {
  const reg = { ...def.register, table: def.items.table as ReviewedTable };
  return {
    ...def.items,
    workflow: def.workflow as unknown as ItemsDef<ReviewedStatus, I>['workflow'],
    wire: {
      schema: Type.Object({ ...ReviewedWireProperties, ...def.wire.properties }, { additionalProperties: false }),
      of: (i) => ({ ...reviewedWire(i, def.labels), ...def.wire.of(i) }),
    },
    write: reviewedWrite,
    create: {
      ...{ summary: reg.summary, op: 'add', who: reg.who, duplicate: reg.flowTaken, status: 'PENDING' },
      body: { ...reg.body, ...receiptBody(reg.receipt) },
      async columns(trx, business, raw, who) {
        const body = raw as { flowNo: string; receiptFileId: string };
        const own = await reg.columns(trx, business.keyId, body as never, who);
        return { ...(await reviewedColumns(trx, reg, business.keyId, who, body)), ...own };
      },
    },
  };
}

/** 我的待办 › 待审核: each record waiting that its table lets this person confirm now, opened on `link`. */
export const reviewedTodo = <I extends Reviewed>(
  items: ItemsDef<ReviewedStatus, I>,
  todo: { itemType: string; label: string; stage: Stage; amount(i: I): number; link(businessId: string): string },
) => pendingItemTodo<ReviewedStatus, I>({ ...todo, tab: 'REVIEW', items, waiting: 'PENDING', level: reviewLevel });
