// 融资需求 on a real database: a supplier user submits for its own supplier only and sees only its own; an
// operator records on behalf, accepts (the business starts at 预授信·草稿 with its pre-credit draft) or closes
// with a reason; the table's refusals (forbidden, wrong state, locked, no consent, the ACCEPT_DEMAND rule),
// a stale version, another tenant's ids and malformed bodies.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { PreCreditMessage } from '../../../../src/domain/financing/pre-credit-rules';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { seed as seedDemands } from '../../db/seed/workflow-demands.seed';
import { type callerOf, databasesUnderTest, openSignedIn, type TestGateway } from '../../testing/test-gateway';
import { newId } from '../../ids';
import { readySuppliers, unlock } from '../../testing/demand-fixtures';
import { seededAt } from '../../testing/pglite-template';

const API = '/api/business/demand';
type Headers = Record<string, string>;

const form = (over: Record<string, unknown> = {}) => ({
  expectedAmount: 5_000_000_00,
  expectedTermDays: 180,
  purpose: '支付钢材采购款',
  contactName: '王经理',
  contactPhone: '13900001111',
  ...over,
});

describe.each(databasesUnderTest())('融资需求 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let operator: Headers;
  let operatorId: string;
  let supplier: Headers;
  let xh: Headers;

  beforeAll(async () => {
    ({
      gw,
      call,
      as: { operator, supplier, xh_admin: xh },
      idOf: { operator: operatorId },
    } = await openSignedIn(databaseUrl, ['operator', 'supplier', 'xh_admin']));
    await readySuppliers(gw, [DemoOrg.huadongBuildingMaterials, DemoOrg.hengguSteel], operatorId);
    await unlock(gw, DemoOrg.lvyuanLandscape);
  });
  afterAll(async () => {
    await gw?.close();
  });

  const create = async (headers: Headers, over: Record<string, unknown> = {}) => {
    const res = await call('POST', API, headers, form(over));
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  it('a supplier user submits for its own supplier (供应商提交); naming another supplier is refused', async () => {
    const d = await create(supplier);
    expect(d).toMatchObject({
      supplierId: DemoOrg.huadongBuildingMaterials,
      supplierName: '华东建材有限公司',
      source: 'SUPPLIER',
      status: 'NEW',
      version: 1,
      actions: [],
    });
    expect(d.demandNo).toMatch(/^XQ\d{12}$/);
    const other = await call('POST', API, supplier, form({ supplierId: DemoOrg.hengguSteel }));
    expect(other).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: '只能为本企业提交' });
  });

  it('an operator records on behalf (经办代录) and is offered 受理 and 关闭', async () => {
    const d = await create(operator, { supplierId: DemoOrg.hengguSteel, projectCompanyId: DemoOrg.suzhouProject });
    expect(d).toMatchObject({ source: 'OPERATOR', projectCompanyName: '苏州远景置业有限公司' });
    expect(d.actions.sort()).toEqual(['accept', 'close']);
    const missing = await call('POST', API, operator, form());
    expect(missing).toMatchObject({ status: 400, message: '请输入供应商' });
  });

  it('a supplier user never sees another supplier’s demands', async () => {
    const theirs = await create(operator, { supplierId: DemoOrg.hengguSteel });
    const page = await call('GET', `${API}/page?size=100`, supplier);
    expect(page.code).toBe(0);
    expect(page.data.records.length).toBeGreaterThan(0);
    expect(
      page.data.records.every((r: { supplierId: string }) => r.supplierId === DemoOrg.huadongBuildingMaterials),
    ).toBe(true);
    expect(await call('GET', `${API}/${theirs.keyId}`, supplier)).toMatchObject({ status: 404 });
    const staff = await call('GET', `${API}/page?size=100&supplierName=${encodeURIComponent('恒固')}`, operator);
    expect(staff.data.records.some((r: { keyId: string }) => r.keyId === theirs.keyId)).toBe(true);
  });

  it('accepts: the business starts at 预授信·草稿 with its pre-credit, and the demand names it', async () => {
    const d = await create(supplier);
    const byStaff = await call('GET', `${API}/${d.keyId}`, operator);
    expect(byStaff.data.actions).toContain('accept');
    const res = await call('POST', `${API}/${d.keyId}/transition`, operator, {
      action: 'accept',
      version: 1,
      comment: '材料齐全',
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: 'ACCEPTED', version: 2, actions: [] });
    expect(res.data.businessNo).toMatch(/^RZ\d{12}$/);
    const business = await call('GET', `/api/business/business/${res.data.businessId}`, operator);
    expect(business.data).toMatchObject({ state: 'PRE_CREDIT/DRAFT', applyAmount: 5_000_000_00, demandId: d.keyId });
    const preCredit = await call('GET', `/api/business/preCredit/${res.data.businessId}`, operator);
    expect(preCredit.data).toMatchObject({ status: 'DRAFT', applyAmount: 5_000_000_00, basisOrderIds: [] });
    const events = await call('GET', `/api/business/business/${res.data.businessId}/events`, operator);
    expect(events.data[0]).toMatchObject({ action: 'accept', fromState: 'DEMAND/NEW', comment: '材料齐全' });
    // Accepted once: again is the wrong state, and the old version is stale.
    const again = await call('POST', `${API}/${d.keyId}/transition`, operator, { action: 'accept', version: 2 });
    expect(again).toMatchObject({ status: 400, message: '当前状态的业务不能受理' });
  });

  it('names its 拟融资付款单 by number, the supplier’s own only, and hands them to the pre-credit on 受理', async () => {
    const mine = (
      await call('GET', `/api/business/preCredit/orders?supplierId=${DemoOrg.huadongBuildingMaterials}`, supplier)
    ).data.records as { keyId: string; orderNo: string }[];
    expect(mine.length).toBeGreaterThan(1);
    const [a, b] = [mine[0]!, mine[1]!];
    // Typed with a Chinese comma and a repeat: each order once, in the order typed.
    const d = await create(supplier, { paymentOrderNos: `${b.orderNo}，${a.orderNo} ${b.orderNo}` });
    expect(d.paymentOrderNos.split(',').sort()).toEqual([a.orderNo, b.orderNo].sort());
    const theirs = await gw.db
      .selectFrom('payment_order' as never)
      .select('order_no' as never)
      .where('supplier_id' as never, '=', DemoOrg.hengguSteel as never)
      .executeTakeFirstOrThrow();
    const no = (theirs as { order_no: string }).order_no;
    const foreign = await call('POST', API, supplier, form({ paymentOrderNos: no }));
    expect(foreign).toMatchObject({ status: 400, message: `付款单${no}不存在或不属于该供应商` });
    const res = await call('POST', `${API}/${d.keyId}/transition`, operator, { action: 'accept', version: 1 });
    expect(res.code, res.message).toBe(0);
    const preCredit = await call('GET', `/api/business/preCredit/${res.data.businessId}`, operator);
    expect(preCredit.data.basisOrderIds).toEqual([b.keyId, a.keyId]);
  });

  it('closes with a reason only; a supplier user may neither accept nor close', async () => {
    const d = await create(supplier);
    for (const action of ['accept', 'close']) {
      const res = await call('POST', `${API}/${d.keyId}/transition`, supplier, {
        action,
        version: 1,
        comment: '自己来',
      });
      expect(res).toMatchObject({ status: 403, code: ResultCode.forbidden });
    }
    const noReason = await call('POST', `${API}/${d.keyId}/transition`, operator, { action: 'close', version: 1 });
    expect(noReason).toMatchObject({ status: 400, message: '请输入关闭原因' });
    const closed = await call('POST', `${API}/${d.keyId}/transition`, operator, {
      action: 'close',
      version: 1,
      comment: '供应商暂无融资需要',
    });
    expect(closed.data).toMatchObject({ status: 'CLOSED', closeReason: '供应商暂无融资需要', businessId: null });
  });

  it('refuses a stale version with 160300409 and an unknown action', async () => {
    const d = await create(supplier);
    const stale = await call('POST', `${API}/${d.keyId}/transition`, operator, {
      action: 'close',
      version: 7,
      comment: '重复需求',
    });
    expect(stale).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    const unknown = await call('POST', `${API}/${d.keyId}/transition`, operator, { action: 'approve', version: 1 });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses to accept for a locked supplier, one without consent, or a demand outside the limits', async () => {
    await gw.db.deleteFrom('supplier_consent').where('supplier_org_id', '=', DemoOrg.lvyuanLandscape).execute();
    await gw.db
      .updateTable('organization')
      .set({ data_auth_state: null })
      .where('org_id', '=', DemoOrg.lvyuanLandscape)
      .execute();
    const noConsent = await create(operator, { supplierId: DemoOrg.lvyuanLandscape });
    const res = await call('POST', `${API}/${noConsent.keyId}/transition`, operator, { action: 'accept', version: 1 });
    expect(res).toMatchObject({ status: 400, message: LifecycleMessage.noConsent });

    const locked = await create(operator, { supplierId: DemoOrg.hengguSteel });
    await gw.db
      .insertInto('supplier_lock' as never)
      .values({
        lock_id: newId(new Date()),
        tenant_id: DEMO_TENANT_ID,
        supplier_id: DemoOrg.hengguSteel,
        scope: 'NEW_APPLICATION',
        reason: '涉诉待核实',
        status: 'LOCKED',
        version: 1,
        created_at: new Date(),
        updated_at: new Date(),
      } as never)
      .execute();
    const refused = await call('POST', `${API}/${locked.keyId}/transition`, operator, { action: 'accept', version: 1 });
    expect(refused).toMatchObject({ status: 400, message: LifecycleMessage.locked });
    await unlock(gw, DemoOrg.hengguSteel);

    // A row outside §2's limits (written past the form) is caught by the ACCEPT_DEMAND rule.
    const odd = await create(supplier);
    await gw.db
      .updateTable('financing_demand')
      .set({ expected_term_days: 400 })
      .where('demand_id', '=', odd.keyId)
      .execute();
    const rule = await call('POST', `${API}/${odd.keyId}/transition`, operator, { action: 'accept', version: 1 });
    expect(rule).toMatchObject({ status: 400, message: PreCreditMessage.demandTerm });
  });

  it('masks the contact’s mobile in the list and the export; the detail shows it whole to who may act on it', async () => {
    const mine = await create(supplier, { contactPhone: '13912345678' });
    for (const headers of [operator, supplier]) {
      const page = await call('GET', `${API}/page?size=100`, headers);
      expect(page.code, page.message).toBe(0);
      const row = page.data.records.find((r: { keyId: string }) => r.keyId === mine.keyId);
      expect(row.contactPhone).toBe('139****5678');
      for (const r of page.data.records) if (r.contactPhone) expect(r.contactPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    }
    const sheet = await gw.app.inject({ method: 'GET', url: `${API}/export`, headers: operator });
    expect(sheet.statusCode).toBe(200);
    const xlsx = await import('exceljs');
    const book = new xlsx.default.Workbook();
    await book.xlsx.load(sheet.rawPayload as never);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
    expect(cells).not.toContain('13912345678');
    expect((await call('GET', `${API}/${mine.keyId}`, supplier)).data.contactPhone).toBe('13912345678');
    expect((await call('GET', `${API}/${mine.keyId}`, operator)).data.contactPhone).toBe('13912345678');
  });

  it('answers 404 for another tenant’s demand', async () => {
    const d = await create(supplier);
    expect(await call('GET', `${API}/${d.keyId}`, xh)).toMatchObject({ status: 404 });
    const res = await call('POST', `${API}/${d.keyId}/transition`, xh, {
      action: 'close',
      version: 1,
      comment: '越权',
    });
    expect([403, 404]).toContain(res.status);
    const still = await call('GET', `${API}/${d.keyId}`, operator);
    expect(still.data.status).toBe('NEW');
  });

  it('refuses malformed bodies with the field’s own words', async () => {
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ expectedAmount: 999_999 }, '期望金额不能小于10,000.00元'],
      [{ expectedAmount: 10_000_000_001 }, '期望金额不能大于100,000,000.00元'],
      [{ expectedTermDays: 29 }, '期限（天）不能小于30'],
      [{ contactPhone: '12345' }, '请输入正确的手机号码'],
      [{ purpose: '' }, '请输入融资用途'],
      [{ expectedAmount: '500万' }, null],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', API, supplier, form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      if (message) expect(res.message).toBe(message);
    }
    const badBody = await call('POST', `${API}/1/transition`, operator, { action: 'close' });
    expect(badBody.status).toBe(400);
  });

  it('the demo seed holds demands in every status and pre-credits over the demo suppliers', async () => {
    for (const status of ['NEW', 'ACCEPTED', 'CLOSED']) {
      const page = await call('GET', `${API}/page?status=${status}`, operator);
      expect(page.data.total, status).toBeGreaterThan(0);
    }
    const pre = await call('GET', '/api/business/preCredit/page?size=100', operator);
    const seen = new Set(pre.data.records.map((r: { status: string }) => r.status));
    for (const status of ['DRAFT', 'PENDING', 'RETURNED', 'APPROVED', 'TERMINATED', 'EXPIRED']) {
      expect(seen.has(status), status).toBe(true);
    }
  });

  it('the seed walks its 已失效 pre-credit there as the system once the draft lapsed; a second run adds nothing', async () => {
    const expired = await gw.db
      .selectFrom('financing_business as b')
      .innerJoin('pre_credit as p', 'p.business_id', 'b.business_id')
      .select(['b.business_id', 'b.version', sql<string>`p.valid_to::text`.as('valid_to')])
      .where('b.tenant_id', '=', DEMO_TENANT_ID)
      .where('b.state', '=', 'TERMINATED/EXPIRED')
      .execute();
    expect(expired).toHaveLength(1);
    const [business] = expired;
    const events = await gw.db
      .selectFrom('business_event')
      .select(['from_state', 'to_state', 'action', 'actor_id', 'actor_role', 'at', 'version'])
      .where('business_id', '=', business!.business_id)
      .orderBy('version')
      .execute();
    expect(events.map((e) => [e.from_state, e.action, e.to_state, e.actor_role, Number(e.version)])).toEqual([
      [null, 'create', 'PRE_CREDIT/DRAFT', '业务经办', 1],
      ['PRE_CREDIT/DRAFT', 'expire', 'TERMINATED/EXPIRED', '系统', 2],
    ]);
    expect(events[1]!.actor_id).toBe('0');
    expect(Number(business!.version)).toBe(2);
    // The move came after the validity's last day (a Beijing business day), as the daily job would make it.
    const movedOn = businessDay(new Date(events[1]!.at));
    expect(movedOn > business!.valid_to, `${movedOn} after ${business!.valid_to}`).toBe(true);

    // What the seed writes, as rows and their versions: the same after it runs again.
    const written = async () => ({
      demands: await gw.db
        .selectFrom('financing_demand')
        .select(['demand_id', 'status', 'version'])
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .orderBy('demand_id')
        .execute(),
      businesses: await gw.db
        .selectFrom('financing_business')
        .select(['business_id', 'state', 'version'])
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .orderBy('business_id')
        .execute(),
      events: await sql<{
        n: number;
      }>`select count(*)::int as n from business_event where tenant_id = ${DEMO_TENANT_ID}`
        .execute(gw.db)
        .then((r) => r.rows[0]?.n),
      preCredits: await sql<{
        n: number;
      }>`select count(*)::int as n from pre_credit where tenant_id = ${DEMO_TENANT_ID}`
        .execute(gw.db)
        .then((r) => r.rows[0]?.n),
    });
    const before = await written();
    await seedDemands(gw.db, seededAt());
    expect(await written()).toEqual(before);
  });

  it('the seed lifts the risk area’s locks on its demo suppliers, each after it was made', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the risk area's table has no Kysely table type
    const lifted = await (gw.db as unknown as Kysely<any>)
      .selectFrom('supplier_lock')
      .select(['supplier_id', 'created_at', 'unlocked_at'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('unlock_reason', '=', '演示数据：已核实')
      .execute();
    expect(lifted.length).toBeGreaterThan(0);
    for (const l of lifted) {
      expect([DemoOrg.huadongBuildingMaterials, DemoOrg.hengguSteel]).toContain(l.supplier_id);
      expect(new Date(l.unlocked_at).getTime()).toBeGreaterThanOrEqual(new Date(l.created_at).getTime());
    }
  });

  it('exports the caller’s scope as xlsx', async () => {
    const res = await gw.app.inject({ method: 'GET', url: `${API}/export?status=NEW`, headers: supplier });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});
