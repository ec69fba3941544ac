// 数据看板's widgets computed two ways (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): each widget's
// figures against the 还款计划 list's rows (and, for the ageing, the plans' installments) added up by the test,
// equal to the 分; a supplier's figures a strict part of the tenant's; another tenant's caller finds nothing; the
// calls answer only from the dashboard's menu, for those who read businesses. One loan is walked through the
// lifecycle and registered by FINANCE and OPS as people do; a second, of another supplier with two 逾期
// installments, is written as a fixture row because no stage overdue-walks a loan yet.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { addDays } from '../../../../src/domain/financing/repayment-schedule';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import {
  AGEING_BANDS,
  DASHBOARD_EXPORT_API,
  DASHBOARD_MENU,
  KPI_API,
  REMAINING_TERM_BANDS,
  RISK_CLASS_BANDS,
  WIDGETS,
  WIDGET_NAMES,
  type WidgetRow,
  bandOf,
  daysUntil,
} from '../../../../src/domain/statistics/dashboard';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { walkToLending } from '../../testing/lending-walk';
import {
  type TestGateway,
  callerOf,
  createTestGateway,
  databasesUnderTest,
  signIn,
  uploadFile,
} from '../../testing/test-gateway';
import { newId } from '../../ids';
import { seededBusinessAt } from '../../testing/seeded-business';
import { MINIMAL_PDF as PDF } from '../../testing/minimal-pdf';

const PLAN = '/api/business/repayment-plan';
const MENU = `menuId=${encodeURIComponent(DASHBOARD_MENU)}`;

interface PlanRow {
  keyId: string;
  supplierName: string;
  capitalSideName: string | null;
  loanAmount: number;
  remainingPrincipal: number;
  overdueDays: number;
  maturityDate: string;
  loanDate: string;
}

/** Σ of `value` by `key` over the rows, as a plain object. */
const sumBy = <T>(rows: readonly T[], key: (r: T) => string, value: (r: T) => number) => {
  const out: Record<string, number> = {};
  for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + value(r);
  return out;
};
/** The widget's rows as label → amount, zero rows left out. */
const amounts = (rows: readonly WidgetRow[], by: 'key' | 'label' = 'label') =>
  Object.fromEntries(rows.filter((r) => Number(r.amount) !== 0).map((r) => [String(r[by]), Number(r.amount)]));

describe.each(databasesUnderTest())('数据看板 statistics on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const as: Record<string, Record<string, string>> = {};
  let today: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    for (const name of ['admin', 'finance', 'ops1', 'supplier', 'auditor']) {
      as[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    }
    as.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    const now = new Date();
    today = businessDay(now);
    const walked = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT');
    await walkToLending(gw.db, DEMO_TENANT_ID, walked.businessId, now);
    const d = await call('GET', `/api/business/lending/${walked.businessId}`, as.finance!);
    const upload = await uploadFile(gw.app, as.finance!, '放款回单.pdf', PDF);
    const registered = await call('POST', `/api/business/lending/${walked.businessId}/register`, as.finance!, {
      ...{ version: d.data.version, amount: Number(walked.approvedAmount), loanDate: today },
      ...{ upfrontInterest: 0, serviceFee: 0, receiptFileId: upload.data.keyId },
    });
    expect(registered.code, registered.message).toBe(0);
    const approved = await call('POST', `/api/business/lending/${walked.businessId}/transition`, as.ops1!, {
      action: 'approve',
      version: registered.data.version,
    });
    expect(approved.code, approved.message).toBe(0);
    // biome-ignore lint/suspicious/noExplicitAny: the loan tables' fixture rows, written as the store writes them
    await overdueFixture(gw.db as unknown as Kysely<any>, String(walked.supplierId), today, now);
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  const widget = async (who: string, api: string, query = '') => {
    const res = await call('GET', `${api}?${MENU}${query}`, as[who]!);
    expect(res.code, res.message).toBe(0);
    return res.data.rows as WidgetRow[];
  };
  const plan = async (who = 'admin') => {
    const res = await call('GET', `${PLAN}/page?size=100`, as[who]!);
    expect(res.code, res.message).toBe(0);
    return res.data.records as PlanRow[];
  };
  const inLoan = (rows: PlanRow[]) => rows.filter((r) => r.remainingPrincipal > 0);

  it('放款金额占比 equals the list’s 放款额 summed by 资金方, with shares of 100 %', async () => {
    const rows = await plan();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const got = await widget('admin', WIDGETS.loanAmountProportion.api);
    expect(amounts(got)).toEqual(
      sumBy(
        rows,
        (r) => r.capitalSideName ?? '未指定',
        (r) => r.loanAmount,
      ),
    );
    const shares = got.reduce((s, r) => s + Number(r.share), 0);
    expect(Math.abs(shares - 100)).toBeLessThanOrEqual(0.01 * got.length);
    const bySub = await widget('admin', WIDGETS.loanAmountProportion.api, '&view=subsidiary');
    expect(bySub.reduce((s, r) => s + Number(r.amount), 0)).toBe(rows.reduce((s, r) => s + r.loanAmount, 0));
  });

  it('分布情况 equals the list’s 剩余本金 by remaining term and in total by city', async () => {
    const rows = inLoan(await plan());
    const got = await widget('admin', WIDGETS.distributionCondition.api);
    expect(got.map((r) => r.key)).toEqual(REMAINING_TERM_BANDS.map((b) => b.key));
    const expected = sumBy(
      rows,
      (r) => bandOf(REMAINING_TERM_BANDS, daysUntil(today, r.maturityDate))?.label ?? '?',
      (r) => r.remainingPrincipal,
    );
    expect(amounts(got)).toEqual(expected);
    const city = await widget('admin', WIDGETS.distributionCondition.api, '&view=city');
    expect(city.reduce((s, r) => s + Number(r.amount), 0)).toBe(rows.reduce((s, r) => s + r.remainingPrincipal, 0));
  });

  it('融资风险 equals the list by risk class, and the plans’ 逾期 installments by ageing', async () => {
    const rows = await plan();
    const got = await widget('admin', WIDGETS.financingRisk.api);
    expect(amounts(got)).toEqual(
      sumBy(
        inLoan(rows),
        (r) => bandOf(RISK_CLASS_BANDS, r.overdueDays)?.label ?? '?',
        (r) => r.remainingPrincipal,
      ),
    );
    const installments = (
      await Promise.all(rows.map(async (r) => (await call('GET', `${PLAN}/${r.keyId}`, as.admin!)).data.installments))
    ).flat() as { status: string; overdueDays: number; owedTotal: number }[];
    const overdue = installments.filter((i) => i.status === 'OVERDUE');
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    const ageing = await widget('admin', WIDGETS.financingRisk.api, '&view=ageing');
    expect(ageing.map((r) => r.key)).toEqual(AGEING_BANDS.map((b) => b.key));
    expect(amounts(ageing)).toEqual(
      sumBy(
        overdue,
        (i) => bandOf(AGEING_BANDS, i.overdueDays)?.label ?? '?',
        (i) => i.owedTotal,
      ),
    );
    const kpi = await call('GET', `${KPI_API}?${MENU}`, as.admin!);
    expect(kpi.data.overdueAmount).toBe(overdue.reduce((s, i) => s + i.owedTotal, 0));
  });

  it('融资产品 and 资金方信息 add up to the list; the KPI cards are the list’s sums', async () => {
    const rows = await plan();
    const product = await widget('admin', WIDGETS.financingProduct.api);
    expect(product.reduce((s, r) => s + Number(r.loanAmount), 0)).toBe(rows.reduce((s, r) => s + r.loanAmount, 0));
    expect(product.reduce((s, r) => s + Number(r.count), 0)).toBe(rows.length);
    expect(product.every((r) => r.quotaUsage === null || /^\d+\.\d{2}$/.test(String(r.quotaUsage)))).toBe(true);
    const sides = await widget('admin', WIDGETS.capitalSideInfo.api);
    expect(amounts(sides)).toEqual(
      sumBy(
        inLoan(rows),
        (r) => r.capitalSideName ?? '未指定',
        (r) => r.remainingPrincipal,
      ),
    );
    expect(sides.reduce((s, r) => s + Number(r.count), 0)).toBe(inLoan(rows).length);
    expect(sides.every((r) => /^0\.\d{4}$/.test(String(r.weightedRate)))).toBe(true);
    const kpi = (await call('GET', `${KPI_API}?${MENU}`, as.admin!)).data;
    const month = today.slice(0, 7);
    expect(kpi).toMatchObject({
      cumulativeLoan: rows.reduce((s, r) => s + r.loanAmount, 0),
      outstanding: rows.reduce((s, r) => s + r.remainingPrincipal, 0),
      monthLoan: rows.filter((r) => r.loanDate.startsWith(month)).reduce((s, r) => s + r.loanAmount, 0),
    });
  });

  it('供应商排名 equals the list by supplier, and flags a share above the warning ratio', async () => {
    const rows = inLoan(await plan());
    const got = await widget('admin', WIDGETS.supplierRanking.api);
    expect(amounts(got)).toEqual(
      sumBy(
        rows,
        (r) => r.supplierName,
        (r) => r.remainingPrincipal,
      ),
    );
    // Two suppliers share the book: each holds more than the seeded 15 %.
    for (const r of got) expect(r.flagged).toBe(Number(r.share) > 15);
    const byLoan = await widget('admin', WIDGETS.supplierRanking.api, '&view=loan');
    expect(byLoan.reduce((s, r) => s + Number(r.amount), 0)).toBe((await plan()).reduce((s, r) => s + r.loanAmount, 0));
  });

  it('a supplier’s figures are a strict part of the tenant’s, its own loans only', async () => {
    const [mine, all] = await Promise.all([
      call('GET', `${KPI_API}?${MENU}`, as.supplier!),
      call('GET', `${KPI_API}?${MENU}`, as.admin!),
    ]);
    expect(mine.code, mine.message).toBe(0);
    expect(mine.data.outstanding).toBeGreaterThan(0);
    expect(mine.data.outstanding).toBeLessThan(all.data.outstanding);
    expect(mine.data.cumulativeLoan).toBeLessThan(all.data.cumulativeLoan);
    const ranking = await widget('supplier', WIDGETS.supplierRanking.api);
    expect(ranking).toHaveLength(1);
    expect(ranking[0]?.share).toBe('100.00');
    const sides = await widget('supplier', WIDGETS.capitalSideInfo.api);
    expect(sides.every((r) => r.totalLimit === null)).toBe(true);
  });

  it('filters by 资金方 and 期间 as the list’s rows filtered', async () => {
    const rows = await plan();
    const side = await gw.db
      .selectFrom('financing_business')
      .select('capital_side_id')
      .where('business_id', '=', rows[0]!.keyId)
      .executeTakeFirstOrThrow();
    const got = await widget('admin', WIDGETS.loanAmountProportion.api, `&capitalSideId=${side.capital_side_id}`);
    expect(amounts(got)).toEqual(
      sumBy(
        rows.filter((r) => r.capitalSideName === rows[0]!.capitalSideName),
        (r) => r.capitalSideName ?? '未指定',
        (r) => r.loanAmount,
      ),
    );
    const future = await widget('admin', WIDGETS.loanAmountProportion.api, `&periodFrom=${addDays(today, 1)}`);
    expect(future).toEqual([]);
  });

  it('answers no other tenant, no other menu and no one who reads no business', async () => {
    for (const def of Object.values(WIDGETS)) expect(amounts(await widget('xh_admin', def.api))).toEqual({});
    const theirs = await call('GET', `${KPI_API}?${MENU}`, as.xh_admin!);
    expect(theirs.data).toEqual({ cumulativeLoan: 0, outstanding: 0, monthLoan: 0, overdueAmount: 0 });
    const otherMenu = await call('GET', `${KPI_API}?menuId=%2Fbusiness%2Frepaymentplan`, as.admin!);
    expect(otherMenu.code).toBe(ResultCode.forbidden);
    expect((await call('GET', `${KPI_API}?${MENU}`, as.auditor!)).code).toBe(ResultCode.forbidden);
    expect((await call('GET', KPI_API, as.admin!)).code).toBe(ResultCode.invalidInput);
  });

  it('exports a widget’s figures as a workbook', async () => {
    const res = await gw.app.inject({
      method: 'GET',
      url: `${WIDGETS.supplierRanking.api}/export?${MENU}`,
      headers: as.admin!,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports the whole dashboard as one workbook: a sheet per widget, its rows and figures', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `${DASHBOARD_EXPORT_API}?${MENU}`, headers: as.admin! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('数据看板.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(WIDGET_NAMES.map((n) => WIDGETS[n].title));
    for (const name of WIDGET_NAMES) {
      const rows = await widget('admin', WIDGETS[name].api);
      const sheet = book.getWorksheet(WIDGETS[name].title)!;
      const labels: string[] = [];
      sheet.eachRow((row, n) => n > 1 && labels.push(String(row.getCell(1).value)));
      expect(labels).toEqual(rows.map((r) => r.label));
    }
    // Without 导出 the workbook is refused, as each widget's is.
    expect((await call('GET', `${DASHBOARD_EXPORT_API}?${MENU}`, as.auditor!)).code).toBe(ResultCode.forbidden);
  });
});

/**
 * A registered loan of another supplier than the walked one, three monthly installments: the first settled, the
 * second 200 days 逾期 and partly paid, the third 45 days 逾期.
 */
// biome-ignore lint/suspicious/noExplicitAny: the loan tables' fixture rows, written as the store writes them
async function overdueFixture(db: Kysely<any>, notSupplier: string, today: string, now: Date) {
  const b = await db
    .selectFrom('financing_business')
    .select(['business_id', 'supplier_id'])
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('supplier_id', '<>', notSupplier)
    .where('deleted', '=', false)
    .orderBy('business_id')
    .executeTakeFirstOrThrow();
  const loanDate = addDays(today, -300);
  const amount = 3_000_000_00n;
  await db
    .insertInto('loan')
    .values({
      ...{ business_id: b.business_id, tenant_id: DEMO_TENANT_ID, loan_no: 'DK202601010001', amount },
      ...{ upfront_interest: 0n, service_fee: 0n, net_amount: amount, loan_date: loanDate, value_date: loanDate },
      ...{ maturity_date: addDays(today, -45), annual_rate: '0.0600', repayment_method: 'EQUAL_PRINCIPAL' },
      ...{ periods: 3, day_count_basis: 360, receipt_file_id: 'fixture', status: 'REGISTERED' },
      ...{ registrar_id: 'fixture', registered_at: now, created_at: now, updated_at: now },
    })
    .execute();
  const period = (n: number, due: string, status: string, overdue: number, paid: bigint) => ({
    ...{ installment_id: newId(new Date()), tenant_id: DEMO_TENANT_ID, business_id: b.business_id, period_no: n },
    ...{ start_date: addDays(due, -30), due_date: due, days: 30, principal_due: 1_000_000_00n },
    ...{ interest_due: 5_000_00n, principal_paid: paid, status, overdue_days: overdue, updated_at: now },
    ...(status === 'SETTLED' ? { interest_paid: 5_000_00n } : { penalty_accrued: 1_234_56n }),
  });
  await db
    .insertInto('installment')
    .values([
      period(1, addDays(today, -260), 'SETTLED', 0, 1_000_000_00n),
      period(2, addDays(today, -200), 'OVERDUE', 200, 300_000_00n),
      period(3, addDays(today, -45), 'OVERDUE', 45, 0n),
    ])
    .execute();
}
