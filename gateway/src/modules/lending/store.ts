// 放款's rules (BUSINESS.md "Decisions for the lifecycle's second half": Lending) over the loan book the kit keeps
// (stage-loans.ts): the limits a registration is held to, the REGISTER_LOAN rule the aggregate runs before
// 登记放款's 提交, the registrar as the record's writer (so the review snapshot never names them), and what the
// business's moves do to the loan inside their transaction: OPS's 退回 cancels the registration, its 通过 stores
// the schedule, consumes the product's quota, raises the orders' 已融资 and converts their reservations.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { tenantRows } from '../../db/tenant-rows';
import { ELEMENT_ITEMS_SOURCE, type ElementItem, conditionProblems } from '../../../../src/domain/financing/elements';
import { stageOf } from '../../../../src/domain/financing/lifecycle';
import { PUSH_SOURCES } from '../../../../src/domain/financing/push';
import {
  LendingMessage,
  type LoanRegistration,
  type LoanStatus,
  loanProblems,
  scheduleOf,
  zhongdengDueDate,
} from '../../../../src/domain/financing/lending';
import { PLAN_INFO_PATH, installmentsOf } from '../../../../src/domain/financing/repayment-plan';
import { daysBetween } from '../../../../src/domain/financing/repayment-schedule';
import { invalidInput } from '../../plugins/envelope';
import { businessHit, numberSearch, registerDocumentSearch } from '../../stage/stage-search';
import { readStageSource } from '../../stage/stage-sources';
import { consumeQuota, financeReservedOrders } from '../../stage/stage-quota-orders';
import { type StoredLoan, loadLoan, loanTermsOf } from '../../stage/stage-loans';
import { registerAfterTransition } from '../business/after-transition';
import { registerBusinessFiles } from '../business/attachments';
import { registerCheckpoint, registerWriters } from '../business/facts';
import { newId } from '../../ids';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('lending/store');

/** The file service's binding type of the 放款回单. */
export const RECEIPT_FILE_TYPE = 'loanReceipt';

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
