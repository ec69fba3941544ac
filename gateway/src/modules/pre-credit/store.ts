// The pre-credit's own rows and the facts of its rule: its draft written beside a new business (from
// applyForRufs, or when a demand is accepted), the basis orders it names, and the SUBMIT_PRE_CREDIT rule
// (BUSINESS.md §1.3 stage 1, §3) that B's aggregate runs before the table lets 提交 through.
import { sameTenant } from '../../stage/stage-joins';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { type Kysely, sql } from 'kysely';
import { eligibleAmount } from '../../../../src/domain/assets/eligible-amount';
import { type BusinessRecord, REVIEW_STAGES, stageOf } from '../../../../src/domain/financing/lifecycle';
import {
  type BasisOrder,
  APPROVED_AMOUNT_KEY,
  PRE_CREDIT_GOVERNS,
  PRE_CREDIT_VALID_DAYS,
  approvedAmountOf,
  financingRatio,
  hasFinanceableLife,
  submitPreCreditProblems,
  validTo,
} from '../../../../src/domain/financing/pre-credit-rules';
import type { PreCreditSection } from '../../../../src/domain/financing/business-list';
import { expiryProblems } from '../../../../src/domain/financing/expiry';
import type { Database } from '../../db/database';
import { tenantRows } from '../../db/tenant-rows';
import { recordProblems } from '../../stage/stage-record-problems';
import type { DueBusiness } from '../business/expire';
import { registerDetailSection } from '../business/detail-sections';
import { registerAfterTransition } from '../business/after-transition';
import { registerCheckpoint } from '../business/facts';
import './tables';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, fenOrNullOf, wireFen } from '../../stage/stage-money';
import { orderQuery, withOrderCaps } from '../../stage/stage-orders';
import { registerStageHandoff } from '../../stage/stage-handoffs';
import { registerStageSource } from '../../stage/stage-sources';
import { insertNumbered } from '../../stage/stage-numbered';
import {
  PRE_CREDIT_DRAFT_HANDOFF,
  PRE_CREDIT_SOURCES,
  type PreCreditDraft,
} from '../../../../src/domain/financing/pre-credit';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('pre-credit/store');

/** A pre-credit's row, numbered YS+yyyyMMdd+seq. */
const PRE_CREDIT_ROW = { table: 'pre_credit', kind: 'preCredit', no: 'pre_credit_no' } as const;

/** The pre-credit of a new business, valid `validDays` (90) from today. Answers its number. */
export async function createPreCreditDraft(trx: Kysely<Database>, d: PreCreditDraft): Promise<string> {
  const days = d.validDays ?? PRE_CREDIT_VALID_DAYS;
  const from = businessDay(d.now);
  return insertNumbered(trx, PRE_CREDIT_ROW, d, {
    business_id: d.businessId,
    apply_amount: d.applyAmount,
    valid_days: days,
    valid_from: from,
    valid_to: validTo(from, days),
    basis_order_ids: JSON.stringify(d.basisOrderIds),
    created_by: d.userId,
  });
}

const idsOf = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** An order as the pre-credit rule and the make page read it. */
export interface OrderFact extends BasisOrder {
  projectCompanyId: string | null;
  projectCompanyName: string | null;
  dueDate: string;
  receivableAmount: number;
  confirmedAmount: number | null;
}

function toOrder(r: Record<string, unknown>): OrderFact {
  const confirmed = fenOrNullOf(r.confirmed_amount);
  return {
    orderId: String(r.order_id),
    orderNo: String(r.order_no),
    supplierId: String(r.supplier_id),
    confirmStatus: String(r.status),
    locked: r.locked === 'YES',
    eligibleAmount: wireFen(
      eligibleAmount({
        confirmedAmount: confirmed,
        paidAmount: fenOrNullOf(r.paid_amount),
        reservedAmount: fenOrNullOf(r.reserved_amount),
        financedAmount: fenOrNullOf(r.financed_amount),
      }),
    ),
    projectCompanyId: r.project_company_id == null ? null : String(r.project_company_id),
    projectCompanyName: r.project_company_name == null ? null : String(r.project_company_name),
    dueDate: String(r.due_date).slice(0, 10),
    receivableAmount: wireFen(fenOf(r.receivable_amount)),
    confirmedAmount: confirmed === null ? null : wireFen(confirmed),
  };
}

/** The orders of these ids in the tenant. */
export async function ordersByIds(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
): Promise<OrderFact[]> {
  if (ids.length === 0) return [];
  const rows = await orderQuery(db, tenantId)
    .where('o.order_id', 'in', [...ids])
    .execute();
  return rows.map(toOrder);
}

/**
 * The orders a pre-credit of this supplier (and project company) may rest on on `today` ('YYYY-MM-DD',
 * Asia/Shanghai): confirmed, unlocked, eligible > 0, and at least 30 days from their due date.
 */
export async function eligibleOrders(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  projectCompanyId: string | null,
  today: string,
): Promise<OrderFact[]> {
  let query = orderQuery(db, tenantId)
    .where('o.supplier_id', '=', supplierId)
    .where('o.status', '=', 'CONFIRMED')
    .where('o.locked', '=', 'NO');
  if (projectCompanyId) query = query.where('o.project_company_id', '=', projectCompanyId);
  const rows = await query.orderBy('o.due_date').orderBy('o.order_id').limit(500).execute();
  return rows.map(toOrder).filter((o) => o.eligibleAmount > 0 && hasFinanceableLife(o.dueDate, today));
}

/** The pre-credit as stored: the detail's figures, with its business and its basis orders by id. */
export interface StoredPreCredit extends Omit<PreCreditSection, 'orders'> {
  businessId: string;
  basisOrderIds: string[];
}

export async function loadPreCredit(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
): Promise<StoredPreCredit | null> {
  const r = await tenantRows(db, 'pre_credit', tenantId, { business_id: businessId })
    .select([
      'business_id',
      'pre_credit_no',
      'apply_amount',
      'approved_amount',
      'valid_days',
      sql<string | null>`valid_from::text`.as('valid_from'),
      sql<string | null>`valid_to::text`.as('valid_to'),
      'basis_order_ids',
    ])
    .executeTakeFirst();
  if (!r) return null;
  return {
    businessId: String(r.business_id),
    preCreditNo: String(r.pre_credit_no),
    applyAmount: wireFen(fenOf(r.apply_amount)),
    approvedAmount: r.approved_amount == null ? null : wireFen(fenOf(r.approved_amount)),
    validDays: Number(r.valid_days),
    validFrom: r.valid_from,
    validTo: r.valid_to,
    basisOrderIds: idsOf(r.basis_order_ids),
  };
}

// The demand's 受理 opens the business with its pre-credit draft, in the acceptance's transaction.
extend(registerStageHandoff<PreCreditDraft>, PRE_CREDIT_DRAFT_HANDOFF, async (trx, draft) => {
  await createPreCreditDraft(trx, draft);
});

// What the application reads of its pre-credit: the validity it must still be within when submitted, and the
// amount approved (as the list reads it), which its lines are held to.
extend(registerStageSource<string | null>, PRE_CREDIT_SOURCES.validTo, async (db, tenantId, businessId) => {
  const stored = await loadPreCredit(db, tenantId, businessId);
  return stored?.validTo;
});
extend(registerStageSource<bigint | null>, PRE_CREDIT_SOURCES.approvedAmount, async (db, tenantId, businessId) => {
  const view = await tenantRows(db, 'pre_credit_view', tenantId, { pre_credit_id: businessId })
    .select(['approved_amount'])
    .executeTakeFirst();
  return view?.approved_amount == null ? null : fenOf(view.approved_amount);
});

export const PreCreditStoreMessage = { missing: '预授信不存在' } as const;

// SUBMIT_PRE_CREDIT: the gateway loads the numbers — each order at its own project company's cap, whatever
// company the business names — and the pure rule decides.
const preCreditProblems = recordProblems(
  loadPreCredit,
  PreCreditStoreMessage.missing,
  async (db, tenantId, record: BusinessRecord & { keyId: string; productId?: string | null }, preCredit, now) => {
    const found = await ordersByIds(db, tenantId, preCredit.basisOrderIds);
    const capped = await withOrderCaps(db as Kysely<Database>, tenantId, found, record.productId ?? null, now);
    return submitPreCreditProblems({
      supplierId: record.supplierId,
      applyAmount: preCredit.applyAmount,
      basisOrderIds: preCredit.basisOrderIds,
      orders: capped.orders,
      singleMax: capped.singleMax,
      today: businessDay(now),
    });
  },
);
extend(registerCheckpoint, 'SUBMIT_PRE_CREDIT', (db, tenantId, record, now) =>
  preCreditProblems(db, tenantId, record as BusinessRecord & { keyId: string }, now),
);

// EXPIRE: the business may become 已失效 once the validity governing it lapsed — its pre-credit's, or, once
// approved, its decision's (the pure rule decides which and when).
extend(registerCheckpoint, 'EXPIRE', async (db, tenantId, record: BusinessRecord, now) => {
  const businessId = (record as BusinessRecord & { keyId?: string }).keyId;
  const [preCredit, business] = businessId
    ? await Promise.all([
        loadPreCredit(db, tenantId, businessId),
        tenantRows(db, 'financing_business', tenantId, { business_id: businessId })
          .select(sql<string | null>`decision_valid_until::text`.as('decision_valid_until'))
          .executeTakeFirst(),
      ])
    : [null, undefined];
  return expiryProblems({
    stage: stageOf(record.state),
    preCreditValidTo: preCredit?.validTo ?? null,
    decisionValidUntil: business?.decision_valid_until ?? null,
    today: businessDay(now),
  });
});

/**
 * The daily job's part for pre-credits: every business of every tenant whose pre-credit lapsed by `now` while it
 * or its application was being made or reviewed (the job makes each 已失效, business/expire.ts).
 */
export async function lapsedPreCredits(db: Kysely<Database>, now: Date): Promise<DueBusiness[]> {
  const due = await db
    .selectFrom('financing_business as b')
    .innerJoin('pre_credit as p', sameTenant('p', 'b', 'business_id'))
    .select(['b.tenant_id', 'b.business_id'])
    .where('b.deleted', '=', false)
    .where('b.stage', 'in', [...PRE_CREDIT_GOVERNS])
    .where('p.valid_to', '<', businessDay(now))
    .orderBy('b.business_id')
    .execute();
  return due as DueBusiness[];
}

// The last level's 通过 stores the 批复额度 it carried (the applied amount when none), which the application is
// then held to; the lifecycle table has checked it against the applied amount already.
const PRE_CREDIT_REVIEW = REVIEW_STAGES.find((s) => s.type === 'PRE_CREDIT');
extend(registerAfterTransition, 'pre-credit-approved-amount', async (trx, done) => {
  if (done.action !== 'approve' || done.from !== PRE_CREDIT_REVIEW?.pending || done.to !== PRE_CREDIT_REVIEW.next)
    return;
  const row = await tenantRows(trx, 'pre_credit', done.tenantId, { business_id: done.businessId })
    .select('apply_amount')
    .executeTakeFirst();
  if (!row) return;
  await trx
    .updateTable('pre_credit')
    .set({
      approved_amount: approvedAmountOf(done.values[APPROVED_AMOUNT_KEY], fenOf(row.apply_amount)),
      updated_at: done.now,
    })
    .where('tenant_id', '=', done.tenantId)
    .where('business_id', '=', done.businessId)
    .execute();
});

// 业务详情's 预授信 tab: the amounts (批复 as the list reads it, the applied amount once the review passed) and
// the basis orders with what each could still finance.
extend(registerDetailSection, 'preCredit', async (db, tenantId, businessId, now) => {
  const stored = await loadPreCredit(db as Kysely<Database>, tenantId, businessId);
  if (!stored) return null;
  const [view, orders] = await Promise.all([
    tenantRows(db as Kysely<Database>, 'pre_credit_view', tenantId, { pre_credit_id: businessId })
      .select('approved_amount')
      .executeTakeFirst(),
    ordersByIds(db as Kysely<Database>, tenantId, stored.basisOrderIds),
  ]);
  const capped = await withOrderCaps(db, tenantId, orders, null, now);
  return {
    preCreditNo: stored.preCreditNo,
    applyAmount: stored.applyAmount,
    approvedAmount: view?.approved_amount == null ? null : wireFen(fenOf(view.approved_amount)),
    validDays: stored.validDays,
    validFrom: stored.validFrom,
    validTo: stored.validTo,
    orders: capped.orders.map((o) => ({
      orderNo: o.orderNo,
      projectCompanyName: o.projectCompanyName,
      dueDate: o.dueDate,
      eligibleAmount: o.eligibleAmount,
      ratio: financingRatio(o.ratio),
    })),
  };
});
