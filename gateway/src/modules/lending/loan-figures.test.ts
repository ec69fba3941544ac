// Every figure that depends on loans, each computed two ways against the demo's seeded loans (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set): what the screen's call answers, and a sum the test makes itself over
// the stored loans, installments and applications' lines — 在贷余额, product and subsidiary 已用, the pay book's
// Σ 已放款 (whole and filtered to one order), orders' 已融资 and 融资状态, the business list's 已放款 / 已结清 tabs,
// and 业务详情's 放款与还款 (with the risk class the close of business stored) and 存续期 tabs; and 还款计划's
// risk-class filter and export.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskClass } from '../../../../src/domain/financing/close-of-business';
import { PAYMENT_ORDER_PATH } from '../../../../src/domain/assets/payment-order.resource';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { DASHBOARD_MENU, KPI_API } from '../../../../src/domain/statistics/dashboard';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { type GatewayAnswer, type TestGateway, databasesUnderTest, openSignedIn } from '../../testing/test-gateway';

// biome-ignore lint/suspicious/noExplicitAny: the test reads the stored rows as the stores write them
type AnyDb = Kysely<any>;
type Call = (method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<GatewayAnswer>;

interface LoanFacts {
  businessId: string;
  amount: bigint;
  loanDate: string;
  productId: string | null;
  projectCompanyId: string | null;
  state: string;
  riskClass: string;
  writeOffReview: boolean;
  overdueDays: number;
  principalPaid: bigint;
  owedPrincipal: bigint;
  allSettled: boolean;
  lines: { orderId: string; amount: bigint }[];
}

const big = (v: unknown) => BigInt(String(v ?? 0));
const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
const byOrderId = (a: { orderId: string }, b: { orderId: string }) =>
  a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0;

/** The loan's amount laid over its lines in order id order: each line's part, at most its own amount. */
function laid(lines: readonly { orderId: string; amount: bigint }[], total: bigint) {
  const out = new Map<string, bigint>();
  let left = total;
  for (const l of [...lines].sort(byOrderId)) {
    const part = l.amount < left ? l.amount : left > 0n ? left : 0n;
    out.set(l.orderId, (out.get(l.orderId) ?? 0n) + part);
    left -= part;
  }
  return out;
}

async function loansOf(db: AnyDb, tenantId: string): Promise<LoanFacts[]> {
  const rows = await db
    .selectFrom('loan as l')
    .innerJoin('financing_business as b', 'b.business_id', 'l.business_id')
    .leftJoin('financing_application as a', 'a.application_id', 'l.business_id')
    .select(['l.business_id', 'l.amount', 'l.loan_date', 'l.risk_class', 'l.write_off_review', 'l.overdue_days'])
    .select(['b.product_id', 'b.project_company_id', 'b.state', 'a.lines'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.status', '=', 'REGISTERED')
    .orderBy('l.business_id')
    .execute();
  const out: LoanFacts[] = [];
  for (const r of rows) {
    const installments = await db
      .selectFrom('installment')
      .select(['principal_due', 'principal_paid', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('business_id', '=', r.business_id)
      .execute();
    const raw = typeof r.lines === 'string' ? JSON.parse(r.lines) : (r.lines ?? []);
    out.push({
      businessId: String(r.business_id),
      amount: big(r.amount),
      loanDate: day(r.loan_date),
      productId: r.product_id ?? null,
      projectCompanyId: r.project_company_id ?? null,
      state: String(r.state),
      riskClass: String(r.risk_class),
      writeOffReview: !!r.write_off_review,
      overdueDays: Number(r.overdue_days),
      principalPaid: installments.reduce((s, i) => s + big(i.principal_paid), 0n),
      owedPrincipal: installments.reduce((s, i) => s + big(i.principal_due) - big(i.principal_paid), 0n),
      allSettled: installments.every((i) => i.status === 'SETTLED'),
      lines: (raw as { orderId: string; financeAmount: number }[]).map((l) => ({
        orderId: String(l.orderId),
        amount: BigInt(l.financeAmount ?? 0),
      })),
    });
  }
  return out;
}

describe.each(databasesUnderTest())('figures read from the seeded loans on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: Call;
  let as: Record<'admin' | 'riskhead' | 'finance', Record<string, string>>;
  let loans: LoanFacts[];
  let db: AnyDb;

  beforeAll(async () => {
    ({ gw, call, as } = await openSignedIn(databaseUrl, ['admin', 'riskhead', 'finance'] as const));
    db = gw.db as unknown as AnyDb;
    loans = await loansOf(db, DEMO_TENANT_ID);
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  const data = async (url: string, who: Record<string, string> = as.admin) => {
    const res = await call('GET', url, who);
    expect(res.code, `${url}: ${res.message}`).toBe(0);
    return res.data;
  };

  it('has the seeded loans in every state to compare against', () => {
    expect(loans.length).toBeGreaterThanOrEqual(6);
    expect(loans.some((l) => l.allSettled)).toBe(true);
    expect(loans.some((l) => l.overdueDays > 90)).toBe(true);
  });

  it('在贷余额 is the principal the loans still owe', async () => {
    const kpi = await data(`${KPI_API}?menuId=${encodeURIComponent(DASHBOARD_MENU)}`);
    expect(BigInt(kpi.outstanding)).toBe(loans.reduce((s, l) => s + l.owedPrincipal, 0n));
    expect(BigInt(kpi.outstanding)).toBeGreaterThan(0n);
  });

  it("a product's 已用 is the principal its loans still owe", async () => {
    const page = await data('/api/fund/product/page?size=100');
    const expected = new Map<string, bigint>();
    for (const l of loans)
      if (l.productId) expected.set(l.productId, (expected.get(l.productId) ?? 0n) + l.amount - l.principalPaid);
    expect(expected.size).toBeGreaterThan(0);
    for (const p of page.records as { keyId: string; usedQuota: number }[])
      expect([p.keyId, BigInt(p.usedQuota)]).toEqual([p.keyId, expected.get(p.keyId) ?? 0n]);
  });

  it("a subsidiary's 已用 is what was lent on the orders it pays within the parameter's dates", async () => {
    type Row = { keyId: string; subsidiaryId: string; usedQuota: number; effectiveFrom: string; effectiveTo: string };
    // Each lent order's payer: its project company and the city company above it.
    const payers = new Map<string, string[]>();
    for (const l of loans)
      for (const orderId of laid(l.lines, l.amount).keys()) {
        const o = await db
          .selectFrom('payment_order as o')
          .leftJoin('organization as c', 'c.org_id', 'o.project_company_id')
          .select(['o.project_company_id', 'c.parent_id'])
          .where('o.order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        payers.set(orderId, [String(o.project_company_id), String(o.parent_id)]);
      }
    const lent = (r: Row) =>
      loans
        .filter((l) => l.loanDate >= r.effectiveFrom && l.loanDate <= r.effectiveTo)
        .flatMap((l) => [...laid(l.lines, l.amount)])
        .filter(([orderId]) => payers.get(orderId)?.includes(r.subsidiaryId))
        .reduce((s, [, part]) => s + part, 0n);
    // The project company that pays the demo's first loan gets a parameter over the loans' dates, as an
    // administrator sets one: its 已用 is there at once.
    const first = [...laid(loans[0]!.lines, loans[0]!.amount).keys()][0] as string;
    const payer = payers.get(first)?.[0] as string;
    const dates = loans.map((l) => l.loanDate).sort();
    const all = async () => (await data('/api/parameter/subsidiary/page?size=100')).records as Row[];
    const own = (await all()).find((r) => r.subsidiaryId === payer);
    const body = {
      ...{ singleMaxAmount: 5_000_000_000, maxFinancingRatio: '0.9000', maxTermDays: 360 },
      ...{ annualQuota: 50_000_000_000, effectiveFrom: dates[0], effectiveTo: dates.at(-1) },
    };
    const saved = own
      ? await call('PUT', `/api/parameter/subsidiary/${own.keyId}`, as.admin, {
          ...body,
          version: (await data(`/api/parameter/subsidiary/${own.keyId}`)).version,
        })
      : await call('POST', '/api/parameter/subsidiary', as.admin, { ...body, subsidiaryId: payer });
    expect(saved.code, saved.message).toBe(0);
    const rows = await all();
    for (const r of rows) expect([r.subsidiaryId, BigInt(r.usedQuota)]).toEqual([r.subsidiaryId, lent(r)]);
    expect(rows.find((r) => r.subsidiaryId === payer)?.usedQuota).toBeGreaterThan(0);
    // The list's footer sums the same figure.
    const page = await data('/api/parameter/subsidiary/page?size=100');
    expect(BigInt(page.sums.usedQuota)).toBe(rows.reduce((s, r) => s + lent(r), 0n));
  });

  it("the pay book's Σ 已放款 is what the loans lent on the orders its filter holds", async () => {
    const menuId = encodeURIComponent(menuIdForPath(PAYMENT_ORDER_PATH));
    const perOrder = new Map<string, bigint>();
    for (const l of loans)
      for (const [orderId, part] of laid(l.lines, l.amount))
        perOrder.set(orderId, (perOrder.get(orderId) ?? 0n) + part);
    const whole = await data(`/api/assets/payBook/loanAmountSum?menuId=${menuId}`);
    expect(BigInt(whole.loanAmount)).toBe([...perOrder.values()].reduce((s, v) => s + v, 0n));
    expect(BigInt(whole.loanAmount)).toBe(loans.reduce((s, l) => s + l.amount, 0n));
    // Filtered to one lent order by its number: that order's part only.
    const [orderId, part] = [...perOrder.entries()].find(([, v]) => v > 0n) as [string, bigint];
    const order = await db
      .selectFrom('payment_order')
      .select('order_no')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const one = await data(`/api/assets/payBook/loanAmountSum?menuId=${menuId}&orderNo=${order.order_no}`);
    expect(BigInt(one.loanAmount)).toBe(part);
  });

  it("orders' 已融资 is what was lent on them less the principal repaid, and their 融资状态 follows", async () => {
    type Order = { keyId: string; financedAmount: number; financingStatus: string; reservedAmount: number };
    const orders = new Map<string, Order>();
    for (let current = 1; ; current += 1) {
      const page = await data(`/api/assets/paymentOrder/page?size=100&current=${current}`);
      for (const o of page.records as Order[]) orders.set(o.keyId, o);
      if (current * 100 >= page.total) break;
    }
    let checked = 0;
    for (const l of loans) {
      const lent = laid(l.lines, l.amount);
      const repaid = laid(l.lines, l.principalPaid);
      for (const [orderId, part] of lent) {
        if (part === 0n) continue;
        const o = orders.get(orderId);
        expect(o, orderId).toBeDefined();
        const financed = part - (repaid.get(orderId) ?? 0n);
        expect([orderId, BigInt(o?.financedAmount ?? -1)]).toEqual([orderId, financed]);
        if (financed > 0n) expect(o?.financingStatus).toBe('FINANCED');
        else if (o?.reservedAmount === 0) expect(o?.financingStatus).toBe('SETTLED');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(loans.length);
  });

  it('the business list’s 已放款 and 已结清 tabs hold the loans repaying and those settled', async () => {
    const ids = async (tab: string) =>
      new Set(
        ((await data(`/api/business/business/page?tab=${tab}&size=100`)).records as { keyId: string }[]).map(
          (r) => r.keyId,
        ),
      );
    const [loaned, settled] = [await ids('LOANED'), await ids('SETTLED')];
    const repaying = loans.filter((l) => l.state.startsWith('REPAYING/')).map((l) => l.businessId);
    const done = loans.filter((l) => l.state.startsWith('SETTLED')).map((l) => l.businessId);
    expect([...loaned].sort()).toEqual(repaying.sort());
    expect([...settled].sort()).toEqual(done.sort());
    // The two ways agree: a loan every installment of which is paid off is the one 已结清.
    expect(
      loans
        .filter((l) => l.allSettled)
        .map((l) => l.businessId)
        .sort(),
    ).toEqual(done.sort());
  });

  it('业务详情’s 放款与还款 shows each loan’s plan and the risk class the close of business stored', async () => {
    for (const l of loans) {
      const d = await data(`/api/business/repayment-plan/${l.businessId}`, as.riskhead);
      expect(BigInt(d.loanAmount)).toBe(l.amount);
      expect(BigInt(d.remainingPrincipal)).toBe(l.owedPrincipal);
      const owed = (d.installments as { owedPrincipal: number }[]).reduce((s, i) => s + BigInt(i.owedPrincipal), 0n);
      expect(owed).toBe(l.owedPrincipal);
      expect(d.riskClass).toBe(l.riskClass);
      expect(d.writeOffReview).toBe(l.writeOffReview ? 'YES' : 'NO');
      // The class stored is the one the loan's overdue days give.
      const judged = riskClass(l.overdueDays);
      expect([d.riskClass, d.writeOffReview]).toEqual([judged.riskClass, judged.writeOffReview ? 'YES' : 'NO']);
    }
  });

  it('业务详情’s 存续期 shows the reports of each repaying loan', async () => {
    for (const l of loans) {
      const page = await data(`/api/duration/reports/${l.businessId}/items?size=100`, as.riskhead);
      const stored = await db
        .selectFrom('duration_report')
        .select('item_id')
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('business_id', '=', l.businessId)
        .execute();
      expect(page.total).toBe(stored.length);
      expect((page.records as { keyId: string }[]).map((r) => r.keyId).sort()).toEqual(
        stored.map((r) => String(r.item_id)).sort(),
      );
    }
    const repaying = loans.filter((l) => l.state.startsWith('REPAYING/'));
    const withReports = await db
      .selectFrom('duration_report')
      .select('business_id')
      .where(
        'business_id',
        'in',
        repaying.map((l) => l.businessId),
      )
      .groupBy('business_id')
      .execute();
    expect(withReports.length).toBeGreaterThan(0);
  });

  it('还款计划 lists, filters and exports each loan’s risk class and write-off flag', async () => {
    const rows = (await data('/api/business/repayment-plan/page?size=100', as.finance)).records as {
      keyId: string;
      riskClass: string;
      writeOffReview: string;
    }[];
    expect(rows.map((r) => r.keyId).sort()).toEqual(loans.map((l) => l.businessId).sort());
    for (const r of rows) {
      const l = loans.find((x) => x.businessId === r.keyId) as LoanFacts;
      expect([r.keyId, r.riskClass, r.writeOffReview]).toEqual([
        l.businessId,
        l.riskClass,
        l.writeOffReview ? 'YES' : 'NO',
      ]);
    }
    const substandard = (await data('/api/business/repayment-plan/page?size=100&riskClass=SUBSTANDARD', as.riskhead))
      .records as { keyId: string }[];
    expect(substandard.map((r) => r.keyId).sort()).toEqual(
      loans
        .filter((l) => l.riskClass === 'SUBSTANDARD')
        .map((l) => l.businessId)
        .sort(),
    );
    expect(substandard.length).toBeGreaterThan(0);
    const flagged = await data('/api/business/repayment-plan/page?size=100&writeOffReview=YES', as.riskhead);
    expect(flagged.total).toBe(loans.filter((l) => l.writeOffReview).length);
    const exported = await gw.app.inject({
      method: 'GET',
      url: '/api/business/repayment-plan/export',
      headers: as.admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
