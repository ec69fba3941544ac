// 还款登记's items on the stage kit (gateway/src/stage/stage-items.ts; src/domain/financing/repayment.ts): the rows
// of `repayment` and `repayment_allocation` (migration 0190; money bigint 分, read as bigint into the domain), a
// registration's columns (its receipt bound, its review of REPAYMENT snapshotted: stage-reviewed-items.ts), and what
// the last level's confirmation does in the item's transaction — the installments applied to by the one pure
// function, every part stored as it went, the quota and the orders released by the principal repaid, and the
// business moved through the aggregate with the outcome the installments give (还款中, 已结清, 提前结清). A
// rejection writes the repayment only.
import { sameTenant } from '../../stage/stage-joins';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { dueDay } from '../../../../src/domain/calendar/close-of-business';
import {
  REPAYMENT_ALLOCATIONS_SOURCE,
  REPAYMENT_API,
  REPAYMENT_ITEMS,
  REPAYMENT_LIST_PATH,
  REPAYMENT_STATES,
  REPAYMENT_STATUS_LABEL,
  type Repayment,
  RepaymentMessage,
  type RepaymentDraft,
  type RepaymentStatus,
  registrationProblems,
} from '../../../../src/domain/financing/repayment';
import { type AppliedRepayment, applyRepayment } from '../../../../src/domain/financing/repayment-apply';
import type { StoredInstallment } from '../../../../src/domain/financing/repayment-plan';
import { ROLE } from '../../../../src/domain/financing/roles';
import type { Database, Db } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { moduleExtensions } from '../../stage/extensions';
import { type ItemMove, itemRows } from '../../stage/stage-items';
import { catchUpLoan, loadInstallments, loadLoan } from '../../stage/stage-loans';
import {
  DaySchema,
  type DayColumn,
  type FenColumn,
  type FenDefaulted,
  FenSchema,
  dayOf,
  fenOf,
  wireFen,
} from '../../stage/stage-money';
import { type ReviewedRecordTable, reviewedItems, reviewedOfRow, reviewedTodo } from '../../stage/stage-reviewed-items';
import { businessHit, numberSearch, registerDocumentSearch } from '../../stage/stage-search';
import { releaseByPrincipal } from '../../stage/stage-quota-orders';
import { registerStageSource } from '../../stage/stage-sources';
import { rateText } from '../../stage/stage-terms';
import { loadBusiness, transitionBusiness } from '../business/aggregate';
import { registerBusinessFiles } from '../business/attachments';
import { registerCheckpoint } from '../business/facts';
import { newId } from '../../ids';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('repayment/store');

export interface RepaymentTable extends ReviewedRecordTable {
  repayment_no: string;
  payer: string;
  amount: FenColumn;
  value_date: DayColumn;
  unapplied: FenDefaulted;
  refunded: FenDefaulted;
}

/** One installment's part of one confirmed repayment, per component, 分. */
export interface RepaymentAllocationTable {
  allocation_id: string;
  tenant_id: string;
  repayment_id: string;
  business_id: string;
  period_no: number;
  kind: string;
  fee: FenDefaulted;
  penalty: FenDefaulted;
  interest: FenDefaulted;
  principal: FenDefaulted;
}

declare module '../../db/database' {
  interface Database {
    repayment: RepaymentTable;
    repayment_allocation: RepaymentAllocationTable;
  }
}

/** The file service's binding type of a repayment's receipt (还款回单). */
export const REPAYMENT_RECEIPT_TYPE = 'repaymentReceipt';

type Stored = Repayment & {
  repaymentNo: string;
  unappliedFen: bigint;
  refundedFen: bigint;
  checkComment: string | null;
};

export const fromRow = (r: Record<string, unknown>): Stored => ({
  ...reviewedOfRow(r),
  name: String(r.repayment_no),
  repaymentNo: String(r.repayment_no),
  payer: String(r.payer),
  amountFen: fenOf(r.amount),
  valueDate: dayOf(r.value_date) as string,
  unappliedFen: fenOf(r.unapplied),
  refundedFen: fenOf(r.refunded ?? 0),
});

/** The loan's terms a confirmation reads: its own, and the product's early-repayment fee rate. */
export async function loanTerms(db: Db, tenantId: string, businessId: string) {
  const loan = await loadLoan(db, tenantId, businessId, true);
  if (loan?.status !== 'REGISTERED') throw invalidInput(RepaymentMessage.nothingOwed);
  const product = await tenantRows(db, 'financing_business as b', tenantId, { business_id: businessId })
    .leftJoin('fund_product as p', sameTenant('p', 'b', 'product_id'))
    .select(['p.early_repay_fee_rate'])
    .executeTakeFirst();
  return {
    loan,
    terms: {
      method: loan.repaymentMethod,
      annualRate: loan.annualRate,
      dayCountBasis: loan.dayCountBasis,
      loanDate: loan.loanDate,
      earlyRepayFeeRate: rateText(product?.early_repay_fee_rate ?? '0') ?? '0.0000',
    },
  };
}

/** The value date of the latest confirmed prepayment: interest before it is paid, and no repayment goes before it. */
async function lastPrepayment(db: Db, tenantId: string, businessId: string): Promise<string | null> {
  const row = await tenantRows(db, 'repayment as r', tenantId, { business_id: businessId })
    .innerJoin('repayment_allocation as a', 'a.repayment_id', 'r.item_id')
    .select(sql<string | null>`max(r.value_date)::text`.as('day'))
    .where('a.kind', '=', 'EARLY')
    .executeTakeFirst();
  return row?.day ? String(row.day).slice(0, 10) : null;
}

/** The installments as applied: every component due and paid, status and settlement day, on the next version. */
async function writeInstallments(
  db: Db,
  tenantId: string,
  businessId: string,
  before: StoredInstallment[],
  applied: AppliedRepayment,
  valueDate: string,
  now: Date,
) {
  for (const i of applied.installments) {
    const old = before.find((b) => b.periodNo === i.periodNo);
    if (old && JSON.stringify(old, big) === JSON.stringify(i, big)) continue;
    await db
      .updateTable('installment')
      .set({
        ...{ principal_due: i.principalDue, interest_due: i.interestDue, fee_due: i.feeDue },
        ...{ principal_paid: i.principalPaid, interest_paid: i.interestPaid, fee_paid: i.feePaid },
        ...{ penalty_paid: i.penaltyPaid, status: i.status },
        settled_on: i.status === 'SETTLED' && old?.status !== 'SETTLED' ? valueDate : sql`settled_on`,
        version: sql`version + 1`,
        updated_at: now,
      })
      .where('tenant_id', '=', tenantId)
      .where('business_id', '=', businessId)
      .where('period_no', '=', i.periodNo)
      .execute();
  }
}
const big = (_: string, v: unknown) => (typeof v === 'bigint' ? String(v) : v);

/**
 * A repayment's confirmation, in the item's transaction (the business and the repayment locked by the kit). The
 * loan is locked, then its installments read as stored — penalty included, as the close of business posted it.
 */
async function confirm(trx: Kysely<Database>, item: Stored, move: ItemMove<RepaymentStatus>) {
  const db = trx;
  const { tenantId } = move;
  const { businessId } = item;
  const { terms } = await loanTerms(db, tenantId, businessId);
  // A loan whose days are not all closed yet (the confirmation came before the daily job reached it) is brought
  // up to date first (the close's own step for it), through the day the job would have closed, so allocation
  // reads what is owed.
  await catchUpLoan(trx, tenantId, businessId, dueDay(move.now), move.now);
  const before = await loadInstallments(db, tenantId, businessId);
  const business = await loadBusiness(trx, tenantId, businessId, true);
  const applied = applyRepayment(terms, before, {
    amountFen: item.amountFen,
    valueDate: item.valueDate,
    state: business.state,
    interestFrom: await lastPrepayment(db, tenantId, businessId),
  });
  if ('refusal' in applied) throw invalidInput(applied.refusal);
  await writeInstallments(db, tenantId, businessId, before, applied, item.valueDate, move.now);
  if (applied.lines.length > 0)
    await db
      .insertInto('repayment_allocation')
      .values(
        applied.lines.map((l) => ({
          ...{
            allocation_id: newId(move.now),
            tenant_id: tenantId,
            repayment_id: item.itemId,
            business_id: businessId,
          },
          ...{ period_no: l.periodNo, kind: l.kind, fee: l.feeFen, penalty: l.penaltyFen },
          ...{ interest: l.interestFen, principal: l.principalFen },
        })),
      )
      .execute();
  await db
    .updateTable('repayment')
    .set({ unapplied: applied.unappliedFen })
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', item.itemId)
    .execute();
  const repaidBefore = before.reduce((s, i) => s + i.principalPaid, 0n);
  await releaseByPrincipal(db, tenantId, businessId, repaidBefore, applied.principalFen);
  await transitionBusiness(trx, {
    ...{ tenantId, businessId, actor: move.actor, action: 'confirmRepayment', version: business.version },
    ...{ now: move.now, through: 'REPAYMENT', values: { outcome: applied.outcome } },
    ...(move.comment ? { comment: move.comment } : {}),
  });
}

export const REPAYMENTS = reviewedItems<Stored>({
  items: {
    ...{ name: 'repayment', api: REPAYMENT_API, menu: REPAYMENT_LIST_PATH, table: 'repayment' },
    ...{ states: REPAYMENT_STATES, messages: RepaymentMessage, fromRow },
    async after(trx, item, move) {
      // Applied once its review is complete: a level before the last only passes it on.
      if (move.action === 'confirm' && move.to === 'CONFIRMED') await confirm(trx, item, move);
    },
  },
  workflow: REPAYMENT_ITEMS,
  labels: REPAYMENT_STATUS_LABEL,
  wire: {
    properties: {
      ...{ repaymentNo: Type.String(), payer: Type.String(), amount: FenSchema('还款金额（分）') },
      ...{
        valueDate: Type.String(),
        unapplied: FenSchema('未分配（待退还，分）'),
        refunded: FenSchema('已退还（分）'),
      },
    },
    of: (i) => ({
      ...{ repaymentNo: i.repaymentNo, payer: i.payer, amount: wireFen(i.amountFen), valueDate: i.valueDate },
      ...{ unapplied: wireFen(i.unappliedFen), refunded: wireFen(i.refundedFen) },
    }),
  },
  // Who confirms it: REPAYMENT as the administrator configured it now, its people resolved, the registrar out.
  register: {
    summary: '登记还款（付款方、金额（分）、起息日、银行流水号、还款回单），待另一位财务确认',
    ...{ who: [ROLE.FINANCE], noColumn: 'repayment_no', kind: 'repayment', review: 'REPAYMENT' },
    ...{ receipt: '还款回单', receiptType: REPAYMENT_RECEIPT_TYPE, flowTaken: RepaymentMessage.flowTaken },
    body: {
      payer: Type.String({ maxLength: 60, description: '付款方' }),
      amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '还款金额（分）' }),
      valueDate: DaySchema('起息日（到账日），不晚于今天'),
    },
    async columns(trx, businessId, body: Omit<RepaymentDraft, 'amountFen'> & { amount: number }, who) {
      const loan = await loadLoan(trx, who.tenantId, businessId);
      if (loan?.status !== 'REGISTERED') throw invalidInput(RepaymentMessage.nothingOwed);
      const amountFen = BigInt(body.amount);
      const problems = registrationProblems({ ...body, amountFen }, businessDay(who.now), loan.loanDate);
      if (problems.length > 0) throw invalidInput(problems.join('；'));
      return { payer: body.payer.trim(), amount: amountFen, value_date: body.valueDate };
    },
  },
});

// The lifecycle's confirmRepayment crosses REGISTER_REPAYMENT: the business has a registered loan to repay.
extend(registerCheckpoint, 'REGISTER_REPAYMENT', async (db, tenantId, record) => {
  const loan = await loadLoan(db, tenantId, (record as unknown as { keyId: string }).keyId);
  return loan?.status === 'REGISTERED' ? [] : [RepaymentMessage.nothingOwed];
});

/** Every part of every confirmed repayment of the business, by installment, for the plan's detail. */
export async function allocationsOf(db: Db, tenantId: string, businessId: string) {
  const rows = await tenantRows(db, 'repayment_allocation as a', tenantId, { business_id: businessId })
    .innerJoin('repayment as r', 'r.item_id', 'a.repayment_id')
    .select([
      ...['a.period_no', 'a.kind', 'a.fee', 'a.penalty', 'a.interest', 'a.principal'],
      ...['r.repayment_no', 'r.value_date', 'r.seq'],
    ] as never[])
    .orderBy('a.period_no')
    .orderBy('r.seq')
    .execute();
  return (rows as Record<string, unknown>[]).map((r) => ({
    periodNo: Number(r.period_no),
    repaymentNo: String(r.repayment_no),
    valueDate: dayOf(r.value_date) as string,
    kind: String(r.kind) as 'DUE' | 'EARLY',
    fee: wireFen(fenOf(r.fee)),
    penalty: wireFen(fenOf(r.penalty)),
    interest: wireFen(fenOf(r.interest)),
    principal: wireFen(fenOf(r.principal)),
  }));
}

extend(registerStageSource, REPAYMENT_ALLOCATIONS_SOURCE, (db, tenantId, businessId) =>
  allocationsOf(db, tenantId, businessId),
);

// 业务详情's 附件: the 还款回单 under 还款; whoever sees the business reads them.
extend(registerBusinessFiles, REPAYMENT_RECEIPT_TYPE, async (db, tenantId, businessId) => {
  const keyIds = (await itemRows(db as never, 'repayment', tenantId, businessId)).map((r) => String(r.receipt_file_id));
  return keyIds.length ? [{ stage: 'REPAYING' as const, group: '还款回单', keyIds }] : [];
});

/** Where a finance user confirms a repayment or a refund: the loan's repayments on 还款登记. */
export const confirmLink = (businessId: string) => `${REPAYMENT_LIST_PATH}?id=${encodeURIComponent(businessId)}`;

// 我的待办 › 待审核: each repayment waiting that the item table lets this person confirm now.
extend(
  reviewedTodo(REPAYMENTS, {
    ...{ itemType: 'REPAYMENT', label: '还款确认', stage: 'REPAYING', link: confirmLink },
    amount: (i) => wireFen(i.amountFen),
  }),
);

// 还款 found by its 还款编号 (HK…) within the caller's scope (its business's), opened on 还款登记 at its loan.
extend(
  registerDocumentSearch,
  numberSearch({
    ...{ kind: 'repayment', table: 'repayment', no: 'repayment_no' },
    hit: businessHit(confirmLink),
  }),
);

/** The business's repayments, for a walk (a seed, a browser test's set-up). */
export const repaymentsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db as never, 'repayment', tenantId, businessId)).map(fromRow);
