// Each loan's plan totals against its installments (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
// remaining principal, interest, owed amount, 逾期 owed amount and most overdue days the loan carries — what the
// 还款计划 list and the dashboard read — equal the sums over its installments after every writer of installments:
// 放款 (the schedule stored at OPS's 通过), the close of business turning an installment 逾期 with its penalty, a
// part repayment and the repayment that settles the loan. The demo's own loans, walked by its people through the
// same writers (overdue, settled early, settled), are checked too. A loan whose columns were written by hand is
// found, so the check can fail. The facts of its business a loan carries (supplier, project company, capital side,
// product, deleted) equal its business's, also after the business's change; and after the close of business the
// most overdue days the plan carries are the close's own for every loan it closed, also once a loan closed overdue
// is settled.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onOrNextBusinessDay } from '../../../../src/domain/calendar/business-day';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { closeTimeOf } from '../../../../src/domain/calendar/close-of-business';
import { addDays } from '../../../../src/domain/financing/repayment-schedule';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { walkToRepaying } from '../../testing/repaying-walk';
import {
  type TestGateway,
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
} from '../../testing/test-gateway';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/repayment';
const OWED = sql`i.principal_due + i.interest_due + i.fee_due + i.penalty_accrued
  - i.principal_paid - i.interest_paid - i.fee_paid - i.penalty_paid`;

interface Totals {
  business_id: string;
  remaining: string;
  interest: string;
  owed: string;
  overdue_owed: string;
  overdue_days: number;
}

describe.each(databasesUnderTest())('each loan’s plan totals on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  // biome-ignore lint/suspicious/noExplicitAny: the loan and installment tables, read as stored
  let db: Kysely<any>;
  let clock = new Date();
  let business: string;

  /** Every loan's columns beside the same figures summed from its installments. */
  const both = async () => {
    const { rows } = await sql<{ carried: Totals; summed: Totals }>`
      select json_build_object('business_id', l.business_id, 'remaining', l.plan_remaining_principal::text,
          'interest', l.plan_interest::text, 'owed', l.plan_owed::text, 'overdue_owed', l.plan_overdue_owed::text,
          'overdue_days', l.plan_overdue_days) as carried,
        json_build_object('business_id', l.business_id,
          'remaining', coalesce(sum(i.principal_due - i.principal_paid), 0)::text,
          'interest', coalesce(sum(i.interest_due), 0)::text, 'owed', coalesce(sum(${OWED}), 0)::text,
          'overdue_owed', coalesce(sum(${OWED}) filter (where i.status = 'OVERDUE'), 0)::text,
          'overdue_days', coalesce(max(i.overdue_days) filter (where i.status = 'OVERDUE'), 0)) as summed
      from loan l left join installment i on i.tenant_id = l.tenant_id and i.business_id = l.business_id
      group by l.business_id order by l.business_id`.execute(db);
    return rows;
  };
  /** Every loan's carried facts beside its business's. */
  const facts = async () => {
    const { rows } = await sql<{ carried: string; business: string }>`
      select row(l.supplier_id, l.project_company_id, l.capital_side_id, l.product_id, l.business_deleted)::text
          as carried,
        row(b.supplier_id, b.project_company_id, b.capital_side_id, b.product_id, b.deleted)::text as business
      from loan l join financing_business b on b.business_id = l.business_id order by l.business_id`.execute(db);
    return rows;
  };
  const expectNoDrift = async () => {
    const rows = await both();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.carried)).toEqual(rows.map((r) => r.summed));
    const carried = await facts();
    expect(carried.map((r) => r.carried)).toEqual(carried.map((r) => r.business));
  };
  const ours = async () => (await both()).find((r) => r.carried.business_id === business)!.carried;
  const signedIn = async (who: string) => (await signIn(gw.app, who, demoPassword(who))).headers;
  const repay = async (amount: number) => {
    const finance = await signedIn('finance');
    const upload = await uploadFile(gw.app, finance, '回单.pdf', PDF);
    const call = callerOf(gw.app);
    const made = await call('POST', `${API}/${business}/items`, finance, {
      ...{ payer: '华东建材有限公司', amount, valueDate: businessDay(clock) },
      ...{ flowNo: `LS${Math.random().toString().slice(2, 14)}`, receiptFileId: upload.data.keyId },
    });
    expect(made.code, made.message).toBe(0);
    const confirmed = await call('POST', `${API}/items/${made.data.keyId}/transition`, await signedIn('finance2'), {
      action: 'confirm',
      version: made.data.version,
    });
    expect(confirmed.code, confirmed.message).toBe(0);
  };

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    db = gw.db as unknown as typeof db;
    const row = await db
      .selectFrom('financing_business')
      .select('business_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('state', '=', 'ELEMENTS/DRAFT')
      .orderBy('business_id')
      .executeTakeFirstOrThrow();
    business = row.business_id;
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('carries the demo’s walked loans’ sums, and a loan written by hand is told apart', async () => {
    await expectNoDrift();
    const [some] = await both();
    await db
      .updateTable('loan')
      .set({ plan_owed: sql`plan_owed + 1` })
      .where('business_id', '=', some!.carried.business_id)
      .execute();
    await expect(expectNoDrift()).rejects.toThrow();
    // Any statement on its installments brings the loan back to their sums.
    await db
      .updateTable('installment')
      .set({ version: sql`version` })
      .where('business_id', '=', some!.carried.business_id)
      .execute();
    await expectNoDrift();
    // A business's change reaches its loan in the same statement.
    const [moved] = await facts();
    const loan = await db
      .selectFrom('loan')
      .select(['business_id', 'project_company_id'])
      .orderBy('business_id')
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('organization')
      .select('org_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('org_type', '=', 'PROJECT_COMPANY')
      .where(sql<boolean>`org_id is distinct from ${loan.project_company_id}`)
      .executeTakeFirstOrThrow();
    const move = (to: string) =>
      db
        .updateTable('financing_business')
        .set({ project_company_id: to })
        .where('business_id', '=', loan.business_id)
        .execute();
    await move(other.org_id);
    expect((await facts())[0]).not.toEqual(moved);
    await expectNoDrift();
    await move(loan.project_company_id);
    expect((await facts())[0]).toEqual(moved);
  });

  it('carries the schedule stored at 放款: the whole loan remaining, nothing overdue', async () => {
    await walkToRepaying(gw.app, gw.db, DEMO_TENANT_ID, business, clock);
    await expectNoDrift();
    const loan = await db
      .selectFrom('loan')
      .select('amount')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    expect(await ours()).toMatchObject({ remaining: String(loan.amount), overdue_owed: '0', overdue_days: 0 });
  }, 180_000);

  it('follows the close of business turning the first installment 逾期 with its penalty', async () => {
    const first = await db
      .selectFrom('installment')
      .select(sql<string>`due_date::text`.as('due'))
      .where('business_id', '=', business)
      .where('period_no', '=', 1)
      .executeTakeFirstOrThrow();
    const over = addDays(onOrNextBusinessDay(first.due.slice(0, 10)), 3);
    clock = new Date(closeTimeOf(over).getTime() + 60_000);
    const run = await gw.app.dailyJob.closeDays();
    expect(run.claimed && run.days.at(-1)?.day).toBe(over);
    await expectNoDrift();
    const after = await ours();
    expect(after.overdue_days).toBeGreaterThan(0);
    expect(BigInt(after.overdue_owed)).toBeGreaterThan(0n);
    // The plan's 逾期天数 and the close's, from which it judged the risk class, are one figure.
    const closed = await db
      .selectFrom('loan')
      .select(['business_id', 'overdue_days', 'plan_overdue_days'])
      .where('closed_through', '=', over)
      .orderBy('business_id')
      .execute();
    expect(closed.map((l) => l.business_id)).toContain(business);
    expect(closed.map((l) => [l.business_id, l.plan_overdue_days])).toEqual(
      closed.map((l) => [l.business_id, l.overdue_days]),
    );
  }, 180_000);

  it('follows a part repayment, then the repayment that settles the loan', async () => {
    const before = await ours();
    await repay(100_000);
    await expectNoDrift();
    const part = await ours();
    expect(BigInt(part.owed)).toBeLessThan(BigInt(before.owed));
    await repay(Number(BigInt(part.owed) * 2n));
    await expectNoDrift();
    // Repaid, no installment is 逾期 any more, whatever days the repaid one was late.
    expect(await ours()).toMatchObject({ remaining: '0', owed: '0', overdue_owed: '0', overdue_days: 0 });
    // Settled while overdue, the loan is no longer judged overdue by the close either: the close's days, and the
    // risk class it judged from them, are the plan's again, for every loan a close has reached.
    const judged = await db
      .selectFrom('loan')
      .select(['business_id', 'overdue_days', 'plan_overdue_days', 'risk_class'])
      .where('closed_through', 'is not', null)
      .orderBy('business_id')
      .execute();
    expect(judged.find((l) => l.business_id === business)).toMatchObject({ overdue_days: 0, risk_class: 'NORMAL' });
    expect(judged.map((l) => [l.business_id, l.overdue_days])).toEqual(
      judged.map((l) => [l.business_id, l.plan_overdue_days]),
    );
  }, 180_000);
});
