// The close of business for loans (BUSINESS.md "The daily job", §3): each day, every registered loan still being
// repaid is closed through the day by the one pure function (closeLoanThrough) — its installments' statuses and
// overdue days, the penalty of each day posted once (penalty_accrued, penalty_through), its risk class and the
// write-off flag on the loan, the day's reminders stored for the workbench — and its business moved 还款中 ⇄ 逾期
// as the system, through the aggregate like any person's move. The loan's `closed_through` is the last day closed
// for it, written in the same transaction: a day closed again, by a second run or after a kill, finds nothing to
// do, and a repayment confirmed before the day's run brings the loan up to date first (bringLoanUpToDate).
//
// The step lists the loans not closed through the day in pages by key (tenant, business), a page of them one unit
// of the job, read and written in bulk: the run holds one page at a time however large the book.
import { sameTenant } from '../../stage/stage-joins';
import { type Insertable, type Kysely, sql } from 'kysely';
import { closeTimeOf } from '../../../../src/domain/calendar/close-of-business';
import {
  type ClosedLoan,
  type OpenInstallment,
  closeLoanThrough,
  riskClass,
} from '../../../../src/domain/financing/close-of-business';
import type { InstallmentStatus } from '../../../../src/domain/financing/installment-status';
import type { Database, Db } from '../../db/database';
import { tenantRows, tenantRowsIn } from '../../db/tenant-rows';
import type { CloseStep, CloseUnit, DayContext } from '../../jobs/daily-job';
import { dayOf, fenOf } from '../../stage/stage-money';
import { rateText } from '../../stage/stage-terms';
import { systemActor, transitionBusiness } from '../business/aggregate';
import '../../stage/stage-loans';
import type { LoanReminderTable } from './tables';

/** The loans a unit of the job closes. */
export const LOAN_PAGE = 200;

/** The business moves the close makes as the system (the lifecycle table's SYSTEM actions). */
const MOVE = { overdue: 'REPAYING/NORMAL', cured: 'REPAYING/OVERDUE' } as const;

export interface CloseOptions {
  /** The instant the moves are made at: the day's 00:10 unless given (a repayment's confirmation: its own now). */
  at?: Date;
  /** Whether the business is moved 还款中 ⇄ 逾期 (a caller already moving it may leave it to its own move). */
  moveBusiness?: boolean;
}

/**
 * Closes one loan (its business's id) through `day`, in the caller's transaction: what is due since the last day
 * closed for it, once. Nothing when that day is closed already. Answers what the close found, or null when there
 * was nothing to close (the day closed for it already, or the loan not being repaid).
 */
export async function bringLoanUpToDate(
  trx: Db,
  tenantId: string,
  loanId: string,
  day: string,
  options: CloseOptions = {},
): Promise<ClosedLoan | null> {
  // Its reads and writes hold together or not at all: in a transaction of its own when not given one.
  if (!trx.isTransaction) return trx.transaction().execute((t) => bringLoanUpToDate(t, tenantId, loanId, day, options));
  const closed = await closeLoans(trx, tenantId, [loanId], day, options);
  return closed.get(loanId) ?? null;
}

/** Closes the tenant's loans through `day` in bulk: one read of each table, one write of each. */
export async function closeLoans(
  trx: Db,
  tenantId: string,
  loanIds: readonly string[],
  day: string,
  options: CloseOptions = {},
): Promise<Map<string, ClosedLoan>> {
  const out = new Map<string, ClosedLoan>();
  if (loanIds.length === 0) return out;
  const at = options.at ?? closeTimeOf(day);
  // The businesses first, then their loans, in key order: the order a repayment's confirmation locks them in.
  const businesses = await tenantRowsIn(trx, 'financing_business', tenantId, 'business_id', [...loanIds])
    .select(['business_id', 'state', 'version'])
    .where('stage', '=', 'REPAYING')
    .where('deleted', '=', false)
    .orderBy('business_id')
    .forUpdate()
    .execute();
  if (businesses.length === 0) return out;
  const ids = businesses.map((b) => b.business_id);
  const loans = await tenantRowsIn(trx, 'loan as l', tenantId, 'business_id', ids)
    .select([
      'l.business_id',
      'l.amount',
      'l.loan_date',
      'l.closed_through',
      'l.annual_rate',
      'l.day_count_basis',
      'l.zhongdeng_due_date',
      'l.zhongdeng_reg_no',
      'l.overdue_days',
      'l.risk_class',
      'l.write_off_review',
    ])
    .where('l.status', '=', 'REGISTERED')
    .orderBy('l.business_id')
    .forUpdate()
    .execute();
  const open = loans.filter((l) => !l.closed_through || (dayOf(l.closed_through) as string) < day);
  if (open.length === 0) return out;
  const openIds = open.map((l) => l.business_id);
  const [markups, rows] = await Promise.all([
    tenantRowsIn(trx, 'financing_business as b', tenantId, 'business_id', openIds)
      .innerJoin('fund_product as p', sameTenant('p', 'b', 'product_id'))
      .select(['b.business_id', 'p.penalty_markup'])
      .execute() as Promise<{ business_id: string; penalty_markup: unknown }[]>,
    tenantRowsIn(trx, 'installment', tenantId, 'business_id', openIds)
      .selectAll()
      .where('status', '<>', 'SETTLED')
      .orderBy('business_id')
      .orderBy('period_no')
      .execute(),
  ]);
  const markupOf = new Map(markups.map((m) => [m.business_id, rateText(m.penalty_markup) ?? '0.5000']));
  const byLoan = new Map<string, typeof rows>();
  for (const r of rows) byLoan.set(r.business_id, [...(byLoan.get(r.business_id) ?? []), r]);

  const installmentUpdates: {
    id: string;
    status: InstallmentStatus;
    days: number;
    post: bigint;
    through: string | null;
  }[] = [];
  const reminders: Insertable<LoanReminderTable>[] = [];
  const loanUpdates: { id: string; days: number; riskClass: string; writeOff: boolean }[] = [];
  for (const l of open) {
    const stored = byLoan.get(l.business_id) ?? [];
    const installments: OpenInstallment[] = stored.map((r) => {
      const base = fenOf(r.principal_due) - fenOf(r.principal_paid) + fenOf(r.interest_due) - fenOf(r.interest_paid);
      const rest = fenOf(r.fee_due) - fenOf(r.fee_paid) + fenOf(r.penalty_accrued) - fenOf(r.penalty_paid);
      return {
        periodNo: Number(r.period_no),
        dueDate: dayOf(r.due_date) as string,
        overdueBaseFen: base,
        owedFen: base + rest,
        status: r.status as InstallmentStatus,
        overdueDays: Number(r.overdue_days),
        penaltyThrough: dayOf(r.penalty_through),
      };
    });
    const zhongdengDue = dayOf(l.zhongdeng_due_date);
    const closed = closeLoanThrough(
      {
        loanDate: dayOf(l.loan_date) as string,
        closedThrough: dayOf(l.closed_through),
        installments,
        terms: {
          annualRate: rateText(l.annual_rate) as string,
          markup: markupOf.get(l.business_id) ?? '0.5000',
          dayCountBasis: Number(l.day_count_basis) === 365 ? 365 : 360,
        },
        zhongdeng: zhongdengDue
          ? { dueDate: zhongdengDue, registered: !!l.zhongdeng_reg_no, loanFen: fenOf(l.amount) }
          : null,
      },
      day,
    );
    out.set(l.business_id, closed);
    closed.installments.forEach((c, k) => {
      if (!c.changed) return;
      const id = stored[k]?.installment_id as string;
      installmentUpdates.push({
        id,
        status: c.status,
        days: c.overdueDays,
        post: c.penaltyPostFen,
        through: c.penaltyThrough,
      });
    });
    for (const r of closed.reminders) {
      reminders.push({
        tenant_id: tenantId,
        business_id: l.business_id,
        day: r.day,
        subject: r.periodNo === 0 ? 'ZHONGDENG' : `INSTALLMENT:${r.periodNo}`,
        kind: r.kind,
        period_no: r.periodNo === 0 ? null : r.periodNo,
        due_date: r.dueDate,
        amount: r.amountFen,
        overdue_days: r.overdueDays,
      });
    }
    loanUpdates.push({
      id: l.business_id,
      days: closed.overdueDays,
      riskClass: closed.riskClass,
      writeOff: closed.writeOffReview,
    });
  }

  if (installmentUpdates.length > 0) {
    const values = sql.join(
      installmentUpdates.map(
        (u) => sql`(${u.id}::text, ${u.status}::text, ${u.days}::int, ${u.post}::bigint, ${u.through}::date)`,
      ),
    );
    await sql`update installment as i set status = v.status, overdue_days = v.days,
        penalty_accrued = i.penalty_accrued + v.post, penalty_through = v.through,
        settled_on = case when v.status = 'SETTLED' then coalesce(i.settled_on, ${day}::date) else i.settled_on end,
        version = i.version + 1, updated_at = ${at}
      from (values ${values}) as v(id, status, days, post, through)
      where i.tenant_id = ${tenantId} and i.installment_id = v.id`.execute(trx);
  }
  const loanValues = sql.join(
    loanUpdates.map((u) => sql`(${u.id}::text, ${u.days}::int, ${u.riskClass}::text, ${u.writeOff}::boolean)`),
  );
  await sql`update loan as l set closed_through = ${day}::date, overdue_days = v.days, risk_class = v.risk,
      write_off_review = v.write_off
    from (values ${loanValues}) as v(id, days, risk, write_off)
    where l.tenant_id = ${tenantId} and l.business_id = v.id`.execute(trx);
  for (let k = 0; k < reminders.length; k += 2000) {
    await trx
      .insertInto('loan_reminder')
      .values(reminders.slice(k, k + 2000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  if (options.moveBusiness === false) return out;
  for (const b of businesses) {
    const closed = out.get(b.business_id);
    if (!closed) continue;
    const action = closed.overdue ? 'overdue' : 'cured';
    if (b.state !== MOVE[action]) continue;
    await transitionBusiness(trx as Kysely<Database>, {
      tenantId,
      businessId: b.business_id,
      actor: systemActor(),
      action,
      version: Number(b.version),
      now: at,
    });
  }
  return out;
}

/**
 * A confirmed repayment changes what is overdue on a day already closed for the loan (it is brought up to date
 * before the repayment is applied): the close's figures — its most overdue days, the risk class and write-off flag
 * judged from them — then follow the installments as the repayment left them, the days of those still 逾期, as the
 * plan's own figure does. Otherwise a loan settled while overdue kept its last overdue days for good: the close
 * reads only the loans still being repaid, and would not come back to it.
 */
export async function followRepayment(trx: Db, tenantId: string, loanId: string): Promise<void> {
  const loan = await tenantRows(trx, 'loan', tenantId, { business_id: loanId, status: 'REGISTERED' })
    .select(['overdue_days', sql<number>`plan_overdue_days`.as('plan_days')])
    .executeTakeFirst();
  if (!loan || Number(loan.overdue_days) === Number(loan.plan_days)) return;
  const days = Number(loan.plan_days);
  const judged = riskClass(days);
  await trx
    .updateTable('loan')
    .set({ overdue_days: days, risk_class: judged.riskClass, write_off_review: judged.writeOffReview })
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', loanId)
    .execute();
}

/** The loans not yet closed through the day, a page at a time by key, each page a unit of the job. */
async function* loanPages(db: Kysely<Database>, ctx: DayContext): AsyncGenerator<CloseUnit> {
  let after: { tenant: string; loan: string } | null = null;
  for (;;) {
    let q = db
      .selectFrom('loan as l')
      .innerJoin('financing_business as b', sameTenant('b', 'l', 'business_id'))
      .select(['l.tenant_id', 'l.business_id'])
      .where('l.status', '=', 'REGISTERED')
      .where('b.stage', '=', 'REPAYING')
      .where((eb) => eb.or([eb('l.closed_through', 'is', null), eb('l.closed_through', '<', ctx.day)]));
    if (after) q = q.where(sql<boolean>`(l.tenant_id, l.business_id) > (${after.tenant}, ${after.loan})`);
    const page = await q.orderBy('l.tenant_id').orderBy('l.business_id').limit(LOAN_PAGE).execute();
    if (page.length === 0) return;
    const last = page[page.length - 1] as { tenant_id: string; business_id: string };
    after = { tenant: last.tenant_id, loan: last.business_id };
    const first = page[0] as { tenant_id: string; business_id: string };
    yield {
      key: `${first.tenant_id}:${first.business_id}..${last.business_id}`,
      apply: async (trx) => {
        const tenants = [...new Set(page.map((p) => p.tenant_id))];
        for (const tenant of tenants) {
          const ids = page.filter((p) => p.tenant_id === tenant).map((p) => p.business_id);
          await closeLoans(trx, tenant, ids, ctx.day, { at: ctx.at });
        }
      },
    };
    if (page.length < LOAN_PAGE) return;
  }
}

/** The daily job's loan step: after the expiries, before anything that reads a loan's day. */
export const LOAN_CLOSE_STEP: CloseStep = {
  name: 'close-loans',
  order: 30,
  units: (db, ctx) => loanPages(db, ctx),
};
