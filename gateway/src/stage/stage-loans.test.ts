// The kit's loan book on its own: a seeded loan and its installments read as the stores write them, the approved
// terms the loan is held to (with the capital side's amount as the push stage hands it over), and the close's
// step for one loan reached through the app's registry — run with the caller's arguments when the close registered
// it, nothing at all when no close did. The reads on PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../testing/test-gateway';
import { Extensions, bindExtensions } from './extensions';
import { catchUpLoan, loadInstallments, loadLoan, loanTermsOf, registerLoanCatchUp } from './stage-loans';
import { dayOf, fenOf } from './stage-money';

const T = DEMO_TENANT_ID;

/** A handle bound to its own registry, as buildApp binds an app's (the catch-up here never queries it). */
function boundHandle(x: Extensions) {
  const adapter = {};
  const db = { getExecutor: () => ({ adapter }) } as unknown as Kysely<Database>;
  bindExtensions(db, x);
  return db;
}

describe('the close’s step for one loan', () => {
  it('runs what the close registered, with the caller’s transaction, loan, day and instant', async () => {
    const x = new Extensions();
    const trx = boundHandle(x);
    const step = vi.fn(async () => {});
    registerLoanCatchUp(x, step);
    const at = new Date('2026-03-02T09:30:00Z');
    await catchUpLoan(trx, 't1', 'b1', '2026-03-01', at);
    expect(step).toHaveBeenCalledExactlyOnceWith(trx, 't1', 'b1', '2026-03-01', at);
  });

  it('does nothing in an app without the close', async () => {
    const trx = boundHandle(new Extensions());
    await expect(catchUpLoan(trx, 't1', 'b1', '2026-03-01', new Date())).resolves.toBeUndefined();
  });
});

describe.each(databasesUnderTest())('the loan book read on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 120_000);
  afterAll(async () => gw?.close());

  /** The seeded registered loan of the most periods, as stored. */
  async function seededLoan() {
    return gw.db
      .selectFrom('loan')
      .selectAll()
      .where('tenant_id', '=', T)
      .where('status', '=', 'REGISTERED')
      .orderBy('periods', 'desc')
      .orderBy('business_id')
      .executeTakeFirstOrThrow();
  }

  it('reads a loan as stored, and none for a business without one', async () => {
    const row = await seededLoan();
    const loan = await loadLoan(gw.db, T, row.business_id);
    expect(loan).toMatchObject({
      businessId: row.business_id,
      loanNo: row.loan_no,
      amount: fenOf(row.amount),
      netAmount: fenOf(row.net_amount),
      loanDate: dayOf(row.loan_date),
      status: 'REGISTERED',
      periods: Number(row.periods),
    });
    expect(await loadLoan(gw.db, T, 'no-such-business')).toBeNull();
    expect(await loadLoan(gw.db, 'no-such-tenant', row.business_id)).toBeNull();
  });

  it('reads the installments in period order, their principal the loan’s amount', async () => {
    const row = await seededLoan();
    const installments = await loadInstallments(gw.db, T, row.business_id);
    expect(installments.map((i) => i.periodNo)).toEqual(installments.map((_, k) => k + 1));
    expect(installments.reduce((s, i) => s + i.principalDue, 0n)).toBe(fenOf(row.amount));
    expect(await loadInstallments(gw.db, 'no-such-tenant', row.business_id)).toEqual([]);
  });

  it('reads the approved terms the loan is held to, the capital side’s amount as the push hands it over', async () => {
    const row = await seededLoan();
    const business = await gw.db
      .selectFrom('financing_business')
      .select(['approved_amount', 'approved_term_days'])
      .where('tenant_id', '=', T)
      .where('business_id', '=', row.business_id)
      .executeTakeFirstOrThrow();
    const limits = await loanTermsOf(gw.db, T, row.business_id, new Date());
    expect(limits?.bounds.approvedFen).toBe(fenOf(business.approved_amount));
    expect(typeof limits?.bounds.capitalApprovedFen).toBe('bigint');
    expect(limits?.terms?.termDays).toBe(Number(business.approved_term_days));
    expect(await loanTermsOf(gw.db, T, 'no-such-business', new Date())).toBeNull();
  });
});
