// The loan book (BUSINESS.md "Decisions for the lifecycle's second half"): the loan and its installments as Kysely
// sees them (migration 0140; money bigint 分, read as bigint into the domain and sent as a number of 分 on the
// wire). 放款 writes it at its review; 还款登记 applies repayments to it, 还款计划 shows it and the close of
// business posts each day's overdue days and penalty on it — each reads the book here, none another's module.
//
// A confirmed repayment allocates against what is owed through the day, so the close's step for one loan runs
// first: the close module registers that step on the app's registry and repayment asks for it by this point
// (nothing is brought up to date in an app without the close).
import type { ColumnType } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordReader, tenantRows } from '../db/tenant-rows';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { LoanBounds, LoanStatus } from '../../../src/domain/financing/lending';
import { PUSH_SOURCES } from '../../../src/domain/financing/push';
import type { StoredInstallment } from '../../../src/domain/financing/repayment-plan';
import type { InstallmentStatus } from '../../../src/domain/financing/installment-status';
import type { RepaymentMethod } from '../../../src/domain/financing/repayment-schedule';
import { type Extensions, extensionsOf } from './extensions';
import { sameTenant } from './stage-joins';
import {
  type DayColumn,
  type FenColumn,
  type FenDefaulted,
  type NullableColumn as Nullable,
  dayOf,
  fenOf,
} from './stage-money';
import { readStageSource } from './stage-sources';
import type { InstantColumn as Instant } from './stage-tables';
import { rateText } from './stage-terms';

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

declare module '../db/database' {
  interface Database {
    loan: LoanTable;
    installment: InstallmentTable;
  }
}

/** The name under which the push stage hands over the capital side's approved amount (分), once it records one. */
const CAPITAL_APPROVED_SOURCE = PUSH_SOURCES.capitalApproved;

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

/**
 * The close of business's step for one loan (its business's id) through `day`, in the caller's transaction, its
 * moves made at `at`: what is due since the last day closed for it, once.
 */
export type LoanCatchUp = (trx: Db, tenantId: string, loanId: string, day: string, at: Date) => Promise<void>;

declare module './extensions' {
  interface ExtensionPoints {
    loanCatchUp: Map<'close', LoanCatchUp>;
  }
}

/** The close of business tells the kit how it brings one loan up to date. */
export function registerLoanCatchUp(x: Extensions, catchUp: LoanCatchUp): void {
  x.point('loanCatchUp').set('close', catchUp);
}

/** A loan brought up to date before what reads its installments (nothing when the app has no close). */
export async function catchUpLoan(trx: Db, tenantId: string, loanId: string, day: string, at: Date) {
  const catchUp = extensionsOf(trx).point('loanCatchUp').get('close');
  if (catchUp) await catchUp(trx, tenantId, loanId, day, at);
}
