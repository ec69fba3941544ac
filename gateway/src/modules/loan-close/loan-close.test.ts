// The close of business for loans on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), on the
// app's clock: a business walked to 还款中 by the README's people, then the days run past its first due date — the
// reminder 7 days before it in 到期提醒, a day run twice changing nothing, the business turned 逾期 through the
// aggregate by the system with the penalty of each day posted once, three missed days caught up in order, and
// 还款中 again once paid up. (Two processes and a kill: jobs/daily-job.processes.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onOrNextBusinessDay } from '../../../../src/domain/calendar/business-day';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { closeTimeOf, nextDay } from '../../../../src/domain/calendar/close-of-business';
import { penaltyFen } from '../../../../src/domain/financing/penalty';
import { addDays, daysBetween } from '../../../../src/domain/financing/repayment-schedule';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { walkToRepaying } from '../../testing/repaying-walk';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { rateText } from '../../stage/stage-terms';
import { bringLoanUpToDate } from './close';
import { seededBusinessAt } from '../../testing/seeded-business';

const TODO = '/api/business/workbench/todo';
const at = (day: string, minutes = 1) => new Date(closeTimeOf(day).getTime() + minutes * 60_000);

describe.each(databasesUnderTest())('the close of business for loans on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let clock = new Date();
  let business: string;
  /** The first installment: its due date and what the penalty runs on. */
  let due: string;
  let base: bigint;
  let terms: { annualRate: string; markup: string; dayCountBasis: 360 | 365 };
  let over: string;
  let loanDay: string;

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    business = row.businessId;
    await walkToRepaying(gw.app, gw.db, DEMO_TENANT_ID, business, clock);
    loanDay = businessDay(clock);
    const first = await gw.db
      .selectFrom('installment')
      .select(['due_date', 'principal_due', 'interest_due'])
      .where('business_id', '=', business)
      .where('period_no', '=', 1)
      .executeTakeFirstOrThrow();
    due = String(
      (first.due_date as unknown) instanceof Date ? (first.due_date as unknown as Date).toISOString() : first.due_date,
    ).slice(0, 10);
    base = BigInt(String(first.principal_due)) + BigInt(String(first.interest_due));
    const loan = await gw.db
      .selectFrom('loan as l')
      .innerJoin('financing_business as b', 'b.business_id', 'l.business_id')
      .select(['l.annual_rate', 'l.day_count_basis', 'b.product_id'])
      .where('l.business_id', '=', business)
      .executeTakeFirstOrThrow();
    const product = await (gw.db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom('fund_product')
      .select('penalty_markup')
      .where('product_id', '=', loan.product_id as string)
      .executeTakeFirstOrThrow();
    terms = {
      annualRate: rateText(loan.annual_rate) as string,
      markup: rateText(product.penalty_markup) as string,
      dayCountBasis: Number(loan.day_count_basis) === 365 ? 365 : 360,
    };
    over = addDays(onOrNextBusinessDay(due), 1);
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  const state = async () =>
    (
      await gw.db
        .selectFrom('financing_business')
        .select('state')
        .where('business_id', '=', business)
        .executeTakeFirstOrThrow()
    ).state;
  const facts = async () => ({
    installments: await gw.db
      .selectFrom('installment')
      .selectAll()
      .where('business_id', '=', business)
      .orderBy('period_no')
      .execute(),
    loan: await gw.db.selectFrom('loan').selectAll().where('business_id', '=', business).executeTakeFirstOrThrow(),
    reminders: await gw.db
      .selectFrom('loan_reminder')
      .selectAll()
      .where('business_id', '=', business)
      .orderBy('day')
      .orderBy('subject')
      .execute(),
  });
  const first = async () => (await facts()).installments[0]!;
  const dueTab = async (who: string) => {
    // Signed in on the app's clock as it is now: the clock runs days ahead of an earlier session.
    const { headers } = await signIn(gw.app, who, demoPassword(who));
    const res = await callerOf(gw.app)('GET', `${TODO}?tab=DUE&size=100`, headers);
    expect(res.code, res.message).toBe(0);
    return (res.data.records as { businessId: string; itemTypeLabel: string; link: string; overdue: boolean }[]).filter(
      (r) => r.businessId === business,
    );
  };
  const events = async (action: string) =>
    gw.db
      .selectFrom('business_event')
      .select(['actor_id', 'from_state', 'to_state'])
      .where('business_id', '=', business)
      .where('action', '=', action)
      .execute();
  const penaltyThrough = (day: string) => penaltyFen({ ...terms, overdueFen: base, dueDate: due, valueDate: day });

  it('reminds 7 days before the first due date, and a day run twice changes nothing', async () => {
    const day = addDays(due, -7);
    clock = at(day);
    const run = await gw.app.dailyJob.closeDays();
    expect(run.claimed && run.days.map((d) => d.day)).toEqual([day]);
    expect(run.claimed && run.days[0]!.steps.find((s) => s.step === 'close-loans')).toMatchObject({ failed: 0 });
    const once = await facts();
    expect(once.loan).toMatchObject({ risk_class: 'NORMAL', overdue_days: 0 });
    expect(once.installments[0]).toMatchObject({ status: 'NOT_DUE', penalty_accrued: expect.anything() });
    expect(once.reminders.filter((r) => r.subject === 'INSTALLMENT:1').map((r) => r.kind)).toEqual(['DUE_IN_7']);
    // The 中登 registration, due 10 days after the loan and not recorded, is reminded of to those who lend.
    const zhongdeng = daysBetween(addDays(loanDay, 10), day);
    expect(await dueTab('finance')).toEqual([
      expect.objectContaining({
        itemTypeLabel: `中登已逾期${zhongdeng}天`,
        link: `/business/lendingRegistration?id=${business}`,
        overdue: true,
      }),
      expect.objectContaining({
        itemTypeLabel: '第1期7天后到期',
        link: `/repaymentPlanInfo?id=${business}`,
        overdue: false,
      }),
    ]);

    expect(await gw.app.dailyJob.closeDays()).toEqual({ claimed: true, days: [] });
    const again = await gw.db.transaction().execute((trx) => bringLoanUpToDate(trx, DEMO_TENANT_ID, business, day));
    expect(again).toBeNull();
    expect(await facts()).toEqual(once);
  });

  it('turns the business 逾期 through the aggregate as the system, posting the penalty since the due date', async () => {
    clock = at(over);
    const run = await gw.app.dailyJob.closeDays();
    expect(run.claimed && run.days[0]?.day).toBe(addDays(due, -6));
    expect(run.claimed && run.days.at(-1)?.day).toBe(over);
    expect(await state()).toBe('REPAYING/OVERDUE');
    expect(await events('overdue')).toEqual([
      { actor_id: '0', from_state: 'REPAYING/NORMAL', to_state: 'REPAYING/OVERDUE' },
    ]);
    const i = await first();
    expect(i).toMatchObject({ status: 'OVERDUE', overdue_days: daysBetween(due, over) });
    expect(BigInt(String(i.penalty_accrued))).toBe(penaltyThrough(over));
    expect(BigInt(String(i.penalty_accrued))).toBeGreaterThan(0n);
    expect((await facts()).loan).toMatchObject({ risk_class: 'SPECIAL_MENTION', overdue_days: daysBetween(due, over) });
    expect((await dueTab('operator')).filter((r) => r.link.startsWith('/repaymentPlanInfo'))).toEqual([
      expect.objectContaining({ itemTypeLabel: `第1期已逾期${daysBetween(due, over)}天`, overdue: true }),
    ]);
  });

  it('catches three missed days up in order, each day’s penalty posted once', async () => {
    const missed = [nextDay(over), nextDay(nextDay(over)), addDays(over, 3)];
    clock = new Date(closeTimeOf(missed[2]!).getTime() + 9 * 3_600_000);
    const run = await gw.app.dailyJob.closeDays();
    expect(run.claimed && run.days.map((d) => d.day)).toEqual(missed);
    const ledger = await gw.db
      .selectFrom('close_day_unit')
      .select([(eb) => eb.fn.countAll<string>().as('n'), 'day'])
      .where('step', '=', 'close-loans')
      .where('day', 'in', missed)
      .where('status', '=', 'DONE')
      .groupBy('day')
      .orderBy('day')
      .execute();
    expect(ledger.map((r) => Number(r.n))).toEqual([1, 1, 1]);
    const i = await first();
    // The posts of the three days add up to the penalty from the due date to the last day, to the 分.
    expect(BigInt(String(i.penalty_accrued))).toBe(penaltyThrough(missed[2]!));
    expect(
      String(i.penalty_through instanceof Date ? i.penalty_through.toISOString() : i.penalty_through).slice(0, 10),
    ).toBe(missed[2]);
    const before = await facts();
    // Outside a transaction it makes its own.
    expect(await bringLoanUpToDate(gw.db, DEMO_TENANT_ID, business, missed[2]!)).toBeNull();
    expect(await facts()).toEqual(before);
    expect(await events('overdue')).toHaveLength(1);
  });

  it('keeps 到期提醒 to the 数据授权 subtree of the business', async () => {
    const own = await gw.db
      .selectFrom('financing_business')
      .select('project_company_id')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const other = own.project_company_id === DemoOrg.nanjingProject ? DemoOrg.suzhouProject : DemoOrg.nanjingProject;
    const finance = () => gw.db.updateTable('app_user').where('user_name', '=', 'finance');
    const saved = await gw.db
      .selectFrom('app_user')
      .select(['is_auth_data', 'organization_id'])
      .where('user_name', '=', 'finance')
      .executeTakeFirstOrThrow();
    await finance().set({ is_auth_data: true, organization_id: other }).execute();
    try {
      expect(await dueTab('finance')).toEqual([]);
      expect((await dueTab('operator')).length).toBeGreaterThanOrEqual(1);
    } finally {
      await finance().set(saved).execute();
    }
    expect(await dueTab('finance')).toHaveLength(2);
  });

  it('is 还款中 again once paid up, as the system, and the reminder is gone', async () => {
    // What a confirmed repayment leaves: the installment paid in full.
    const i = await first();
    await gw.db
      .updateTable('installment')
      .set({ principal_paid: BigInt(String(i.principal_due)), interest_paid: BigInt(String(i.interest_due)) })
      .set({ penalty_paid: BigInt(String(i.penalty_accrued)) })
      .where('installment_id', '=', i.installment_id)
      .execute();
    expect((await dueTab('finance')).map((r) => r.itemTypeLabel)).toEqual([expect.stringMatching(/^中登已逾期/)]);
    const day = addDays(over, 4);
    clock = at(day);
    await gw.app.dailyJob.closeDays();
    expect(await state()).toBe('REPAYING/NORMAL');
    expect(await events('cured')).toEqual([
      { actor_id: '0', from_state: 'REPAYING/OVERDUE', to_state: 'REPAYING/NORMAL' },
    ]);
    expect(await first()).toMatchObject({ status: 'SETTLED', overdue_days: 0 });
    expect(BigInt(String((await first()).penalty_accrued))).toBe(BigInt(String(i.penalty_accrued)));
    expect((await facts()).loan).toMatchObject({ risk_class: 'NORMAL', overdue_days: 0, write_off_review: false });
  });
});
