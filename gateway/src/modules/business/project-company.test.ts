// 项目公司 of a business whose pre-credit was made under 全部项目公司 (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): the business names no project company, its pre-credit's basis orders do, and the
// list, the detail and the review page say whose they are instead of "—", and so do the 预授信 and 融资申请 lists
// and their exports.
import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

const T = DEMO_TENANT_ID;
const API = '/api/business/business';

describe.each(databasesUnderTest())('项目公司 under 全部项目公司 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    headers = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('names the basis orders’ project companies when the business names none', async () => {
    // A pre-credit on orders of one project company, then as if made under 全部项目公司.
    const pc = await gw.db
      .selectFrom('pre_credit as pc')
      .innerJoin('financing_business as b', 'b.business_id', 'pc.business_id')
      .select(['pc.business_id', 'pc.basis_order_ids', 'b.business_no', 'b.project_company_id'])
      .where('pc.tenant_id', '=', T)
      .where('b.project_company_id', 'is not', null)
      .where(sql<boolean>`jsonb_array_length(pc.basis_order_ids) > 0`)
      .orderBy('pc.business_id')
      .executeTakeFirstOrThrow();
    const orderIds = (
      typeof pc.basis_order_ids === 'string' ? JSON.parse(pc.basis_order_ids) : pc.basis_order_ids
    ) as string[];
    // The orders are the assets module's resource table, read by name.
    // biome-ignore lint/suspicious/noExplicitAny: the orders are not in the gateway's Database type
    const companies = await (gw.db as unknown as Kysely<any>)
      .selectFrom('payment_order as o')
      .innerJoin('organization as c', 'c.org_id', 'o.project_company_id')
      .select('c.org_name')
      .distinct()
      .where('o.order_id', 'in', orderIds)
      .orderBy('c.org_name')
      .execute();
    const named = companies.map((c: { org_name: string }) => c.org_name).join('、');
    expect(named).not.toBe('');
    await gw.db
      .updateTable('financing_business')
      .set({ project_company_id: null })
      .where('business_id', '=', pc.business_id)
      .execute();
    try {
      const detail = await call('GET', `${API}/${pc.business_id}`, headers);
      expect(detail.data).toMatchObject({ projectCompanyId: null, projectCompanyName: named });
      const page = await call('GET', `${API}/page?current=1&size=10&businessNo=${pc.business_no}`, headers);
      expect(page.data.records.find((r: { keyId: string }) => r.keyId === pc.business_id)).toMatchObject({
        projectCompanyName: named,
      });
    } finally {
      await gw.db
        .updateTable('financing_business')
        .set({ project_company_id: pc.project_company_id })
        .where('business_id', '=', pc.business_id)
        .execute();
    }
  }, 60_000);
  /** The column `header` of an exported workbook, below its heading. */
  const exported = async (url: string, header: string): Promise<unknown[]> => {
    const res = await gw.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const col = (sheet.getRow(1).values as unknown[]).indexOf(header);
    expect(col).toBeGreaterThan(0);
    return (sheet.getColumn(col).values as unknown[]).slice(2);
  };

  it('names them on the 预授信 and 融资申请 lists and in their exports too', async () => {
    // A business with both a pre-credit on basis orders and an application, as if made under 全部项目公司.
    const row = await gw.db
      .selectFrom('pre_credit as pc')
      .innerJoin('financing_business as b', 'b.business_id', 'pc.business_id')
      .innerJoin('financing_application as f', 'f.application_id', 'pc.business_id')
      .select(['pc.business_id', 'pc.pre_credit_no', 'f.application_no', 'b.project_company_id'])
      .where('pc.tenant_id', '=', T)
      .where('b.deleted', '=', false)
      .where(sql<boolean>`jsonb_array_length(pc.basis_order_ids) > 0`)
      .orderBy('pc.business_id')
      .executeTakeFirstOrThrow();
    const before = await call('GET', `${API}/${row.business_id}`, headers);
    const named: string = before.data.projectCompanyName;
    expect(named).toBeTruthy();
    await gw.db
      .updateTable('financing_business')
      .set({ project_company_id: null })
      .where('business_id', '=', row.business_id)
      .execute();
    try {
      const preCredit = await call(
        'GET',
        `/api/business/preCredit/page?current=1&size=10&preCreditNo=${row.pre_credit_no}`,
        headers,
      );
      expect(preCredit.data.records).toEqual([expect.objectContaining({ projectCompanyName: named })]);
      const application = await call(
        'GET',
        `/api/business/financingApplication/page?current=1&size=10&applicationNo=${row.application_no}`,
        headers,
      );
      expect(application.data.records).toEqual([expect.objectContaining({ projectCompanyName: named })]);
      expect(await exported(`/api/business/preCredit/export?preCreditNo=${row.pre_credit_no}`, '项目公司')).toEqual([
        named,
      ]);
      expect(
        await exported(`/api/business/financingApplication/export?applicationNo=${row.application_no}`, '项目公司'),
      ).toEqual([named]);
    } finally {
      await gw.db
        .updateTable('financing_business')
        .set({ project_company_id: row.project_company_id })
        .where('business_id', '=', row.business_id)
        .execute();
    }
  }, 60_000);
});
