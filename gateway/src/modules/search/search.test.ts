// Search every number through HTTP as the README's people (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// a 业务编号, a 付款单号, a 会议编号 and a supplier's name each found and opened on their page; the supplier user
// finds its own business and not another supplier's, nor any meeting; another tenant finds nothing of this one;
// every numbered kind the search box promises is registered by its module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_API, type SearchHit } from '../../../../src/domain/search/document-search';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { demoPassword } from '../../testing/demo-passwords';
import { type TestGateway, callerOf, createTestGateway, databasesUnderTest, signIn } from '../../testing/test-gateway';
import { registeredSearchKinds } from '../../stage/stage-search';

describe.each(databasesUnderTest())('search every number on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    for (const name of ['admin', 'supplier']) as[name] = (await signIn(gw.app, name, demoPassword(name))).headers;
    as.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });

  const search = async (who: string, q: string) => {
    const res = await call('GET', `${SEARCH_API}?q=${encodeURIComponent(q)}`, as[who]!);
    expect(res.code, res.message).toBe(0);
    return res.data as SearchHit[];
  };
  const businessOf = (supplierId: string) =>
    gw.db
      .selectFrom('financing_business')
      .select(['business_id', 'business_no'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', false)
      .orderBy('business_id')
      .executeTakeFirstOrThrow();

  it('registers a search for every kind the box promises', () => {
    expect(registeredSearchKinds(gw.app.extensions)).toEqual(
      expect.arrayContaining(['business', 'loan', 'repayment', 'contract', 'meeting', 'paymentOrder', 'supplier']),
    );
  });

  it('finds a 业务编号 and opens it on 业务详情, in the supplier’s scope only', async () => {
    const own = await businessOf(DemoOrg.huadongBuildingMaterials);
    const other = await businessOf(DemoOrg.hengguSteel);
    expect(await search('admin', own.business_no.toLowerCase())).toEqual([
      expect.objectContaining({
        kind: 'business',
        keyId: own.business_id,
        path: `/business/newDetails?id=${own.business_id}`,
      }),
    ]);
    expect((await search('supplier', own.business_no)).map((h) => h.keyId)).toEqual([own.business_id]);
    expect(await search('supplier', other.business_no)).toEqual([]);
    expect(await search('xh_admin', own.business_no)).toEqual([]);
  });

  it('finds a 付款单号, a 会议编号 and a supplier by name', async () => {
    const order = (await gw.db
      .selectFrom('payment_order' as never)
      .select(['order_id', 'order_no'] as never)
      .where('tenant_id' as never, '=', DEMO_TENANT_ID as never)
      .orderBy('order_id' as never)
      .executeTakeFirstOrThrow()) as unknown as { order_id: string; order_no: string };
    expect(await search('admin', order.order_no)).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'paymentOrder', keyId: order.order_id })]),
    );
    const meeting = (await gw.db
      .selectFrom('review_meeting' as never)
      .select(['meeting_id', 'meeting_no'] as never)
      .where('tenant_id' as never, '=', DEMO_TENANT_ID as never)
      .executeTakeFirst()) as unknown as { meeting_id: string; meeting_no: string } | undefined;
    if (meeting) {
      expect((await search('admin', meeting.meeting_no)).map((h) => h.kind)).toEqual(['meeting']);
      expect(await search('supplier', meeting.meeting_no)).toEqual([]);
    }
    const byName = await search('admin', '华东建材');
    expect(byName).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'supplier', keyId: DemoOrg.huadongBuildingMaterials })]),
    );
    expect(await search('xh_admin', '华东建材')).toEqual([]);
  });

  it('refuses a text too short or too long', async () => {
    expect((await call('GET', `${SEARCH_API}?q=R`, as.admin!)).code).not.toBe(0);
    expect((await call('GET', `${SEARCH_API}?q=${'9'.repeat(101)}`, as.admin!)).code).not.toBe(0);
  });
});
