// 还款登记 through HTTP as the README's people (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the seeded
// business at 要素落实 walked to 放款, lent by `finance` and approved by `ops1`; on the app's clock ten days later
// `finance` registers part of the loan and `finance2` confirms it — never the registrar, never with a value date
// in the future, never on another tenant's or another 数据授权 subtree's ids, and of two confirmations at once one
// wins — the interest to the value date, the early fee and the principal exact to the 分; ten days later the rest
// settles the loan early (提前结清), releasing the quota by the whole principal. A rejection changes nothing.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { dueDay } from '../../../../src/domain/calendar/close-of-business';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { RepaymentMessage } from '../../../../src/domain/financing/repayment';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import {
  addDays,
  interestForDays,
  rateFraction,
  roundHalfUp,
} from '../../../../src/domain/financing/repayment-schedule';
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
import { seededBusinessAt } from '../../testing/seeded-business';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const API = '/api/business/repayment';
const PLAN = '/api/business/repayment-plan';
const DAY = 86_400_000;
type Fen = string | bigint;
interface InstallmentRow {
  due_date: string;
  status: string;
  principal_due: Fen;
  principal_paid: Fen;
  interest_due: Fen;
  interest_paid: Fen;
  fee_due: Fen;
  fee_paid: Fen;
}

describe.each(databasesUnderTest())('还款登记 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let clock = new Date();
  const as: Record<string, Record<string, string>> = {};
  let business: string;
  let loan: { amount: bigint; rate: string; basis: number; loanDate: string; feeRate: string };
  // biome-ignore lint/suspicious/noExplicitAny: the funds and assets tables are the resource kit's, untyped
  let db: Kysely<any>;

  const signAll = async () => {
    for (const name of ['finance', 'finance2', 'ops1', 'admin', 'xh_admin']) {
      as[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    }
  };
  const upload = async (who: string) => {
    const res = await uploadFile(gw.app, as[who]!, '回单.pdf', PDF);
    expect(res.code, res.message).toBe(0);
    return res.data.keyId as string;
  };
  const today = () => businessDay(clock);
  const later = async (days: number) => {
    clock = new Date(clock.getTime() + days * DAY);
    await signAll();
  };
  const register = async (who: string, over: Record<string, unknown> = {}) =>
    call('POST', `${API}/${business}/items`, as[who]!, {
      payer: '华东建材有限公司',
      amount: 100_000,
      valueDate: today(),
      flowNo: `LS${Math.random().toString().slice(2, 14)}`,
      receiptFileId: await upload(who),
      ...over,
    });
  const items = async (who = 'finance') => {
    const res = await call('GET', `${API}/${business}/items?size=50`, as[who]!);
    expect(res.code, res.message).toBe(0);
    return res.data.records as { keyId: string; version: number; status: string; actions: string[] }[];
  };
  const move = (who: string, id: string, version: number, action: string, comment?: string) =>
    call('POST', `${API}/items/${id}/transition`, as[who]!, { action, version, ...(comment ? { comment } : {}) });
  const installments = async () =>
    (
      (await db
        .selectFrom('installment')
        .selectAll()
        .where('business_id', '=', business)
        .orderBy('period_no')
        .execute()) as InstallmentRow[]
    ).map((r) => ({
      ...r,
      owed:
        BigInt(r.principal_due) -
        BigInt(r.principal_paid) +
        BigInt(r.interest_due) -
        BigInt(r.interest_paid) +
        BigInt(r.fee_due) -
        BigInt(r.fee_paid),
    }));
  const quota = async () =>
    BigInt(
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
    BigInt(
      (
        await db
          .selectFrom('payment_order')
          .select(sql<string>`coalesce(sum(financed_amount), 0)`.as('sum'))
          .where('tenant_id', '=', DEMO_TENANT_ID)
          .executeTakeFirstOrThrow()
      ).sum,
    );
  const state = async () =>
    (
      await db
        .selectFrom('financing_business')
        .select(['state', 'version'])
        .where('business_id', '=', business)
        .executeTakeFirstOrThrow()
    ).state as string;

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    call = callerOf(gw.app);
    db = gw.db as unknown as typeof db;
    await signAll();
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    business = row.businessId;
    await walkToLending(gw.db, DEMO_TENANT_ID, business, clock);
    const d = (await call('GET', `/api/business/lending/${business}`, as.finance!)).data;
    const lent = await call('POST', `/api/business/lending/${business}/register`, as.finance!, {
      ...{ version: d.version, amount: Number(row.approvedAmount), loanDate: today() },
      ...{ upfrontInterest: 0, serviceFee: 0, receiptFileId: await upload('finance') },
    });
    expect(lent.code, lent.message).toBe(0);
    const approved = await call('POST', `/api/business/lending/${business}/transition`, as.ops1!, {
      action: 'approve',
      version: lent.data.version,
    });
    expect(approved.code, approved.message).toBe(0);
    const terms = await db
      .selectFrom('loan as l')
      .innerJoin('financing_business as b', 'b.business_id', 'l.business_id')
      .innerJoin('fund_product as p', 'p.product_id', 'b.product_id')
      .select([
        'l.amount',
        sql<string>`l.annual_rate::text`.as('rate'),
        'l.day_count_basis',
        sql<string>`l.loan_date::text`.as('loan_date'),
        sql<string>`p.early_repay_fee_rate::text`.as('fee_rate'),
      ])
      .where('l.business_id', '=', business)
      .executeTakeFirstOrThrow();
    loan = {
      amount: BigInt(terms.amount),
      rate: terms.rate,
      basis: Number(terms.day_count_basis),
      loanDate: terms.loan_date.slice(0, 10),
      feeRate: terms.fee_rate,
    };
    expect(await state()).toBe('REPAYING/NORMAL');
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses a future value date, another tenant’s business, a registrar not in finance, a move of the business', async () => {
    expect(await register('finance', { valueDate: addDays(today(), 1) })).toMatchObject({
      code: ResultCode.invalidInput,
      message: RepaymentMessage.future,
    });
    expect((await register('xh_admin')).code).toBe(ResultCode.notFound);
    // Whoever holds every operation code is still not finance.
    expect((await register('admin')).code).toBe(ResultCode.forbidden);
    const { version } = await db
      .selectFrom('financing_business')
      .select('version')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const direct = await call('POST', `/api/business/business/${business}/transition`, as.finance2!, {
      action: 'confirmRepayment',
      version,
      values: { outcome: 'SETTLED' },
    });
    expect(direct).toMatchObject({ code: ResultCode.forbidden, message: LifecycleMessage.repaymentMove });
    expect(await items()).toEqual([]);
  });

  it('lets no registrar confirm their own repayment; a rejection by the other changes nothing', async () => {
    await later(5);
    const before = await installments();
    const done = await register('finance', { amount: 50_000 });
    expect(done.code, done.message).toBe(0);
    expect(done.data).toMatchObject({ status: 'PENDING', amount: 50_000, valueDate: today(), actions: [] });
    expect(done.data.repaymentNo).toMatch(/^HK\d{12}$/);
    const own = await move('finance', done.data.keyId, done.data.version, 'confirm');
    expect(own).toMatchObject({ code: ResultCode.invalidInput, message: RepaymentMessage.own });
    const [seen] = await items('finance2');
    expect(seen?.actions).toEqual(['confirm', 'reject']);
    // It waits in finance2's 待审核 on the workbench, never in its registrar's.
    const waiting = async (who: string) =>
      (await call('GET', '/api/business/workbench/todo?tab=REVIEW&size=100', as[who]!)).data.records.filter(
        (r: { itemType: string; businessId: string }) => r.itemType === 'REPAYMENT' && r.businessId === business,
      );
    expect(await waiting('finance2')).toEqual([
      expect.objectContaining({
        itemTypeLabel: '还款确认',
        amount: 50_000,
        link: `/business/paymentRegistration?id=${business}`,
      }),
    ]);
    expect(await waiting('finance')).toEqual([]);
    expect((await move('finance2', done.data.keyId, done.data.version, 'reject')).code).toBe(ResultCode.invalidInput);
    const rejected = await move('finance2', done.data.keyId, done.data.version, 'reject', '流水号与回单不符');
    expect(rejected.code, rejected.message).toBe(0);
    expect(rejected.data).toMatchObject({ status: 'REJECTED', checkComment: '流水号与回单不符' });
    expect(await waiting('finance2')).toEqual([]);
    expect(await installments()).toEqual(before);
    expect(await state()).toBe('REPAYING/NORMAL');
  });

  it('of two confirmations at once one wins; the part prepays principal to the 分 after interest and fee', async () => {
    await later(5);
    const [quotaBefore, financedBefore, before] = [await quota(), await financed(), await installments()];
    const amount = 3_000_000n;
    const done = await register('finance', { amount: Number(amount) });
    expect(done.code, done.message).toBe(0);
    const answers = await Promise.all(
      [0, 1].map(() => move('finance2', done.data.keyId, done.data.version, 'confirm', '已核对到账')),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion].sort());
    // Ten days after the loan: interest on the whole balance for ten days, the fee on it, the rest principal.
    const interest = interestForDays(loan.amount, rateFraction(loan.rate), 10, loan.basis);
    const fee = rateFraction(loan.feeRate);
    const feeFen = roundHalfUp(loan.amount * fee.n, fee.d);
    const principal = amount - interest - feeFen;
    const after = await installments();
    const sum = (rows: typeof after, k: 'principal_paid' | 'interest_paid' | 'fee_paid' | 'principal_due') =>
      rows.reduce((s, r) => s + BigInt(r[k]), 0n);
    expect(sum(after, 'principal_paid')).toBe(principal);
    expect(sum(after, 'interest_paid')).toBe(interest);
    expect(sum(after, 'fee_paid')).toBe(feeFen);
    expect(sum(after, 'principal_due')).toBe(sum(before, 'principal_due'));
    expect(after.map((r) => r.due_date)).toEqual(before.map((r) => r.due_date));
    const parts = await db
      .selectFrom('repayment_allocation')
      .select(sql<string>`sum(fee + penalty + interest + principal)`.as('sum'))
      .where('repayment_id', '=', done.data.keyId)
      .executeTakeFirstOrThrow();
    expect(BigInt(parts.sum)).toBe(amount);
    expect(quotaBefore - (await quota())).toBe(principal);
    // The orders' 已融资 comes down by the principal repaid, at most.
    const released = financedBefore - (await financed());
    expect(released > 0n && released <= principal).toBe(true);
    expect(await state()).toBe('REPAYING/NORMAL');
    // No daily job ran on this gateway: the confirmation itself closed the loan's days through the job's day first.
    const closed = await db
      .selectFrom('loan')
      .select(sql<string>`closed_through::text`.as('day'))
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    expect(closed.day?.slice(0, 10)).toBe(dueDay(clock));
    const twice = await register('finance', { flowNo: done.data.flowNo });
    expect(twice).toMatchObject({ code: ResultCode.invalidInput });
    expect(twice.message).toContain(RepaymentMessage.flowTaken);
    const plan = await call('GET', `${PLAN}/${business}`, as.finance!);
    expect(plan.data.allocations).toEqual([
      expect.objectContaining({
        kind: 'EARLY',
        repaymentNo: done.data.repaymentNo,
        interest: Number(interest),
        fee: Number(feeFen),
        principal: Number(principal),
      }),
    ]);
  });

  it('keeps repayments to the caller’s tenant and 数据授权 subtree', async () => {
    const [one] = await items();
    expect((await call('GET', `${API}/${business}/items`, as.xh_admin!)).code).toBe(ResultCode.notFound);
    expect((await move('xh_admin', one!.keyId, one!.version, 'confirm')).code).toBe(ResultCode.notFound);
    const elsewhere = await db
      .selectFrom('financing_business')
      .select('project_company_id')
      .where('business_id', '=', business)
      .executeTakeFirstOrThrow();
    const other =
      elsewhere.project_company_id === DemoOrg.nanjingProject ? DemoOrg.suzhouProject : DemoOrg.nanjingProject;
    await db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: other })
      .where('user_name', '=', 'finance2')
      .execute();
    try {
      expect((await call('GET', `${API}/${business}/items`, as.finance2!)).code).toBe(ResultCode.notFound);
      expect((await register('finance2')).code).toBe(ResultCode.notFound);
    } finally {
      await db.updateTable('app_user').set({ is_auth_data: false }).where('user_name', '=', 'finance2').execute();
    }
  });

  it('lets whoever 审核类型配置 names for REPAYMENT confirm, level by level, never the registrar', async () => {
    const AUDIT = '/api/business/auditType';
    const configure = async (levels: { roles: string[]; userIds?: string[] }[]) => {
      const list = await call('GET', `${AUDIT}/list`, as.admin!);
      const { version } = (list.data as { code: string; version: number }[]).find((t) => t.code === 'REPAYMENT')!;
      const saved = await call('PUT', `${AUDIT}/REPAYMENT`, as.admin!, {
        enabled: true,
        version,
        levels: levels.map((l) => ({ userIds: [], ...l, approveMethod: 'ANY', rejectHandler: 'RETURN_TO_MAKER' })),
      });
      expect(saved.code, saved.message).toBe(0);
    };
    const waiting = async (who: string, id: string) =>
      (await call('GET', '/api/business/workbench/todo?tab=REVIEW&size=100', as[who]!)).data.records.filter(
        (r: { itemType: string; businessId: string }) => r.itemType === 'REPAYMENT' && r.businessId === business,
      ).length > 0 && (await items(who)).some((i) => i.keyId === id);
    const actionsOf = async (who: string, id: string) => (await items(who)).find((i) => i.keyId === id)?.actions;
    try {
      // The administrator names the platform administrator's role instead of finance: a finance user no longer
      // confirms a repayment registered since; the administrator does, and it waits on their workbench.
      await configure([{ roles: ['PLATFORM_ADMIN'] }]);
      const one = await register('finance', { amount: 20_000 });
      expect(one.code, one.message).toBe(0);
      expect(await actionsOf('finance2', one.data.keyId)).toEqual([]);
      expect(await actionsOf('admin', one.data.keyId)).toEqual(['confirm', 'reject']);
      expect(await waiting('admin', one.data.keyId)).toBe(true);
      expect(await waiting('finance2', one.data.keyId)).toBe(false);
      const refused = await move('finance2', one.data.keyId, one.data.version, 'confirm');
      expect(refused).toMatchObject({ code: ResultCode.invalidInput, message: ReviewMessage.notReviewer });
      const byAdmin = await move('admin', one.data.keyId, one.data.version, 'confirm');
      expect(byAdmin.code, byAdmin.message).toBe(0);
      expect(byAdmin.data.status).toBe('CONFIRMED');

      // Two levels, finance then the administrator, naming the registrar too: the registrar never confirms, the
      // first level passes it on untouched, the second applies it.
      await configure([{ roles: ['FINANCE'] }, { roles: ['PLATFORM_ADMIN'], userIds: [] }]);
      const two = await register('finance', { amount: 20_000 });
      expect(two.code, two.message).toBe(0);
      expect(await move('finance', two.data.keyId, two.data.version, 'confirm')).toMatchObject({
        code: ResultCode.invalidInput,
        message: RepaymentMessage.own,
      });
      expect(await actionsOf('admin', two.data.keyId)).toEqual([]);
      const before = await installments();
      const first = await move('finance2', two.data.keyId, two.data.version, 'confirm');
      expect(first.code, first.message).toBe(0);
      expect(first.data.status).toBe('PENDING');
      expect(await installments()).toEqual(before);
      expect(await actionsOf('finance2', two.data.keyId)).toEqual([]);
      expect(await waiting('admin', two.data.keyId)).toBe(true);
      const last = await move('admin', two.data.keyId, first.data.version, 'confirm');
      expect(last.code, last.message).toBe(0);
      expect(last.data.status).toBe('CONFIRMED');
      const paid = (rows: typeof before) => rows.reduce((s, r) => s + BigInt(r.principal_paid), 0n);
      expect(paid(await installments())).toBeGreaterThan(paid(before));
    } finally {
      await configure([{ roles: ['FINANCE'] }]);
    }
  });

  it('settles the loan early with the exact rest: every installment paid, quota released by the whole loan', async () => {
    await later(10);
    const before = await installments();
    const balance = before.reduce((s, r) => s + BigInt(r.principal_due) - BigInt(r.principal_paid), 0n);
    const interest = interestForDays(balance, rateFraction(loan.rate), 10, loan.basis);
    const fee = rateFraction(loan.feeRate);
    const rest = balance + interest + roundHalfUp(balance * fee.n, fee.d);
    const done = await register('finance', { amount: Number(rest) });
    expect(done.code, done.message).toBe(0);
    const confirmed = await move('finance2', done.data.keyId, done.data.version, 'confirm');
    expect(confirmed.code, confirmed.message).toBe(0);
    expect(confirmed.data).toMatchObject({ status: 'CONFIRMED', unapplied: 0 });
    const after = await installments();
    expect(after.every((r) => r.owed === 0n && r.status === 'SETTLED')).toBe(true);
    expect(after.reduce((s, r) => s + BigInt(r.principal_paid), 0n)).toBe(loan.amount);
    expect(await state()).toBe('SETTLED_EARLY/DONE');
    expect((await items('finance2')).every((i) => i.actions.length === 0)).toBe(true);
    expect((await register('finance')).code).toBe(ResultCode.invalidInput);
  });
});
