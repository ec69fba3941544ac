// 放款登记 and 还款计划 through HTTP as the README's people (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// the seeded business at 要素落实 walked to 放款·待放款 through the aggregate; FINANCE's 登记放款 refused above the
// approved amount, on a future day and for another tenant or another 数据授权 subtree; the registrar never reviews
// their own loan; of two OPS approvals at once one wins; the approval stores the schedule — its principal summing
// to the loan to the 分 — consumes the product's quota and turns the orders' reservations into 已融资; the plan
// lists every installment; the 中登 registration is recorded within 10 days.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { LendingMessage, scheduleOf } from '../../../../src/domain/financing/lending';
import { addDays } from '../../../../src/domain/financing/repayment-schedule';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { walkToLending } from '../../testing/lending-walk';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
  type TestGateway,
} from '../../testing/test-gateway';
import { LifecycleRole } from '../business/seed';
import { seededBusinessAt } from '../../testing/seeded-business';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/lending';
const PLAN = '/api/business/repayment-plan';

describe.each(databasesUnderTest())('放款登记 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const as: Record<string, Record<string, string>> = {};
  let business: string;
  let approved: number;
  let today: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    // finance also reviews loans: the registrar of one must still not review it.
    const finance = await gw.db
      .selectFrom('app_user')
      .select('user_id')
      .where('user_name', '=', 'finance')
      .executeTakeFirstOrThrow();
    await gw.db
      .insertInto('user_role')
      .values({ user_id: finance.user_id, role_id: LifecycleRole.LOAN_OPS as string })
      .execute();
    for (const name of ['finance', 'ops1', 'ops2', 'operator']) {
      as[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    }
    as.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    business = row.businessId;
    approved = Number(row.approvedAmount);
    const now = new Date();
    today = businessDay(now);
    await walkToLending(gw.db, DEMO_TENANT_ID, business, now);
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  const detail = async (who = 'finance') => {
    const res = await call('GET', `${API}/${business}`, as[who]!);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const upload = async (who: string) => {
    const res = await uploadFile(gw.app, as[who]!, '放款回单.pdf', PDF);
    expect(res.code, res.message).toBe(0);
    return res.data.keyId;
  };
  const register = async (who: string, over: Record<string, unknown> = {}) => {
    const d = await detail();
    return call('POST', `${API}/${business}/register`, as[who]!, {
      version: d.version,
      amount: approved,
      loanDate: today,
      upfrontInterest: 10_000,
      serviceFee: 5_000,
      receiptFileId: await upload(who),
      ...over,
    });
  };

  it('lists the business waiting for its loan, with FINANCE’s 登记 and the limits beside it', async () => {
    const page = await call('GET', `${API}/page?size=100`, as.finance!);
    expect(page.code, page.message).toBe(0);
    const row = page.data.records.find((r: { keyId: string }) => r.keyId === business);
    expect(row).toMatchObject({ status: 'WAIT_LOAN', approvedAmount: approved, loanAmount: null });
    expect(row.actions).toEqual(['submit']);
    const d = await detail();
    expect(d).toMatchObject({ capitalApprovedAmount: approved, today, loanStatus: null, problems: [] });
    expect(d.annualRate).toMatch(/^0\.\d{4}$/);
  });

  it('refuses a loan above the approved amount and a loan date in the future', async () => {
    expect(await register('finance', { amount: approved + 1 })).toMatchObject({
      code: ResultCode.invalidInput,
      message: LendingMessage.overCapital(BigInt(approved)),
    });
    expect(await register('finance', { loanDate: addDays(today, 1) })).toMatchObject({
      code: ResultCode.invalidInput,
      message: LendingMessage.future,
    });
    expect(await register('finance', { upfrontInterest: approved })).toMatchObject({
      code: ResultCode.invalidInput,
      message: LendingMessage.net,
    });
    expect((await detail()).state).toBe('LENDING/WAIT_LOAN');
  });

  it('answers another tenant’s id as not found, and lets no one but FINANCE register', async () => {
    expect((await call('GET', `${API}/${business}`, as.xh_admin!)).code).toBe(ResultCode.notFound);
    const other = await call('POST', `${API}/${business}/register`, as.xh_admin!, {
      ...{ version: 1, amount: 100, loanDate: today, upfrontInterest: 0, serviceFee: 0, receiptFileId: 'x' },
    });
    expect(other.code).toBe(ResultCode.notFound);
    expect((await register('operator')).code).toBe(ResultCode.forbidden);
  });

  it('registers the loan for review: 实际到账 computed, the receipt bound, the registrar not its reviewer', async () => {
    const done = await register('finance');
    expect(done.code, done.message).toBe(0);
    expect(done.data).toMatchObject({
      state: 'LENDING/LOAN_PENDING',
      status: 'LOAN_PENDING',
      loanStatus: 'PENDING',
      loanAmount: approved,
      netAmount: approved - 15_000,
      loanDate: today,
    });
    expect(done.data.loanNo).toMatch(/^DK\d{12}$/);
    const own = await call('POST', `${API}/${business}/transition`, as.finance!, {
      action: 'approve',
      version: done.data.version,
    });
    expect(own).toMatchObject({ code: ResultCode.invalidInput, message: ReviewMessage.maker });
    expect((await detail('ops1')).actions).toEqual(expect.arrayContaining(['approve', 'return']));
  });

  it('of two approvals at once, one wins; the schedule is stored once, its principal the loan to the 分', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the funds and assets tables are the resource kit's, untyped
    const db = gw.db as unknown as Kysely<any>;
    const quota = async () =>
      Number(
        (
          await db
            .selectFrom('fund_product as p')
            .innerJoin('financing_business as b', 'b.product_id', 'p.product_id')
            .select('p.used_quota')
            .where('b.business_id', '=', business)
            .executeTakeFirstOrThrow()
        ).used_quota,
      );
    const financed = async () =>
      Number(
        (
          await db
            .selectFrom('payment_order')
            .select(sql<string>`coalesce(sum(financed_amount), 0)`.as('sum'))
            .where('tenant_id', '=', DEMO_TENANT_ID)
            .executeTakeFirstOrThrow()
        ).sum,
      );
    const [quotaBefore, financedBefore] = [await quota(), await financed()];
    const { version } = await detail('ops1');
    const answers = await Promise.all(
      ['ops1', 'ops2'].map((who) =>
        call('POST', `${API}/${business}/transition`, as[who]!, { action: 'approve', version }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion].sort());
    const d = await detail();
    expect(d).toMatchObject({ state: 'REPAYING/NORMAL', loanStatus: 'REGISTERED' });
    const rows = await gw.db
      .selectFrom('installment')
      .select(['period_no', 'principal_due', 'interest_due', 'due_date'])
      .where('business_id', '=', business)
      .orderBy('period_no')
      .execute();
    const expected = scheduleOf({
      amountFen: BigInt(approved),
      annualRate: d.annualRate,
      method: d.repaymentMethod,
      loanDate: today,
      termDays: d.termDays,
      dayCountBasis: d.dayCountBasis,
    });
    expect(rows.length).toBe(expected.installments.length);
    expect(rows.reduce((s, r) => s + BigInt(String(r.principal_due)), 0n)).toBe(BigInt(approved));
    expect(rows.map((r) => BigInt(String(r.interest_due)))).toEqual(expected.installments.map((i) => i.interestFen));
    expect((await quota()) - quotaBefore).toBe(approved);
    expect((await financed()) - financedBefore).toBeGreaterThan(0);
    expect((await financed()) - financedBefore).toBeLessThanOrEqual(approved);
  });

  it('shows the plan: the loan in the list and every installment with what is paid and owed', async () => {
    const page = await call('GET', `${PLAN}/page?size=100`, as.finance!);
    expect(page.code, page.message).toBe(0);
    const row = page.data.records.find((r: { keyId: string }) => r.keyId === business);
    expect(row).toMatchObject({ status: 'NORMAL', loanAmount: approved, remainingPrincipal: approved, overdueDays: 0 });
    const plan = await call('GET', `${PLAN}/${business}`, as.finance!);
    expect(plan.code, plan.message).toBe(0);
    const first = plan.data.installments[0];
    expect(first).toMatchObject({
      periodNo: 1,
      paidTotal: 0,
      status: 'NOT_DUE',
      statusLabel: '未到期',
      overdueDays: 0,
    });
    expect(first.owedTotal).toBe(first.principalDue + first.interestDue);
    expect((await call('GET', `${PLAN}/${business}`, as.xh_admin!)).code).toBe(ResultCode.notFound);
  });

  it('records the 中登 registration within 10 days after the loan, on the loan’s version', async () => {
    const late = addDays(today, 11);
    const loan = await gw.db
      .selectFrom('loan')
      .select('version')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const path = `${API}/${business}/zhongdeng`;
    expect(
      await call('POST', path, as.finance!, { version: loan.version, regNo: 'ZD2026001', regDate: late }),
    ).toMatchObject({
      code: ResultCode.invalidInput,
    });
    const done = await call('POST', path, as.finance!, { version: loan.version, regNo: 'ZD2026001', regDate: today });
    expect(done.code, done.message).toBe(0);
    expect(done.data).toMatchObject({ zhongdengRegNo: 'ZD2026001', zhongdengRegDate: today });
    expect((await call('POST', path, as.finance!, { version: loan.version, regNo: 'ZD2', regDate: today })).code).toBe(
      ResultCode.staleVersion,
    );
  });

  it('keeps the loan and its plan to the caller’s 数据授权 subtree: another subtree’s are not found', async () => {
    const elsewhere = await gw.db
      .selectFrom('financing_business')
      .select('project_company_id')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const other =
      elsewhere.project_company_id === DemoOrg.nanjingProject ? DemoOrg.suzhouProject : DemoOrg.nanjingProject;
    await gw.db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: other })
      .where('user_name', '=', 'finance')
      .execute();
    expect((await call('GET', `${API}/${business}`, as.finance!)).code).toBe(ResultCode.notFound);
    expect((await call('GET', `${PLAN}/${business}`, as.finance!)).code).toBe(ResultCode.notFound);
    const page = await call('GET', `${PLAN}/page?size=100`, as.finance!);
    expect(page.data.records.some((r: { keyId: string }) => r.keyId === business)).toBe(false);
    const loan = await gw.db
      .selectFrom('loan')
      .select('version')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const zd = { version: loan.version, regNo: 'ZD9', regDate: today };
    expect((await call('POST', `${API}/${business}/zhongdeng`, as.finance!, zd)).code).toBe(ResultCode.notFound);
  });
});
