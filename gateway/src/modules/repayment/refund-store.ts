// 退还登记 on the stage kit's items (src/domain/financing/repayment-refund.ts): the rows of `repayment_refund`
// (migration 0270; money bigint 分). A registration names a confirmed repayment of the business and refunds at most
// what is still to refund of its 待退还 — the repayment row is locked first, so two registrations or confirmations
// of the same repayment take their turns and never refund more than it holds; its receipt is bound through the
// file service and the review of REPAYMENT is snapshotted, as a repayment's is. The last level's confirmation adds
// the amount to the repayment's `refunded` (a check of the table keeps it within 待退还). A rejection writes the
// refund only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import {
  REFUND_API,
  REFUND_ITEMS,
  REFUND_STATES,
  REFUND_STATUS_LABEL,
  type Refund,
  RefundMessage,
  type RefundDraft,
  refundProblems,
} from '../../../../src/domain/financing/repayment-refund';
import { REPAYMENT_LIST_PATH } from '../../../../src/domain/financing/repayment';
import { ROLE } from '../../../../src/domain/financing/roles';
import type { Database } from '../../db/database';
import { tenantRows } from '../../db/tenant-rows';
import { invalidInput } from '../../plugins/envelope';
import { moduleExtensions } from '../../stage/extensions';
import { itemRows } from '../../stage/stage-items';
import { DaySchema, type DayColumn, type FenColumn, FenSchema, dayOf, fenOf, wireFen } from '../../stage/stage-money';
import { type ReviewedRecordTable, reviewedItems, reviewedOfRow, reviewedTodo } from '../../stage/stage-reviewed-items';
import { confirmLink } from './store';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('repayment/refund-store');

export interface RepaymentRefundTable extends ReviewedRecordTable {
  repayment_id: string;
  refund_no: string;
  amount: FenColumn;
  refund_date: DayColumn;
}

declare module '../../db/database' {
  interface Database {
    repayment_refund: RepaymentRefundTable;
  }
}

/** The file service's binding type of a refund's receipt (退款回单). */
export const REFUND_RECEIPT_TYPE = 'repaymentRefundReceipt';

type Stored = Refund & { refundNo: string; checkComment: string | null };

const fromRow = (r: Record<string, unknown>): Stored => ({
  ...reviewedOfRow(r),
  name: String(r.refund_no),
  refundNo: String(r.refund_no),
  repaymentId: String(r.repayment_id),
  amountFen: fenOf(r.amount),
  refundDate: dayOf(r.refund_date) as string,
});

/** The repayment refunded, locked: its 待退还, what confirmed refunds took, and what waiting ones hold. */
async function lockedRepayment(db: Kysely<Database>, tenantId: string, businessId: string, repaymentId: string) {
  const r = await tenantRows(db, 'repayment', tenantId, { business_id: businessId, item_id: repaymentId })
    .select(['item_id', 'status', 'value_date', 'unapplied', 'refunded'])
    .forUpdate()
    .executeTakeFirst();
  if (r?.status !== 'CONFIRMED') throw invalidInput(RefundMessage.repayment);
  const waiting = await tenantRows(db, 'repayment_refund', tenantId, { repayment_id: repaymentId, status: 'PENDING' })
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
    .executeTakeFirstOrThrow();
  return {
    valueDate: dayOf(r.value_date) as string,
    unapplied: fenOf(r.unapplied),
    refunded: fenOf(r.refunded),
    waiting: BigInt(waiting.sum),
  };
}

export const REFUNDS = reviewedItems<Stored>({
  items: {
    ...{ name: 'repaymentRefund', api: REFUND_API, menu: REPAYMENT_LIST_PATH, table: 'repayment_refund' },
    ...{ states: REFUND_STATES, messages: RefundMessage, fromRow },
    async after(trx, item, move) {
      if (move.action !== 'confirm' || move.to !== 'CONFIRMED') return;
      const r = await lockedRepayment(trx, move.tenantId, item.businessId, item.repaymentId);
      // This refund was among those waiting; the repayment's check refuses a sum above 待退还 in any case.
      if (r.refunded + item.amountFen > r.unapplied) throw invalidInput(RefundMessage.over(r.unapplied - r.refunded));
      await trx
        .updateTable('repayment')
        .set({ refunded: sql`refunded + ${item.amountFen}` })
        .where('tenant_id', '=', move.tenantId)
        .where('item_id', '=', item.repaymentId)
        .execute();
    },
  },
  workflow: REFUND_ITEMS,
  labels: REFUND_STATUS_LABEL,
  wire: {
    properties: {
      ...{ repaymentId: Type.String(), refundNo: Type.String(), amount: FenSchema('退还金额（分）') },
      refundDate: Type.String(),
    },
    of: (i) => ({
      repaymentId: i.repaymentId,
      refundNo: i.refundNo,
      amount: wireFen(i.amountFen),
      refundDate: i.refundDate,
    }),
  },
  // Confirmed as a repayment is: REPAYMENT as configured now, the registrar out.
  register: {
    summary: '登记退还（还款、退还金额（分）、退还日期、银行流水号、退款回单），待另一位财务确认',
    ...{ who: [ROLE.FINANCE], noColumn: 'refund_no', kind: 'refund', review: 'REPAYMENT' },
    ...{ receipt: '退款回单', receiptType: REFUND_RECEIPT_TYPE, flowTaken: RefundMessage.flowTaken },
    body: {
      repaymentId: Type.String({ maxLength: 40, description: '退还的还款（已确认、有待退还金额）' }),
      amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '退还金额（分）' }),
      refundDate: DaySchema('退还日期，不晚于今天'),
    },
    async columns(
      trx,
      businessId,
      body: Omit<RefundDraft, 'amountFen'> & { repaymentId: string; amount: number },
      who,
    ) {
      const r = await lockedRepayment(trx, who.tenantId, businessId, body.repaymentId);
      const amountFen = BigInt(body.amount);
      const left = r.unapplied - r.refunded - r.waiting;
      const problems = refundProblems({ ...body, amountFen }, businessDay(who.now), r.valueDate, left);
      if (problems.length > 0) throw invalidInput(problems.join('；'));
      return { repayment_id: body.repaymentId, amount: amountFen, refund_date: body.refundDate };
    },
  },
});

// 我的待办 › 待审核: each refund waiting that the item table lets this person confirm now; it opens on 还款登记.
extend(
  reviewedTodo(REFUNDS, {
    ...{ itemType: 'REFUND', label: '退还确认', stage: 'REPAYING', link: confirmLink },
    amount: (i) => wireFen(i.amountFen),
  }),
);

/** The business's refunds, for a walk or a test. */
export const refundsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db as never, 'repayment_refund', tenantId, businessId)).map(fromRow);
