// The values a business's letters and push summary print, on the demo's data (a test gateway: PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set; its stages' stored documents registered): the parties by name, the approved amount in 分 as text with the approved terms, the stored documents'
// numbers, the day in Shanghai; the debtor found through the application's payment orders when the business names
// no project company, and none when neither does.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID } from '../db/seed/demo-seed';
import { loadBusiness } from '../modules/business/aggregate';
import { seededBusinessAt } from '../testing/seeded-business';
import { type TestGateway, createTestGateway, databasesUnderTest } from '../testing/test-gateway';
import { orgNames } from './stage-documents';
import { businessOrders } from './stage-orders';
import { businessPrintValues } from './stage-print-values';

describe.each(databasesUnderTest())('a business’s print values on the stage kit on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let db: Kysely<Database>;
  // 20:00 UTC is the next morning in Shanghai.
  const now = new Date('2026-11-29T20:00:00Z');

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    db = gw.db;
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('names the parties, the approved amount and terms, the stored documents and the day', async () => {
    const signed = await seededBusinessAt(db, 'SIGNING/SIGNED');
    const b = await loadBusiness(db, DEMO_TENANT_ID, signed.businessId);
    const [supplierName, capitalSideName] = await orgNames(db, DEMO_TENANT_ID, [b.supplierId, b.capitalSideId]);
    const values = await businessPrintValues(db, DEMO_TENANT_ID, b, now);
    expect(values).toMatchObject({
      ...{ businessNo: b.businessNo, supplierName, capitalSideName },
      ...{ amountFen: String(b.approvedAmount), madeOn: '2026-11-30' },
    });
    expect(values.projectCompanyName).not.toBe('');
    expect(values.projectCompanyName).toBe((await orgNames(db, DEMO_TENANT_ID, [values.projectCompanyId]))[0]);
    expect(values.annualRate).toMatch(/^0\.\d+$/);
    expect(values.termDays).toBeGreaterThan(0);
    // The signed contracts, by their file names without the extension.
    expect(values.contractNos).not.toBe('--');
    expect(values.contractNos).not.toMatch(/\.pdf/i);
  });

  it('takes the debtor the business names, else its application’s payment orders’, else none', async () => {
    const applied = await db
      .selectFrom('financing_application')
      .select(['application_id', 'lines'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where((eb) => eb.fn('jsonb_array_length', ['lines']), '>', 0)
      .orderBy('application_id')
      .executeTakeFirstOrThrow();
    const orderIds = (applied.lines as { orderId: string }[]).map((l) => l.orderId);
    const orders = await db
      .selectFrom('payment_order')
      .select(['order_id', 'project_company_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('order_id', 'in', orderIds)
      .where('project_company_id', 'is not', null)
      .orderBy('order_id')
      .execute();
    // The kit's one read of a business's payment orders: its application's lines, by order id.
    const listed = await businessOrders(db, DEMO_TENANT_ID, applied.application_id);
    expect(listed.map((o) => o.orderId)).toEqual([...new Set(orderIds)].sort());
    expect(listed.filter((o) => o.projectCompanyId)[0]?.projectCompanyId).toBe(orders[0]?.project_company_id);
    expect(listed.every((o) => /\S/.test(o.orderNo))).toBe(true);
    expect(await businessOrders(db, DEMO_TENANT_ID, 'no-such-business')).toEqual([]);
    const b = await loadBusiness(db, DEMO_TENANT_ID, applied.application_id);
    const unnamed = { ...b, projectCompanyId: null };
    const found = await businessPrintValues(db, DEMO_TENANT_ID, unnamed, now);
    expect(found.projectCompanyId).toBe(orders[0]?.project_company_id);
    expect(found.projectCompanyName).not.toBe('');

    const named = await businessPrintValues(db, DEMO_TENANT_ID, { ...b, projectCompanyId: b.supplierId }, now);
    expect(named).toMatchObject({ projectCompanyId: b.supplierId, projectCompanyName: named.supplierName });

    const none = await businessPrintValues(db, DEMO_TENANT_ID, { ...unnamed, keyId: 'no-such-business' }, now);
    expect(none).toMatchObject({ projectCompanyId: null, projectCompanyName: '', contractNos: '--' });
  });
});
