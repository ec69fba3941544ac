// 还款登记's items on the stage kit (gateway/src/stage/stage-items.ts; src/domain/financing/repayment.ts): the rows
// of `repayment` and `repayment_allocation` (migration 0190; money bigint 分, read as bigint into the domain), a
// registration's columns (its receipt bound to it through the file service), and what a confirmation does in the
// item's transaction — the installments applied to by the one pure function, every part stored as it went, the
// quota and the orders released by the principal repaid, and the business moved through the aggregate with the
// outcome the installments give (还款中, 已结清, 提前结清). A rejection writes the repayment only.
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { dueDay } from '../../../../src/domain/calendar/close-of-business';
import {
  type AppliedRepayment,
  REPAYMENT_ALLOCATIONS_SOURCE,
  REPAYMENT_API,
  REPAYMENT_ITEMS,
  REPAYMENT_LIST_PATH,
  REPAYMENT_STATES,
  REPAYMENT_STATUS_LABEL,
  type Repayment,
  RepaymentMessage,
  type RepaymentStatus,
  applyRepayment,
  registrationProblems,
} from '../../../../src/domain/financing/repayment';
import type { StoredInstallment } from '../../../../src/domain/financing/repayment-plan';
import { ROLE } from '../../../../src/domain/financing/roles';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { type ItemMove, type ItemsDef, itemRows } from '../../stage/stage-items';
import {
  DaySchema,
  type DayColumn,
  type FenColumn,
  type FenDefaulted,
  FenSchema,
  type NullableColumn,
  dayOf,
  fenOf,
} from '../../stage/stage-money';
import { registerStageSource } from '../../stage/stage-sources';
import { registerTodoSource } from '../../stage/stage-todos';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { waitingMinutes } from '../../../../src/domain/financing/review-queue';
import { itemParentRefusal } from '../../../../src/domain/workflow/items';
import { allowedActions } from '../../../../src/domain/workflow/workflow';
import { rateText } from '../../stage/stage-terms';
import { storeEligible } from '../assets/eligible-store';
import { type Actor, inScope, loadBusiness, nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { registerBusinessFiles } from '../business/attachments';
import { registerCheckpoint } from '../business/facts';
import { bindOwnFiles } from '../file/file-binding';
import { loadInstallments, loadLoan } from '../lending/store';
import { bringLoanUpToDate } from '../loan-close/close';
import { newId } from '../operation-log/repository';

// biome-ignore lint/suspicious/noExplicitAny: a confirmation writes the lending, funds and assets tables
type AnyDb = Kysely<any>;
type Instant = ColumnType<Date, Date, Date>;

export interface RepaymentTable {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  repayment_no: string;
  payer: string;
  amount: FenColumn;
  value_date: DayColumn;
  flow_no: string;
  receipt_file_id: string;
  status: ColumnType<string, string | undefined, string>;
  registrar_id: string;
  checked_by: NullableColumn<string>;
  checked_at: NullableColumn<Date>;
  check_comment: NullableColumn<string>;
  unapplied: FenDefaulted;
  version: ColumnType<number, number | undefined, number>;
  created_at: Instant;
  updated_at: Instant;
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

type Stored = Repayment & { repaymentNo: string; unappliedFen: bigint; checkComment: string | null };

export const fromRow = (r: Record<string, unknown>): Stored => ({
  itemId: String(r.item_id),
  businessId: String(r.business_id),
  seq: Number(r.seq),
  name: String(r.repayment_no),
  status: r.status as RepaymentStatus,
  version: Number(r.version),
  repaymentNo: String(r.repayment_no),
  payer: String(r.payer),
  amountFen: fenOf(r.amount),
  valueDate: dayOf(r.value_date) as string,
  flowNo: String(r.flow_no),
  receiptFileId: String(r.receipt_file_id),
  registrarId: String(r.registrar_id),
  unappliedFen: fenOf(r.unapplied),
  checkComment: (r.check_comment as string | null) ?? null,
});

const wireOf = (i: Stored) => ({
  keyId: i.itemId,
  businessId: i.businessId,
  seq: i.seq,
  repaymentNo: i.repaymentNo,
  payer: i.payer,
  amount: Number(i.amountFen),
  valueDate: i.valueDate,
  flowNo: i.flowNo,
  receiptFileId: i.receiptFileId,
  status: i.status,
  statusLabel: REPAYMENT_STATUS_LABEL[i.status],
  unapplied: Number(i.unappliedFen),
  checkComment: i.checkComment,
  version: i.version,
});

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const RepaymentSchema = Type.Object(
  {
    ...{ keyId: Type.String(), businessId: Type.String(), seq: Type.Integer(), repaymentNo: Type.String() },
    ...{ payer: Type.String(), amount: FenSchema('还款金额（分）'), valueDate: Type.String() },
    ...{ flowNo: Type.String(), receiptFileId: Type.String(), status: Type.String(), statusLabel: Type.String() },
    ...{ unapplied: FenSchema('未分配（待退还，分）'), checkComment: Nullable(Type.String()), version: Type.Integer() },
  },
  { additionalProperties: false },
);

const RegisterBody = {
  payer: Type.String({ maxLength: 60, description: '付款方' }),
  amount: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '还款金额（分）' }),
  valueDate: DaySchema('起息日（到账日），不晚于今天'),
  flowNo: Type.String({ maxLength: 40, description: '银行流水号' }),
  receiptFileId: Type.String({ maxLength: 40, description: '还款回单（文件服务的 keyId）' }),
};

/** The loan's terms a confirmation reads: its own, and the product's early-repayment fee rate. */
export async function loanTerms(db: AnyDb, tenantId: string, businessId: string) {
  const loan = await loadLoan(db, tenantId, businessId, true);
  if (loan?.status !== 'REGISTERED') throw invalidInput(RepaymentMessage.nothingOwed);
  const product = await db
    .selectFrom('financing_business as b')
    .leftJoin('fund_product as p', (j) =>
      j.onRef('p.product_id', '=', 'b.product_id').onRef('p.tenant_id', '=', 'b.tenant_id'),
    )
    .select(['p.early_repay_fee_rate'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.business_id', '=', businessId)
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
async function lastPrepayment(db: AnyDb, tenantId: string, businessId: string): Promise<string | null> {
  const row = await db
    .selectFrom('repayment as r')
    .innerJoin('repayment_allocation as a', 'a.repayment_id', 'r.item_id')
    .select(sql<string | null>`max(r.value_date)::text`.as('day'))
    .where('r.tenant_id', '=', tenantId)
    .where('r.business_id', '=', businessId)
    .where('a.kind', '=', 'EARLY')
    .executeTakeFirst();
  return row?.day ? String(row.day).slice(0, 10) : null;
}

/** The installments as applied: every component due and paid, status and settlement day, on the next version. */
async function writeInstallments(
  db: AnyDb,
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
 * The product's quota and the orders' 已融资 released by the principal repaid: the loan's principal is laid over
 * the application's lines in order id order, and what this repayment repaid — from what was repaid before it —
 * comes off the lines it covers, so no order is released twice.
 */
async function release(db: AnyDb, tenantId: string, businessId: string, repaidBefore: bigint, principal: bigint) {
  if (principal === 0n) return;
  const b = await db
    .selectFrom('financing_business')
    .select('product_id')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  if (b.product_id)
    await db
      .updateTable('fund_product')
      .set({ used_quota: sql`greatest(used_quota - ${principal}, 0)` })
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', b.product_id)
      .execute();
  const app = await db
    .selectFrom('financing_application')
    .select('lines')
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', businessId)
    .executeTakeFirst();
  const raw = typeof app?.lines === 'string' ? JSON.parse(app.lines) : (app?.lines ?? []);
  const lines = (raw as { orderId: string; financeAmount: number }[])
    .map((l) => ({ orderId: String(l.orderId), amount: BigInt(l.financeAmount ?? 0) }))
    .sort((x, y) => (x.orderId < y.orderId ? -1 : x.orderId > y.orderId ? 1 : 0));
  const [from, to] = [repaidBefore, repaidBefore + principal];
  let start = 0n;
  for (const line of lines) {
    const end = start + line.amount;
    const low = from > start ? from : start;
    const high = to < end ? to : end;
    start = end;
    if (high <= low) continue;
    const part = high - low;
    await db
      .updateTable('payment_order')
      .set({
        financed_amount: sql`greatest(financed_amount - ${part}, 0)`,
        financing_status: sql`case when financed_amount - ${part} <= 0 and reserved_amount = 0 then 'SETTLED'
          else financing_status end`,
      })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', line.orderId)
      .execute();
    await storeEligible(db, tenantId, line.orderId);
  }
}

/**
 * A repayment's confirmation, in the item's transaction (the business and the repayment locked by the kit). The
 * loan is locked, then its installments read as stored — penalty included, as the close of business posted it.
 */
async function confirm(trx: Kysely<Database>, item: Stored, move: ItemMove<RepaymentStatus>) {
  const db = trx as unknown as AnyDb;
  const { tenantId } = move;
  const { businessId } = item;
  const { terms } = await loanTerms(db, tenantId, businessId);
  // A loan whose days are not all closed yet (the confirmation came before the daily job reached it) is brought
  // up to date first, through the day the job would have closed, so allocation reads what is owed.
  await bringLoanUpToDate(trx, tenantId, businessId, dueDay(move.now), { at: move.now });
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
          ...{ allocation_id: newId(), tenant_id: tenantId, repayment_id: item.itemId, business_id: businessId },
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
  await release(db, tenantId, businessId, repaidBefore, applied.principalFen);
  await transitionBusiness(trx, {
    ...{ tenantId, businessId, actor: move.actor, action: 'confirmRepayment', version: business.version },
    ...{ now: move.now, through: 'REPAYMENT', values: { outcome: applied.outcome } },
    ...(move.comment ? { comment: move.comment } : {}),
  });
}

export const REPAYMENTS: ItemsDef<RepaymentStatus, Stored> = {
  name: 'repayment',
  api: REPAYMENT_API,
  menu: REPAYMENT_LIST_PATH,
  table: 'repayment',
  workflow: REPAYMENT_ITEMS as unknown as ItemsDef<RepaymentStatus, Stored>['workflow'],
  states: REPAYMENT_STATES,
  messages: RepaymentMessage,
  fromRow,
  wire: { schema: RepaymentSchema, of: wireOf },
  write: (_item, move) => ({
    checked_by: move.actor.userId,
    checked_at: move.now,
    check_comment: move.comment || null,
  }),
  async after(trx, item, move) {
    if (move.action === 'confirm') await confirm(trx, item, move);
  },
  create: {
    summary: '登记还款（付款方、金额（分）、起息日、银行流水号、还款回单），待另一位财务确认',
    op: 'add',
    who: [ROLE.FINANCE],
    duplicate: RepaymentMessage.flowTaken,
    body: RegisterBody,
    status: 'PENDING',
    async columns(trx, business, raw, who) {
      const body = raw as { payer: string; amount: number; valueDate: string; flowNo: string; receiptFileId: string };
      const db = trx as unknown as AnyDb;
      const loan = await loadLoan(db, who.tenantId, business.keyId);
      if (loan?.status !== 'REGISTERED') throw invalidInput(RepaymentMessage.nothingOwed);
      const draft = { ...body, amountFen: BigInt(body.amount) };
      const problems = registrationProblems(draft, businessDay(who.now), loan.loanDate);
      if (problems.length > 0) throw invalidInput(problems.join('；'));
      const flowNo = body.flowNo.trim();
      const taken = await db
        .selectFrom('repayment')
        .select('repayment_no')
        .where('tenant_id', '=', who.tenantId)
        .where('flow_no', '=', flowNo)
        .where('status', '<>', 'REJECTED')
        .executeTakeFirst();
      if (taken) throw invalidInput(`${RepaymentMessage.flowTaken}（${taken.repayment_no}）`);
      const repaymentNo = await nextDocumentNo(trx, who.tenantId, 'repayment', who.now);
      const caller = { tenantId: who.tenantId, userId: who.actor.userId };
      await bindOwnFiles(trx, caller, [body.receiptFileId], { type: REPAYMENT_RECEIPT_TYPE, id: business.keyId });
      return {
        ...{ repayment_no: repaymentNo, payer: body.payer.trim(), amount: BigInt(body.amount) },
        ...{ value_date: body.valueDate, flow_no: flowNo, receipt_file_id: body.receiptFileId },
        registrar_id: who.actor.userId,
      };
    },
  },
};

// The lifecycle's confirmRepayment crosses REGISTER_REPAYMENT: the business has a registered loan to repay.
registerCheckpoint('REGISTER_REPAYMENT', async (db, tenantId, record) => {
  const loan = await loadLoan(db, tenantId, (record as unknown as { keyId: string }).keyId);
  return loan?.status === 'REGISTERED' ? [] : [RepaymentMessage.nothingOwed];
});

/** Every part of every confirmed repayment of the business, by installment, for the plan's detail. */
export async function allocationsOf(db: AnyDb, tenantId: string, businessId: string) {
  const rows = await db
    .selectFrom('repayment_allocation as a')
    .innerJoin('repayment as r', 'r.item_id', 'a.repayment_id')
    .select([
      ...['a.period_no', 'a.kind', 'a.fee', 'a.penalty', 'a.interest', 'a.principal'],
      ...['r.repayment_no', 'r.value_date', 'r.seq'],
    ] as never[])
    .where('a.tenant_id', '=', tenantId)
    .where('a.business_id', '=', businessId)
    .orderBy('a.period_no')
    .orderBy('r.seq')
    .execute();
  return (rows as Record<string, unknown>[]).map((r) => ({
    periodNo: Number(r.period_no),
    repaymentNo: String(r.repayment_no),
    valueDate: dayOf(r.value_date) as string,
    kind: String(r.kind) as 'DUE' | 'EARLY',
    fee: Number(fenOf(r.fee)),
    penalty: Number(fenOf(r.penalty)),
    interest: Number(fenOf(r.interest)),
    principal: Number(fenOf(r.principal)),
  }));
}

registerStageSource(REPAYMENT_ALLOCATIONS_SOURCE, (db, tenantId, businessId) =>
  allocationsOf(db as unknown as AnyDb, tenantId, businessId),
);

// 业务详情's 附件: the 还款回单 under 还款; whoever sees the business reads them.
registerBusinessFiles(REPAYMENT_RECEIPT_TYPE, async (db, tenantId, businessId) => {
  const keyIds = (await itemRows(db as never, 'repayment', tenantId, businessId)).map((r) => String(r.receipt_file_id));
  return keyIds.length ? [{ stage: 'REPAYING' as const, group: '还款回单', keyIds }] : [];
});

/** Where a finance user confirms a repayment: the loan's repayments on 还款登记. */
const confirmLink = (businessId: string) => `${REPAYMENT_LIST_PATH}?id=${encodeURIComponent(businessId)}`;

// 我的待办 › 待审核: each repayment waiting that the item table lets this person confirm now — another finance user
// than its registrar, on a business in their scope that is repaying and not paused.
registerTodoSource('REVIEW', 'repayment', async (db, tenantId, actor, now) => {
  if (!actor.roles.has(ROLE.FINANCE)) return [];
  const rows = await (db as unknown as AnyDb)
    .selectFrom('repayment as r')
    .innerJoin('financing_business as b', (j) =>
      j.onRef('b.business_id', '=', 'r.business_id').onRef('b.tenant_id', '=', 'r.tenant_id'),
    )
    .leftJoin('organization as o', (j) =>
      j.onRef('o.org_id', '=', 'b.supplier_id').onRef('o.tenant_id', '=', 'b.tenant_id'),
    )
    .selectAll('r')
    .select(['b.business_no', 'b.state', 'b.suspended', 'b.supplier_id', 'b.project_company_id', 'o.org_name'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'PENDING')
    .orderBy('r.created_at')
    .execute();
  return (rows as Record<string, unknown>[])
    .filter((r) =>
      inScope(actor, { supplierId: String(r.supplier_id), projectCompanyId: r.project_company_id as string | null }),
    )
    .filter((r) => {
      const parent = { state: String(r.state), suspended: !!r.suspended };
      const ctx = {
        actorId: actor.userId,
        grants: actor.grants,
        roles: actor.roles,
        now,
        facts: { parentState: parent.state },
      };
      return (
        itemParentRefusal(parent, REPAYMENT_STATES, REPAYMENT_ITEMS.noun) === null &&
        allowedActions(REPAYMENT_ITEMS, fromRow(r), ctx).length > 0
      );
    })
    .map((r) => {
      const since = r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at);
      return {
        ...{ itemType: 'REPAYMENT', itemTypeLabel: '还款确认', businessId: String(r.business_id) },
        ...{
          businessNo: String(r.business_no),
          supplierName: String(r.org_name ?? ''),
          amount: Number(fenOf(r.amount)),
        },
        ...{
          stage: 'REPAYING',
          state: String(r.state),
          stateLabel: stateLabel(String(r.state)),
          level: null,
          levels: null,
        },
        ...{ arrivedAt: since, waitingMinutes: waitingMinutes(since, now), overdue: false },
        link: confirmLink(String(r.business_id)),
      };
    });
});

/** The business's repayments, for a walk (a seed, a browser test's set-up). */
export const repaymentsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await itemRows(db as never, 'repayment', tenantId, businessId)).map(fromRow);

export type { Actor };
