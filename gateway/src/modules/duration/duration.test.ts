// 存续期报告 through HTTP as the README's people (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the seeded
// business at 要素落实 walked to 还款中; the close of business, run on the app's clock, makes its month's report once
// however often the day is run; the business's 经办人 (operator) makes and submits it, 风控负责人 (riskhead) returns
// and approves it, never its maker; another tenant and a 数据授权 user outside the subtree neither see nor move
// it; an approved 次级 raises a risk alert; 贷后报告统计 counts 应制作 / 已制作 / 逾期未制作 per 经办人 and month; the
// workbench lists what waits on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurationMessage } from '../../../../src/domain/financing/duration';
import { addMonths } from '../../../../src/domain/financing/repayment-schedule';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { walkToRepaying } from '../../testing/lending-walk';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { LifecycleRole } from '../business/seed';
import { dueReportUnits } from './store';
import { seededBusinessAt } from '../../testing/seeded-business';

const API = '/api/duration/reports';
const STATS = '/api/duration/statistics';
const T = DEMO_TENANT_ID;
const FILLED = {
  payerCapacity: '项目公司回款放缓',
  receivableStatus: '应收账款部分逾期',
  collections: '监管账户本月未见回款',
  opinion: '项目公司涉及一起合同纠纷',
  riskClass: 'SUBSTANDARD',
  conclusion: 'CONDITIONAL',
};

/** 01:00 in Beijing on the first day of the month `months` after the day's. */
const firstOfMonth = (day: string, months: number) =>
  new Date(`${addMonths(`${day.slice(0, 7)}-01`, months)}T01:00:00+08:00`);

describe.each(databasesUnderTest())('存续期报告 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let clock = new Date();
  const as: Record<string, Record<string, string>> = {};
  let business = '';
  let operatorId = '';
  let businessNo = '';
  let loanDate = '';
  let report: { keyId: string; version: number; status: string } = { keyId: '', version: 0, status: '' };

  const reportsOf = () =>
    gw.db
      .selectFrom('duration_report')
      .selectAll()
      .where('business_id', '=', business)
      .orderBy('seq')
      .execute() as Promise<Record<string, unknown>[]>;
  const move = (who: string, action: string, extra: object = {}) =>
    call('POST', `${API}/items/${report.keyId}/transition`, as[who]!, { action, version: report.version, ...extra });
  const read = async (who = 'operator') => {
    const res = await call('GET', `${API}/${report.keyId}`, as[who]!);
    expect(res.code, res.message).toBe(0);
    report = res.data.report;
    return res.data;
  };

  /** The app's clock set to `at`; sessions signed in anew there (a day later, the old ones have expired). */
  const moveClock = async (at: Date) => {
    clock = at;
    for (const name of ['operator', 'riskhead', 'risk2']) {
      as[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    }
    as.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
  };

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
    call = callerOf(gw.app);
    const row = await seededBusinessAt(gw.db, 'ELEMENTS/DRAFT', T);
    business = row.businessId;
    businessNo = row.businessNo;
    ({ loanDate } = await walkToRepaying(gw.db, T, business, clock));
    const idOf = async (name: string) =>
      (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow())
        .user_id;
    expect(row.ownerId).toBe(await idOf('operator'));
    // The demo's own loans (loans.seed.ts) are handed to another 经办 here, so the operator's counts are this one's.
    await gw.db
      .updateTable('financing_business')
      .set({ owner_id: await idOf('admin') })
      .where('tenant_id', '=', T)
      .where('business_id', '!=', business)
      .where('business_id', 'in', (q) => q.selectFrom('loan').select('business_id'))
      .execute();
    operatorId = await idOf('operator');
    // The 经办人 also reviews reports elsewhere: their own must still not be theirs to review.
    for (const name of ['operator', 'risk2']) {
      await gw.db
        .insertInto('user_role')
        .values({ user_id: await idOf(name), role_id: LifecycleRole.RISK_HEAD as string })
        .execute();
    }
    const elsewhere = await gw.db
      .selectFrom('organization')
      .select('org_id')
      .where('tenant_id', '=', T)
      .where('org_type', '=', 'PROJECT_COMPANY')
      .orderBy('org_id', 'desc')
      .executeTakeFirstOrThrow();
    await gw.db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: elsewhere.org_id })
      .where('user_name', '=', 'risk2')
      .execute();
  }, 240_000);
  afterAll(async () => {
    await gw?.close();
  });

  it("makes the month's report once, however often the day is run", async () => {
    expect(await reportsOf()).toEqual([]);
    await moveClock(firstOfMonth(loanDate, 1));
    const first = await gw.app.dailyJob.closeDays();
    expect(first.claimed).toBe(true);
    const made = await reportsOf();
    expect(made.map((r) => [r.kind, r.period_key, r.status])).toEqual([
      ['MONTHLY', addMonths(`${loanDate.slice(0, 7)}-01`, 1).slice(0, 7), 'DRAFT'],
    ]);
    // The day again through the runner, and the step's units again as a resumed day would find them.
    await gw.app.dailyJob.closeDays();
    const day = addMonths(`${loanDate.slice(0, 7)}-01`, 1);
    const again = await dueReportUnits(gw.db, { day, at: clock });
    expect(again.filter((u) => u.key.includes(business))).toEqual([]);
    expect((await reportsOf()).map((r) => r.item_id)).toEqual(made.map((r) => r.item_id));
  });

  it('lists the report for its 经办人, and for nobody of another tenant or subtree', async () => {
    const page = await call('GET', `${API}/page?size=50&businessNo=${businessNo}`, as.operator!);
    expect(page.code, page.message).toBe(0);
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({ businessNo, kind: 'MONTHLY', status: 'DRAFT', statusLabel: '待制作' });
    report = page.data.records[0];
    expect((await read()).actions).toEqual(['save', 'submit']);
    expect((await read('riskhead')).actions).toEqual([]);
    for (const who of ['risk2', 'xh_admin']) {
      const other = await call('GET', `${API}/page?size=50&businessNo=${businessNo}`, as[who]!);
      expect(other.data?.records ?? []).toEqual([]);
      expect((await call('GET', `${API}/${report.keyId}`, as[who]!)).code).toBe(ResultCode.notFound);
      expect((await move(who, 'save', { values: FILLED })).code).toBe(ResultCode.notFound);
    }
    const sheet = await gw.app.inject({
      method: 'GET',
      url: `${API}/export?businessNo=${businessNo}`,
      headers: as.operator,
    });
    expect([sheet.statusCode, sheet.headers['content-type']]).toEqual([200, expect.stringContaining('spreadsheetml')]);
    const todo = await call('GET', '/api/business/workbench/todo?tab=MAKE&size=100', as.operator!);
    expect(todo.data.records.some((r: { link: string }) => r.link.endsWith(report.keyId))).toBe(true);
  });

  it('the 经办人 saves and submits; riskhead returns it, and approves it; never its maker', async () => {
    const saved = await move('operator', 'save', { values: { payerCapacity: '正常' } });
    expect(saved.code, saved.message).toBe(0);
    await read();
    expect(report.status).toBe('DRAFT');
    expect((await move('operator', 'submit', { values: { payerCapacity: '正常' } })).message).toBe(
      DurationMessage.finding('应收账款状态'),
    );
    expect((await move('operator', 'submit', { values: FILLED })).code).toBe(0);
    expect((await read()).report).toMatchObject({
      status: 'PENDING',
      riskClassLabel: '次级',
      checkDate: expect.any(String),
    });
    // operator holds RISK_HEAD too, but made this report.
    expect(await move('operator', 'approve')).toMatchObject({
      code: ResultCode.invalidInput,
      message: DurationMessage.ownReport,
    });
    expect((await move('riskhead', 'return')).code).toBe(ResultCode.invalidInput);
    expect((await move('riskhead', 'return', { version: report.version - 1, comment: '补充回款明细' })).code).toBe(
      ResultCode.staleVersion,
    );
    expect((await move('riskhead', 'return', { comment: '补充回款明细' })).code).toBe(0);
    await read();
    expect(report.status).toBe('RETURNED');
    expect((await move('operator', 'submit', { values: FILLED })).code).toBe(0);
    await read();
    const review = await call('GET', '/api/business/workbench/todo?tab=REVIEW&size=100', as.riskhead!);
    expect(review.data.records.some((r: { link: string }) => r.link.endsWith(report.keyId))).toBe(true);
    const alertsBefore = await gw.db.selectFrom('risk_alert').select('alert_id').where('tenant_id', '=', T).execute();
    expect((await move('riskhead', 'approve', { comment: '同意' })).code).toBe(0);
    expect((await read('riskhead')).report.status).toBe('APPROVED');
    const alerts = await gw.db
      .selectFrom('risk_alert')
      .selectAll()
      .where('tenant_id', '=', T)
      .where('category', '=', 'DURATION_CHECK')
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ business_nos: businessNo, level: 'WARNING', status: 'PENDING' });
    expect(alerts.length + alertsBefore.length).toBe(
      (await gw.db.selectFrom('risk_alert').select('alert_id').where('tenant_id', '=', T).execute()).length,
    );
  });

  it('counts 应制作, 已制作 and 逾期未制作 per 经办人 and month, within the scope', async () => {
    const month1 = addMonths(`${loanDate.slice(0, 7)}-01`, 1).slice(0, 7);
    // The next month's report is made, then its month ends with it still to make.
    await moveClock(firstOfMonth(loanDate, 2));
    await gw.app.dailyJob.closeDays();
    const month2 = addMonths(`${month1}-01`, 1).slice(0, 7);
    await moveClock(firstOfMonth(loanDate, 3));
    const stats = await call('GET', `${STATS}?periodFrom=${month1}&periodTo=${month2}`, as.riskhead!);
    expect(stats.code, stats.message).toBe(0);
    const of = (period: string) =>
      stats.data.find((r: { period: string; makerId: string }) => r.period === period && r.makerId === operatorId);
    expect(of(month1)).toMatchObject({ due: 1, made: 1, overdue: 0 });
    expect(of(month2)).toMatchObject({ due: 1, made: 0, overdue: 1 });
    const scoped = await call('GET', `${STATS}?periodFrom=${month1}&periodTo=${month2}`, as.risk2!);
    expect(scoped.code, scoped.message).toBe(0);
    expect(scoped.data).toEqual([]);
    const workbook = await gw.app.inject({
      method: 'GET',
      url: `${STATS}/export?periodFrom=${month1}`,
      headers: as.riskhead,
    });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toContain('spreadsheetml');
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `${STATS}?periodFrom=${month2}&periodTo=${month1}`, as.riskhead!)).message).toBe(
      DurationMessage.period,
    );
  });
});
