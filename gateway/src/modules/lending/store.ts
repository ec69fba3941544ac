// 放款's rows and rules (BUSINESS.md "Decisions for the lifecycle's second half": Lending): the loan and its
// installments as Kysely sees them (migration 0140; money bigint 分, read as bigint into the domain and sent as a
// number of 分 on the wire), the limits a registration is held to, the REGISTER_LOAN rule the aggregate runs before
// 登记放款's 提交, the registrar as the record's writer (so the review snapshot never names them), and what the
// business's moves do to the loan inside their transaction: OPS's 退回 cancels the registration, its 通过 stores
// the schedule, consumes the product's quota, raises the orders' 已融资 and converts their reservations.
import { sameTenant } from '../../stage/stage-joins';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { recordReader, tenantRows } from '../../db/tenant-rows';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { ELEMENT_ITEMS_SOURCE, type ElementItem, conditionProblems } from '../../../../src/domain/financing/elements';
import { stageOf } from '../../../../src/domain/financing/lifecycle';
import { PUSH_SOURCES } from '../../../../src/domain/financing/push';
import {
  LendingMessage,
  type LoanBounds,
  type LoanRegistration,
  type LoanStatus,
  loanProblems,
  scheduleOf,
  zhongdengDueDate,
} from '../../../../src/domain/financing/lending';
import {
  PLAN_INFO_PATH,
  type StoredInstallment,
  installmentsOf,
} from '../../../../src/domain/financing/repayment-plan';
import type { InstallmentStatus } from '../../../../src/domain/financing/installment-status';
import { type RepaymentMethod, daysBetween } from '../../../../src/domain/financing/repayment-schedule';
import { invalidInput } from '../../plugins/envelope';
import { businessHit, numberSearch, registerDocumentSearch } from '../../stage/stage-search';
import { readStageSource } from '../../stage/stage-sources';
import { consumeQuota, financeReservedOrders } from '../../stage/stage-quota-orders';
import { rateText } from '../../stage/stage-terms';
import {
  type DayColumn,
  type FenColumn,
  type FenDefaulted,
  type NullableColumn as Nullable,
  dayOf,
  fenOf,
} from '../../stage/stage-money';
import type { InstantColumn as Instant } from '../../stage/stage-tables';
import { registerAfterTransition } from '../business/after-transition';
import { registerBusinessFiles } from '../business/attachments';
import { registerCheckpoint, registerWriters } from '../business/facts';
import { newId } from '../../ids';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('lending/store');

type Db = Kysely<Database>;
type Counter = ColumnType<number, number | undefined, number>;

export interface LoanTable {
  business_id: string;
  tenant_id: string;
  loan_no: string;
  amount: FenColumn;
  upfront_interest: FenColumn;
  service_fee: FenColumn;
  net_amount: FenColumn;
  loan_date: DayColumn;
  value_date: DayColumn;
  maturity_date: DayColumn;
  annual_rate: string;
  repayment_method: string;
  periods: Counter;
  day_count_basis: number;
  receipt_file_id: string;
  status: string;
  registrar_id: string;
  registered_at: Instant;
  reviewer_id: Nullable<string>;
  reviewed_at: Nullable<Date>;
  zhongdeng_due_date: Nullable<string | Date>;
  zhongdeng_reg_no: Nullable<string>;
  zhongdeng_reg_date: Nullable<string | Date>;
  closed_through: Nullable<string | Date>;
  version: Counter;
  created_at: Instant;
  updated_at: Instant;
}

/** Each component due and paid, 分; the close of business's status, overdue days and last penalty day. */
export interface InstallmentTable {
  installment_id: string;
  tenant_id: string;
  business_id: string;
  period_no: number;
  start_date: DayColumn;
  due_date: DayColumn;
  days: number;
  principal_due: FenColumn;
  interest_due: FenColumn;
  fee_due: FenDefaulted;
  penalty_accrued: FenDefaulted;
  principal_paid: FenDefaulted;
  interest_paid: FenDefaulted;
  fee_paid: FenDefaulted;
  penalty_paid: FenDefaulted;
  status: ColumnType<string, string | undefined, string>;
  overdue_days: Counter;
  penalty_through: Nullable<string | Date>;
  settled_on: Nullable<string | Date>;
  version: Counter;
  updated_at: Instant;
}

declare module '../../db/database' {
  interface Database {
    loan: LoanTable;
    installment: InstallmentTable;
  }
}

/** The name under which the push stage hands over the capital side's approved amount (分), once it records one. */
export const CAPITAL_APPROVED_SOURCE = PUSH_SOURCES.capitalApproved;
/** The file service's binding type of the 放款回单. */
export const RECEIPT_FILE_TYPE = 'loanReceipt';

const day = dayOf;
const fen = fenOf;

export interface StoredLoan {
  businessId: string;
  loanNo: string;
  amount: bigint;
  upfrontInterest: bigint;
  serviceFee: bigint;
  netAmount: bigint;
  loanDate: string;
  maturityDate: string;
  annualRate: string;
  repaymentMethod: RepaymentMethod;
  periods: number;
  dayCountBasis: 360 | 365;
  receiptFileId: string;
  status: LoanStatus;
  registrarId: string;
  reviewerId: string | null;
  zhongdengDueDate: string | null;
  zhongdengRegNo: string | null;
  zhongdengRegDate: string | null;
  version: number;
}

export const loadLoan = recordReader(
  'loan',
  'business_id',
  (r): StoredLoan => ({
    businessId: r.business_id,
    loanNo: r.loan_no,
    amount: fen(r.amount),
    upfrontInterest: fen(r.upfront_interest),
    serviceFee: fen(r.service_fee),
    netAmount: fen(r.net_amount),
    loanDate: day(r.loan_date) as string,
    maturityDate: day(r.maturity_date) as string,
    annualRate: rateText(r.annual_rate) as string,
    repaymentMethod: r.repayment_method as RepaymentMethod,
    periods: Number(r.periods),
    dayCountBasis: Number(r.day_count_basis) as 360 | 365,
    receiptFileId: r.receipt_file_id,
    status: r.status as LoanStatus,
    registrarId: r.registrar_id,
    reviewerId: r.reviewer_id,
    zhongdengDueDate: day(r.zhongdeng_due_date),
    zhongdengRegNo: r.zhongdeng_reg_no,
    zhongdengRegDate: day(r.zhongdeng_reg_date),
    version: Number(r.version),
  }),
);

export async function loadInstallments(db: Db, tenantId: string, businessId: string): Promise<StoredInstallment[]> {
  const rows = await tenantRows(db, 'installment', tenantId, { business_id: businessId })
    .selectAll()
    .orderBy('period_no')
    .execute();
  return rows.map((r) => ({
    periodNo: Number(r.period_no),
    startDate: day(r.start_date) as string,
    dueDate: day(r.due_date) as string,
    principalDue: fen(r.principal_due),
    interestDue: fen(r.interest_due),
    feeDue: fen(r.fee_due),
    penaltyAccrued: fen(r.penalty_accrued),
    principalPaid: fen(r.principal_paid),
    interestPaid: fen(r.interest_paid),
    feePaid: fen(r.fee_paid),
    penaltyPaid: fen(r.penalty_paid),
    status: r.status as InstallmentStatus,
    overdueDays: Number(r.overdue_days),
  }));
}

/** The business's approved terms and what the loan is held to, on the app's day `now`. */
export async function loanTermsOf(db: Db, tenantId: string, businessId: string, now: Date) {
  const b = await tenantRows(db, 'financing_business as b', tenantId, { business_id: businessId })
    .leftJoin('financing_decision as d', sameTenant('d', 'b', 'business_id'))
    .leftJoin('fund_product as p', sameTenant('p', 'b', 'product_id'))
    .select([
      'b.approved_amount',
      'b.approved_annual_rate',
      'b.approved_term_days',
      'b.approved_repayment_method',
      sql<string | null>`b.decision_valid_until::text`.as('valid_until'),
      'd.approved_at',
      'p.day_count_basis',
    ])
    .executeTakeFirst();
  if (!b) return null;
  const approvedFen = fen(b.approved_amount);
  const capital = await readStageSource<number>(CAPITAL_APPROVED_SOURCE, db, tenantId, businessId);
  const bounds: LoanBounds = {
    approvedFen,
    capitalApprovedFen: capital === undefined ? approvedFen : BigInt(capital),
    today: businessDay(now),
    validFrom: b.approved_at ? businessDay(new Date(b.approved_at)) : null,
    validUntil: b.valid_until ? String(b.valid_until).slice(0, 10) : null,
  };
  const terms =
    b.approved_annual_rate === null || b.approved_term_days === null || !b.approved_repayment_method
      ? null
      : {
          annualRate: rateText(b.approved_annual_rate) as string,
          termDays: Number(b.approved_term_days),
          method: b.approved_repayment_method as RepaymentMethod,
          dayCountBasis: (String(b.day_count_basis) === '365' ? 365 : 360) as 360 | 365,
        };
  return { bounds, terms };
}

/** The stored registration as the rule reads it. */
const registrationOf = (l: StoredLoan): LoanRegistration => ({
  amount: l.amount,
  loanDate: l.loanDate,
  upfrontInterest: l.upfrontInterest,
  serviceFee: l.serviceFee,
  receiptFileId: l.receiptFileId,
});

/** Every refusal REGISTER_LOAN finds for the business's stored registration now. */
export async function registrationProblems(db: Db, tenantId: string, businessId: string, now: Date) {
  const [loan, limits] = await Promise.all([
    loadLoan(db, tenantId, businessId),
    loanTermsOf(db, tenantId, businessId, now),
  ]);
  if (!loan || loan.status === 'REGISTERED') return [LendingMessage.missing];
  if (!limits?.terms) return [LendingMessage.noTerms];
  return [...loanProblems(registrationOf(loan), limits.bounds), ...(await conditionsOpen(db, tenantId, businessId))];
}

/** The element conditions due before lending (BUSINESS.md Decisions: Elements) each 已落实 or 已豁免. */
async function conditionsOpen(db: Db, tenantId: string, businessId: string): Promise<string[]> {
  const items =
    (await readStageSource<(ElementItem & { keyId: string })[]>(ELEMENT_ITEMS_SOURCE, db, tenantId, businessId)) ?? [];
  return conditionProblems(
    items.map((i) => ({ ...i, itemId: i.keyId })),
    'REGISTER_LOAN',
  );
}

// On the transition's own clock, as every checkpoint.
extend(registerCheckpoint, 'REGISTER_LOAN', async (db, tenantId, record, now) =>
  registrationProblems(db, tenantId, (record as unknown as { keyId: string }).keyId, now),
);

// The registrar wrote the loan: the review snapshot never makes them its reviewer (四眼, S15).
extend(registerWriters, 'LENDING', async (db, tenantId, businessId) => {
  const loan = await loadLoan(db, tenantId, businessId);
  return loan ? [loan.registrarId] : [];
});

/** OPS's 通过: the schedule stored from the one pure function, the loan registered, quota and orders moved. */
async function registerLoan(db: Db, tenantId: string, businessId: string, reviewerId: string, now: Date) {
  const loan = await loadLoan(db, tenantId, businessId, true);
  // REGISTER_LOAN held at 提交 and the review was of this row; a loan missing here is a defect upstream.
  if (!loan) throw new Error(`no loan for business ${businessId}`);
  const { installments } = scheduleOf({
    amountFen: loan.amount,
    annualRate: loan.annualRate,
    method: loan.repaymentMethod,
    loanDate: loan.loanDate,
    termDays: await termDaysOf(db, tenantId, businessId),
    dayCountBasis: loan.dayCountBasis,
  });
  const rows = installmentsOf(installments);
  await db
    .insertInto('installment')
    .values(
      rows.map((i) => ({
        installment_id: newId(now),
        tenant_id: tenantId,
        business_id: businessId,
        period_no: i.periodNo,
        start_date: i.startDate,
        due_date: i.dueDate,
        days: daysBetween(i.startDate, i.dueDate),
        principal_due: i.principalDue,
        interest_due: i.interestDue,
        status: i.status,
        updated_at: now,
      })),
    )
    .execute();
  await db
    .updateTable('loan')
    .set({
      status: 'REGISTERED',
      reviewer_id: reviewerId,
      reviewed_at: now,
      periods: rows.length,
      maturity_date: rows[rows.length - 1]?.dueDate ?? loan.maturityDate,
      zhongdeng_due_date: zhongdengDueDate(loan.loanDate),
      version: sql`version + 1`,
      updated_at: now,
    })
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .execute();
  // The product's quota must have the loan left besides what other businesses' capital approvals reserve (the push
  // stage's reservation of this business is spent with the loan).
  const held = await reservedElsewhere(db, tenantId, businessId);
  if (!(await consumeQuota(db, tenantId, businessId, loan.amount, held))) throw invalidInput(LendingMessage.quota);
  await financeReservedOrders(db, tenantId, businessId, loan.amount);
}

/** 分 of the product's quota other businesses' capital approvals hold, as the push stage hands it over. */
const reservedElsewhere = async (db: Db, tenantId: string, businessId: string) =>
  BigInt((await readStageSource<number>(PUSH_SOURCES.reservedElsewhere, db, tenantId, businessId)) ?? 0);

async function termDaysOf(db: Db, tenantId: string, businessId: string): Promise<number> {
  const b = await tenantRows(db, 'financing_business', tenantId, { business_id: businessId })
    .select('approved_term_days')
    .executeTakeFirstOrThrow();
  return Number(b.approved_term_days);
}

// The loan's part of the business's moves, inside the transition's own transaction.
extend(registerAfterTransition, 'lending', async (trx, done) => {
  if (stageOf(done.from) !== 'LENDING') return;
  const db = trx;
  const set = (status: LoanStatus) =>
    db
      .updateTable('loan')
      .set({ status, version: sql`version + 1`, updated_at: done.now })
      .where('tenant_id', '=', done.tenantId)
      .where('business_id', '=', done.businessId)
      .execute();
  if (done.action === 'approve' && stageOf(done.to) === 'REPAYING') {
    await registerLoan(db, done.tenantId, done.businessId, done.actor.userId, done.now);
  } else if (done.action === 'submit') {
    await set('PENDING');
  } else if (done.action === 'return' || stageOf(done.to) === 'TERMINATED') {
    await set('CANCELLED');
  }
});

// 业务详情's 附件: the 放款回单 under 放款; whoever sees the business reads it.
extend(registerBusinessFiles, RECEIPT_FILE_TYPE, async (db, tenantId, businessId) => {
  const loan = await loadLoan(db, tenantId, businessId);
  return loan ? [{ stage: 'LENDING' as const, group: '放款回单', keyIds: [loan.receiptFileId] }] : [];
});

// 放款 found by its 放款编号 (DK…) within the caller's scope (its business's), opened on 还款计划详情.
extend(
  registerDocumentSearch,
  numberSearch({
    ...{ kind: 'loan', table: 'loan', no: 'loan_no', where: { status: 'REGISTERED' } },
    hit: businessHit((businessId) => `${PLAN_INFO_PATH}?id=${businessId}`),
  }),
);
