// 子公司参数, 风控汇总参数 and 资金方管理 on a real database: the seeded rows page and filter, exports carry
// the labels, writes need their operation codes, another tenant's ids are not found, the rules with numbers
// refuse in Chinese, one parameter per subsidiary and one product code per tenant, a used product cannot be
// deleted, and the summary's save makes a new version — stale ones refused, exactly one in force.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_PRODUCT_CODE,
  FUND_PRODUCT,
  PRODUCT_IN_USE,
} from '../../../../src/domain/funds/fund-product.resource';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { effectiveCap } from '../../../../src/domain/parameters/effective-cap';
import {
  RISK_SUMMARY,
  RISK_SUMMARY_ACTIVE_API,
  SUMMARY_UNCHANGED,
} from '../../../../src/domain/parameters/risk-summary.resource';
import {
  DUPLICATE_SUBSIDIARY_PARAMETER,
  SUBSIDIARY_PARAMETER,
} from '../../../../src/domain/parameters/subsidiary-parameter.resource';
import type { ResourceRecord } from '../../../../src/domain/resource/resource';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { SEEDED_PRODUCT_COUNT, SEEDED_SUMMARY_VERSIONS } from '../../db/seed/params-funds.seed';
import { dateBefore, storyDaysBefore } from '../../db/seed/seed-days';
import { seededAt } from '../../testing/pglite-template';
import {
  type TestGateway,
  callerOf,
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
} from '../../testing/test-gateway';
import { capSourcesOf } from './cap-sources';
import { insertUsers } from '../../testing/test-users';

/**
 * A day of the seeded parameters' year, named by month and day, as this run's seed dated it (seed-days.ts);
 * `yearsOn` years after it.
 */
const seededDay = (month: number, day: number, yearsOn = 0) =>
  dateBefore(seededAt(), storyDaysBefore(month, day) - 365 * yearsOn);

type Headers = Record<string, string>;
// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;
const PRODUCTS = FUND_PRODUCT.api;
const PARAMS = SUBSIDIARY_PARAMETER.api;
const SUMMARY = RISK_SUMMARY.api;

describe.each(databasesUnderTest())('参数管理 and 资金方管理 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let xh: Headers;
  let reader: Headers;
  const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(gw.app)(...args);
  const raw = () => gw.db as unknown as AnyDb;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    // A reader of the three menus without any operation code.
    await gw.db
      .insertInto('role')
      .values({
        role_id: '1200000000000000981',
        tenant_id: DEMO_TENANT_ID,
        role_code: 'PF_READER',
        role_name: '参数只读',
      })
      .execute();
    await gw.db
      .insertInto('role_menu')
      .values(
        [FUND_PRODUCT, SUBSIDIARY_PARAMETER, RISK_SUMMARY].map((d) => ({
          role_id: '1200000000000000981',
          menu_id: normalizeMenuPath(d.menuPath),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertUsers(gw.db, { user_id: '1300000000000000981', user_name: 'pf.reader', nick_name: '参数只读' });
    await gw.db
      .insertInto('user_role')
      .values({ user_id: '1300000000000000981', role_id: '1200000000000000981' })
      .execute();
    await issueToken(gw.db, { userName: 'pf.reader', token: 'pf-reader-token' });
    reader = { authorization: 'Bearer pf-reader-token' };
  });
  afterAll(async () => {
    await gw?.close();
  });

  const sheet = async (url: string) => {
    const res = await gw.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  };

  describe('资金方管理', () => {
    it('pages the seeded products with their capital side, type, and quota figures', async () => {
      const page = await call('GET', `${PRODUCTS}/page?size=100`, admin);
      expect(page.code).toBe(0);
      expect(page.data.total).toBe(SEEDED_PRODUCT_COUNT);
      const sides = new Set(page.data.records.map((r: ResourceRecord) => r.capitalSideId));
      expect(sides.size).toBe(5);
      const types = new Set(page.data.records.map((r: ResourceRecord) => r.sideType));
      expect([...types].sort()).toEqual(['BANK', 'FACTORING', 'TRUST']);
      // The demo's loans still repaying hold quota of their products; every other product is unused.
      const repaying = new Set(
        (
          await gw.db
            .selectFrom('financing_business')
            .select('product_id')
            .where('tenant_id', '=', DEMO_TENANT_ID)
            .where('stage', '=', 'REPAYING')
            .execute()
        ).map((b) => b.product_id),
      );
      expect(repaying.size).toBeGreaterThan(0);
      for (const r of page.data.records as ResourceRecord[]) {
        expect(r.capitalSideIdName).toBeTruthy();
        if (repaying.has(String(r.keyId))) expect(Number(r.usedQuota)).toBeGreaterThan(0);
        else expect(r.usedQuota).toBe(0);
        expect(r.availableQuota).toBe(Number(r.quota) - Number(r.usedQuota));
        expect(r.minRate).toMatch(/^0\.\d{4}$/);
      }
      expect(page.data.sums.quota).toBe(
        page.data.records.reduce((s: number, r: ResourceRecord) => s + Number(r.quota), 0),
      );
      const first = await call('GET', `${PRODUCTS}/page?size=5&current=3`, admin);
      expect(first.data.records).toHaveLength(SEEDED_PRODUCT_COUNT - 10);
    });

    it('filters by code, name and status', async () => {
      const byCode = await call('GET', `${PRODUCTS}/page?productCode=icbc`, admin);
      expect(byCode.data.total).toBe(3);
      const byName = await call('GET', `${PRODUCTS}/page?productName=${encodeURIComponent('保理')}`, admin);
      for (const r of byName.data.records) expect(r.productName).toContain('保理');
      const disabled = await call('GET', `${PRODUCTS}/page?status=DISABLED`, admin);
      expect(disabled.data.total).toBe(1);
    });

    it('exports the list with labels: type, status, amounts in 元', async () => {
      const rows = await sheet(`${PRODUCTS}/export?productCode=CMB`);
      expect(rows[0]).toEqual(expect.arrayContaining(['资金方', '类型', '产品编号', '可用额度', '状态']));
      expect(rows).toHaveLength(3);
      expect(rows[1]).toEqual(expect.arrayContaining(['招商银行股份有限公司杭州分行', '银行', '启用']));
    });

    it('refuses the rules with numbers in their own words', async () => {
      const sample = FUND_PRODUCT.sample;
      const cases: [Record<string, unknown>, string][] = [
        [{ minRate: '0.0000' }, '最低年利率须大于0'],
        [{ maxRate: '0.2500' }, '最高年利率不能大于24%'],
        [{ minRate: '0.0900', maxRate: '0.0800' }, '最低年利率不能大于最高年利率'],
        [{ serviceFeeRate: '0.0300' }, '服务费率不能大于2%'],
        [{ maxFinancingRatio: '0.9500' }, '最高融资比例不能大于90%'],
        [{ termMinDays: 200, termMaxDays: 100 }, '最短期限不能大于最长期限'],
        [{ termMaxDays: 361 }, '最长期限（天）不能大于360'],
        [{ graceDays: 31 }, '宽限期（天）不能大于30'],
        [{ validFrom: '2027-01-01', validTo: '2026-12-31' }, '生效日不能晚于到期日'],
        [{ repaymentMethods: '' }, '请选择还款方式'],
        [{ repaymentMethods: 'BULLET,WEEKLY' }, '还款方式不正确'],
        [{ repaymentMethods: 'BULLET,BULLET' }, '还款方式不正确'],
        [{ dayCountBasis: '366' }, '计息基数不正确'],
        [{ capitalSideId: DemoOrg.huadongBuildingMaterials }, '资金方不正确'],
      ];
      for (const [change, message] of cases) {
        const res = await call('POST', PRODUCTS, admin, { ...sample, productCode: 'RULE-01', ...change });
        expect([res.code, res.message], JSON.stringify(change)).toEqual([ResultCode.invalidInput, message]);
      }
    });

    it('makes a product with several repayment methods and the defaults, one code per tenant', async () => {
      const { penaltyMarkup: _p, earlyRepayFeeRate: _e, ...body } = FUND_PRODUCT.sample;
      const made = await call('POST', PRODUCTS, admin, {
        ...body,
        productCode: 'gw-test-01',
        repaymentMethods: 'EQUAL_PRINCIPAL,BULLET',
      });
      expect(made.code, made.message).toBe(0);
      expect(made.data).toMatchObject({
        productCode: 'GW-TEST-01',
        repaymentMethods: 'EQUAL_PRINCIPAL,BULLET',
        penaltyMarkup: '0.5000',
        earlyRepayFeeRate: '0.0000',
        sideType: 'BANK',
        usedQuota: 0,
        availableQuota: FUND_PRODUCT.sample.quota,
      });
      const again = await call('POST', PRODUCTS, admin, { ...body, productCode: 'GW-TEST-01' });
      expect([again.code, again.message]).toEqual([ResultCode.invalidInput, DUPLICATE_PRODUCT_CODE]);
      // Another tenant may use the same code.
      const xhSide = (await call('GET', `${PRODUCTS}/options/capitalSideId`, xh)).data as { keyId: string }[];
      if (xhSide.length > 0) {
        const theirs = await call('POST', PRODUCTS, xh, {
          ...body,
          productCode: 'GW-TEST-01',
          capitalSideId: xhSide[0]!.keyId,
        });
        expect(theirs.code, theirs.message).toBe(0);
      }
    });

    it('needs add, edit, lock/unlock and delete; another tenant finds nothing', async () => {
      const made = (await call('POST', PRODUCTS, admin, { ...FUND_PRODUCT.sample, productCode: 'GW-TEST-02' }))
        .data as ResourceRecord;
      expect((await call('POST', PRODUCTS, reader, { ...FUND_PRODUCT.sample, productCode: 'GW-TEST-03' })).code).toBe(
        ResultCode.forbidden,
      );
      const url = `${PRODUCTS}/${made.keyId}`;
      expect((await call('POST', `${url}/transition`, reader, { action: 'disable', version: 1 })).code).toBe(
        ResultCode.forbidden,
      );
      expect((await call('DELETE', `${url}?version=1`, reader)).code).toBe(ResultCode.forbidden);
      expect((await call('GET', url, xh)).code).toBe(ResultCode.notFound);
      expect((await call('DELETE', `${url}?version=1`, xh)).code).toBe(ResultCode.notFound);
      const off = await call('POST', `${url}/transition`, admin, {
        action: 'disable',
        version: 1,
        comment: '暂停投放',
      });
      expect(off.data).toMatchObject({ status: 'DISABLED', statusReason: '暂停投放', version: 2 });
      const on = await call('POST', `${url}/transition`, admin, { action: 'enable', version: 2 });
      expect(on.data.status).toBe('ENABLED');
      expect((await call('GET', `${url}/history`, admin)).data.map((h: { label: string }) => h.label)).toEqual([
        '启用',
        '停用',
        '新增资金方',
      ]);
    });

    it('deletes a product never used, and refuses one whose quota has been drawn', async () => {
      const fresh = (await call('POST', PRODUCTS, admin, { ...FUND_PRODUCT.sample, productCode: 'GW-DEL-01' }))
        .data as ResourceRecord;
      const used = (await call('POST', PRODUCTS, admin, { ...FUND_PRODUCT.sample, productCode: 'GW-DEL-02' }))
        .data as ResourceRecord;
      // Lending is not built yet: a drawn quota is written as lending will write it.
      await raw()
        .updateTable('fund_product')
        .set({ used_quota: 1_000_000_00 })
        .where('product_id', '=', used.keyId)
        .execute();
      const refused = await call('DELETE', `${PRODUCTS}/${used.keyId}?version=1`, admin);
      expect([refused.code, refused.message]).toEqual([ResultCode.invalidInput, PRODUCT_IN_USE]);
      expect((await call('GET', `${PRODUCTS}/${used.keyId}`, admin)).data).toMatchObject({
        usedQuota: 1_000_000_00,
        availableQuota: Number(FUND_PRODUCT.sample.quota) - 1_000_000_00,
      });
      expect((await call('DELETE', `${PRODUCTS}/${fresh.keyId}?version=1`, admin)).code).toBe(0);
      expect((await call('GET', `${PRODUCTS}/${fresh.keyId}`, admin)).code).toBe(ResultCode.notFound);
    });

    it('answers malformed bodies with 160300400', async () => {
      for (const body of [
        { ...FUND_PRODUCT.sample, quota: '一亿' },
        { ...FUND_PRODUCT.sample, repaymentMethods: ['BULLET'] },
        { ...FUND_PRODUCT.sample, minRate: 0.04 },
      ]) {
        const res = await call('POST', PRODUCTS, admin, body);
        expect([res.status, res.code], JSON.stringify(body)).toEqual([400, ResultCode.invalidInput]);
      }
    });
  });

  describe('子公司参数', () => {
    it('pages one parameter per project company and the city company, with names', async () => {
      const page = await call('GET', `${PARAMS}/page?size=100`, admin);
      expect(page.code).toBe(0);
      const ids = page.data.records.map((r: ResourceRecord) => r.subsidiaryId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(DemoOrg.suzhouProject);
      expect(ids).toContain(DemoOrg.shanghaiRealEstate);
      expect(ids).not.toContain(DemoOrg.hangzhouConstruction);
      for (const r of page.data.records) {
        expect(r.subsidiaryIdName).toBeTruthy();
        expect(r.usedQuota).toBeGreaterThanOrEqual(0);
      }
      // The demo's loans are lent on orders its project companies pay (the figure itself: loan-figures.test.ts).
      expect(page.data.records.some((r: ResourceRecord) => Number(r.usedQuota) > 0)).toBe(true);
      const start = seededDay(1, 1);
      const from = await call('GET', `${PARAMS}/page?effectiveFromFrom=${start}&effectiveFromTo=${start}`, admin);
      expect(from.data.total).toBe(page.data.total);
      const yearOn = seededDay(1, 1, 1);
      expect((await call('GET', `${PARAMS}/page?effectiveFromFrom=${yearOn}`, admin)).data.total).toBe(0);
      const rows = await sheet(`${PARAMS}/export`);
      expect(rows[0]).toEqual(expect.arrayContaining(['子公司', '单笔上限', '比例上限', '年度额度', '状态']));
      expect(rows).toHaveLength(page.data.total + 1);
    });

    it('offers city and project companies only, and refuses a supplier', async () => {
      const options = (await call('GET', `${PARAMS}/options/subsidiaryId`, admin)).data as { keyId: string }[];
      const keys = options.map((o) => o.keyId);
      expect(keys).toContain(DemoOrg.hangzhouConstruction);
      expect(keys).toContain(DemoOrg.nanjingProject);
      expect(keys).not.toContain(DemoOrg.huadongBuildingMaterials);
      expect(keys).not.toContain(DemoOrg.icbcShanghai);
      const res = await call('POST', PARAMS, admin, {
        ...SUBSIDIARY_PARAMETER.sample,
        subsidiaryId: DemoOrg.huadongBuildingMaterials,
      });
      expect([res.code, res.message]).toEqual([ResultCode.invalidInput, '子公司不正确']);
    });

    it('keeps one parameter per subsidiary, and the numbers within bounds', async () => {
      const dup = await call('POST', PARAMS, admin, {
        ...SUBSIDIARY_PARAMETER.sample,
        subsidiaryId: DemoOrg.suzhouProject,
      });
      expect([dup.code, dup.message]).toEqual([ResultCode.invalidInput, DUPLICATE_SUBSIDIARY_PARAMETER]);
      for (const [change, message] of [
        [{ maxFinancingRatio: '0.9100' }, '比例上限不能大于90%'],
        [{ maxTermDays: 400 }, '最长期限（天）不能大于360'],
        [{ effectiveFrom: '2026-12-31', effectiveTo: '2026-01-01' }, '生效日不能晚于失效日'],
        [{ singleMaxAmount: -1 }, '单笔上限不能小于0.00元'],
      ] as const) {
        const res = await call('POST', PARAMS, admin, { ...SUBSIDIARY_PARAMETER.sample, ...change });
        expect([res.code, res.message], JSON.stringify(change)).toEqual([ResultCode.invalidInput, message]);
      }
    });

    it('edits and deletes with their codes and versions; another tenant finds nothing', async () => {
      const made = (await call('POST', PARAMS, admin, SUBSIDIARY_PARAMETER.sample)).data as ResourceRecord;
      expect(made.subsidiaryIdName).toBe('远景建设工程(杭州)有限公司');
      const url = `${PARAMS}/${made.keyId}`;
      const body = { ...SUBSIDIARY_PARAMETER.sample, singleMaxAmount: 20_000_000_00 };
      delete (body as Record<string, unknown>).subsidiaryId;
      expect((await call('PUT', url, reader, { ...body, version: 1 })).code).toBe(ResultCode.forbidden);
      expect((await call('PUT', url, xh, { ...body, version: 1 })).code).toBe(ResultCode.notFound);
      expect((await call('PUT', url, admin, { ...body, version: 3 })).code).toBe(ResultCode.staleVersion);
      const saved = await call('PUT', url, admin, { ...body, version: 1 });
      expect(saved.data).toMatchObject({ singleMaxAmount: 20_000_000_00, version: 2 });
      expect((await call('DELETE', `${url}?version=2`, reader)).code).toBe(ResultCode.forbidden);
      expect((await call('DELETE', `${url}?version=2`, admin)).code).toBe(0);
    });
  });

  const active = () => call('GET', RISK_SUMMARY_ACTIVE_API, admin);

  describe('风控汇总参数', () => {
    const formOf = (r: ResourceRecord) => Object.fromEntries(Object.keys(RISK_SUMMARY.sample).map((k) => [k, r[k]]));
    const activeCount = async () =>
      (
        await raw()
          .selectFrom('risk_summary_parameter')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', DEMO_TENANT_ID)
          .where('status', '=', 'ACTIVE')
          .executeTakeFirstOrThrow()
      ).n;

    it('has the seeded versions, the last in force', async () => {
      const now = await active();
      expect(now.data).toMatchObject({
        status: 'ACTIVE',
        versionNo: SEEDED_SUMMARY_VERSIONS,
        maxFinancingRatio: '0.8500',
      });
      expect(now.data.version).toBe(SEEDED_SUMMARY_VERSIONS);
      const page = await call('GET', `${SUMMARY}/page?size=100`, admin);
      expect(page.data.records.map((r: ResourceRecord) => r.versionNo)).toEqual([3, 2, 1]);
      expect(page.data.records[1].changeSummary).toContain('集团总额度');
      expect(page.data.records[0].approvedByName).toBeTruthy();
      expect((await call('GET', `${SUMMARY}/page?status=ACTIVE`, admin)).data.total).toBe(1);
      const rows = await sheet(`${SUMMARY}/export`);
      expect(rows[0]).toEqual(['版本', '变更内容', '保存人', '保存时间', '状态']);
      expect(rows.slice(1).map((r) => r[4])).toEqual(['生效中', '历史版本', '历史版本']);
    });

    it('saves a new version: the old one becomes history, nothing overwritten, one in force', async () => {
      const before = (await active()).data as ResourceRecord;
      const body = { ...formOf(before), maxFinancingRatio: '0.8200', graceDays: 10 };
      expect((await call('PUT', RISK_SUMMARY_ACTIVE_API, reader, { ...body, version: before.version })).code).toBe(
        ResultCode.forbidden,
      );
      const saved = await call('PUT', RISK_SUMMARY_ACTIVE_API, admin, { ...body, version: before.version });
      expect(saved.code, saved.message).toBe(0);
      expect(saved.data).toMatchObject({
        status: 'ACTIVE',
        versionNo: before.version + 1,
        maxFinancingRatio: '0.8200',
      });
      expect(saved.data.changeSummary).toBe('最高融资比例：85.00% → 82.00%；宽限期（天）：15 → 10');
      const old = await call('GET', `${SUMMARY}/${before.keyId}`, admin);
      expect(old.data).toMatchObject({ status: 'SUPERSEDED', maxFinancingRatio: '0.8500', graceDays: 15 });
      expect(Number(await activeCount())).toBe(1);
      // The version read is now stale.
      const stale = await call('PUT', RISK_SUMMARY_ACTIVE_API, admin, {
        ...body,
        graceDays: 12,
        version: before.version,
      });
      expect(stale.code).toBe(ResultCode.staleVersion);
      const same = await call('PUT', RISK_SUMMARY_ACTIVE_API, admin, { ...body, version: saved.data.version });
      expect([same.code, same.message]).toEqual([ResultCode.invalidInput, SUMMARY_UNCHANGED]);
      expect(Number(await activeCount())).toBe(1);
    });

    it('lets one of two saves of the same version win', async () => {
      const before = (await active()).data as ResourceRecord;
      const answers = await Promise.all(
        [11, 12].map((graceDays) =>
          call('PUT', RISK_SUMMARY_ACTIVE_API, admin, { ...formOf(before), graceDays, version: before.version }),
        ),
      );
      expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion].sort());
      expect(Number(await activeCount())).toBe(1);
    });

    it('refuses out-of-bounds and malformed values', async () => {
      const before = (await active()).data as ResourceRecord;
      for (const [change, message] of [
        [{ maxFinancingRatio: '0.9500' }, '最高融资比例不能大于90%'],
        [{ maxTermDays: 365 }, '最长期限（天）不能大于360'],
        [{ graceDays: 31 }, '宽限期（天）不能大于30'],
        [{ supplierMaxExposure: null }, '请输入单一供应商余额上限'],
      ] as const) {
        const res = await call('PUT', RISK_SUMMARY_ACTIVE_API, admin, {
          ...formOf(before),
          ...change,
          version: before.version,
        });
        expect([res.code, res.message], JSON.stringify(change)).toEqual([ResultCode.invalidInput, message]);
      }
      for (const body of [
        { ...formOf(before) },
        { ...formOf(before), version: 'x' },
        [1],
        { ...formOf(before), version: 0 },
      ]) {
        const res = await call('PUT', RISK_SUMMARY_ACTIVE_API, admin, body);
        expect([res.status, res.code], JSON.stringify(body)).toEqual([400, ResultCode.invalidInput]);
      }
    });

    it("answers another tenant without a summary with 'not found', and never shows ours", async () => {
      expect((await call('GET', RISK_SUMMARY_ACTIVE_API, xh)).code).toBe(ResultCode.notFound);
      const ours = (await active()).data as ResourceRecord;
      expect((await call('GET', `${SUMMARY}/${ours.keyId}`, xh)).code).toBe(ResultCode.notFound);
      expect((await call('GET', `${SUMMARY}/page`, xh)).data.total).toBe(0);
    });
  });

  describe('capSourcesOf', () => {
    it('reads the product, the live subsidiary parameter and the summary in force', async () => {
      const products = (await call('GET', `${PRODUCTS}/page?productCode=ICBC-SCF-03`, admin)).data.records;
      const product = products[0] as ResourceRecord;
      const param = (await call('GET', `${PARAMS}/page?size=100`, admin)).data.records.find(
        (r: ResourceRecord) => r.subsidiaryId === DemoOrg.suzhouProject,
      ) as ResourceRecord;
      const summary = (await active()).data as ResourceRecord;
      const sources = await capSourcesOf(gw.db, DEMO_TENANT_ID, {
        productId: product.keyId,
        subsidiaryId: DemoOrg.suzhouProject,
        on: seededDay(6, 1),
      });
      expect(sources).toEqual({
        product: { singleMaxAmount: null, maxFinancingRatio: '0.8000', maxTermDays: 180 },
        subsidiary: {
          singleMaxAmount: BigInt(param.singleMaxAmount as number),
          maxFinancingRatio: param.maxFinancingRatio,
          maxTermDays: param.maxTermDays,
        },
        summary: {
          singleMaxAmount: null,
          maxFinancingRatio: summary.maxFinancingRatio,
          maxTermDays: summary.maxTermDays,
        },
      });
      const cap = effectiveCap(sources);
      expect(cap.maxTermDays?.value).toBe(Math.min(180, Number(param.maxTermDays), Number(summary.maxTermDays)));
      expect(cap.singleMaxAmount).toEqual({ value: BigInt(param.singleMaxAmount as number), from: 'subsidiary' });
    });

    it('keeps the seeded subsidiary parameters in force for a demo left running a year', async () => {
      for (const on of [seededDay(1, 1), seededDay(12, 31), seededDay(11, 28, 1), seededDay(12, 31, 1)]) {
        const { subsidiary } = await capSourcesOf(gw.db, DEMO_TENANT_ID, { subsidiaryId: DemoOrg.suzhouProject, on });
        expect(subsidiary, on).not.toBeNull();
      }
    });

    it('ignores what does not apply: out of its dates, 停用, unknown or another tenant', async () => {
      const none = await capSourcesOf(gw.db, DEMO_TENANT_ID, {
        productId: 'nope',
        subsidiaryId: DemoOrg.suzhouProject,
        on: seededDay(1, 1, 2),
      });
      expect(none.product).toBeNull();
      expect(none.subsidiary).toBeNull();
      expect(none.summary).not.toBeNull();
      const disabled = (await call('GET', `${PARAMS}/page?status=DISABLED`, admin)).data.records[0] as ResourceRecord;
      expect(
        (
          await capSourcesOf(gw.db, DEMO_TENANT_ID, {
            subsidiaryId: String(disabled.subsidiaryId),
            on: seededDay(6, 1),
          })
        ).subsidiary,
      ).toBeNull();
      const product = (await call('GET', `${PRODUCTS}/page?productCode=CCB-SCF-01`, admin)).data.records[0];
      const theirs = await capSourcesOf(gw.db, '1000000000000000002', {
        productId: product.keyId,
        subsidiaryId: DemoOrg.suzhouProject,
        on: seededDay(6, 1),
      });
      expect(theirs).toEqual({ product: null, subsidiary: null, summary: null });
    });
  });
});
