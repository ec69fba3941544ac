// 预授信 on a real database: the make page's eligible orders, 新增 creating the business at 预授信·草稿, 编辑 and
// 删除 under the business's version and state, 提交 through the business transition with the SUBMIT_PRE_CREDIT
// rule (over the ceiling, no order, an unconfirmed order), 撤回, a supplier user's scope, another tenant's ids
// and malformed bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { PreCreditMessage, preCreditCeiling } from '../../../../src/domain/financing/pre-credit-rules';
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { type callerOf, databasesUnderTest, openSignedIn, signIn, type TestGateway } from '../../testing/test-gateway';
import { ensureReviewers, readySuppliers } from '../../testing/demand-fixtures';
import { addConfirmedOrder } from '../financing-application/confirmed-orders';

const API = '/api/business/preCredit';
const BUSINESS = '/api/business/business';
type Headers = Record<string, string>;
interface Order {
  keyId: string;
  projectCompanyId: string | null;
  orderNo: string;
  eligibleAmount: number;
}

describe.each(databasesUnderTest())('预授信 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let operator: Headers;
  let supplier: Headers;
  let xh: Headers;
  let orders: Order[];
  /** The binding ratio the gateway reads from the parameters in force (the risk summary's, in the demo). */
  let ratio: string;

  beforeAll(async () => {
    let idOf: Record<'operator', string>;
    ({
      gw,
      call,
      as: { operator, supplier, xh_admin: xh },
      idOf,
    } = await openSignedIn(databaseUrl, ['operator', 'supplier', 'xh_admin']));
    await readySuppliers(gw, [DemoOrg.huadongBuildingMaterials], idOf.operator);
    await ensureReviewers(gw);
    const res = await call('GET', `${API}/orders`, supplier);
    expect(res.code, res.message).toBe(0);
    orders = res.data.records;
    ratio = res.data.ratio;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const apply = async (headers: Headers, body: Record<string, unknown>) => {
    const res = await call('POST', API, headers, body);
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const ceilingOf = (picked: Order[]) => Number(preCreditCeiling(picked, ratio));

  it("lists the supplier's confirmed, unlocked orders with their eligible amounts, the ratio and the consent", async () => {
    const res = await call('GET', `${API}/orders`, supplier);
    expect(res.data).toMatchObject({ consent: true, locked: false });
    // The effective cap's ratio (product, subsidiary, summary), never above the hard 90 %.
    expect(res.data.ratio).toMatch(/^0\.\d{4}$/);
    expect(Number(res.data.ratio)).toBeLessThanOrEqual(0.9);
    expect(orders.length).toBeGreaterThan(1);
    for (const o of res.data.records) {
      expect(o).toMatchObject({ confirmStatus: 'CONFIRMED', locked: false });
      expect(o.eligibleAmount).toBeGreaterThan(0);
    }
    // A supplier user asking for another supplier's orders is refused.
    const other = await call('GET', `${API}/orders?supplierId=${DemoOrg.hengguSteel}`, supplier);
    expect(other).toMatchObject({ status: 400 });
  });

  it('applies, is refused over the ceiling, edits down and submits; then withdraws; delete of a submitted one is refused', async () => {
    const picked = orders.slice(0, 2);
    const ceiling = ceilingOf(picked);
    const p = await apply(supplier, {
      applyAmount: ceiling + 1,
      basisOrderIds: picked.map((o) => o.keyId),
    });
    expect(p).toMatchObject({
      status: 'DRAFT',
      supplierId: DemoOrg.huadongBuildingMaterials,
      basisOrderCount: 2,
      validDays: 90,
      version: 1,
    });
    expect(p.preCreditNo).toMatch(/^YS\d{12}$/);
    expect(p.businessNo).toMatch(/^RZ\d{12}$/);
    expect(p.basisOrders.map((o: Order) => o.keyId)).toEqual(picked.map((o) => o.keyId));

    const over = await call('POST', `${BUSINESS}/${p.keyId}/transition`, supplier, { action: 'submit', version: 1 });
    expect(over).toMatchObject({ status: 400, code: ResultCode.invalidInput });
    expect(over.message).toContain('申请额度超过依据付款单可融资额度');

    const edited = await call('PUT', `${API}/${p.keyId}`, supplier, {
      applyAmount: ceiling,
      basisOrderIds: picked.map((o) => o.keyId),
      validDays: 60,
      version: 1,
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ applyAmount: ceiling, validDays: 60, version: 2 });
    const stale = await call('PUT', `${API}/${p.keyId}`, supplier, {
      applyAmount: ceiling,
      basisOrderIds: [],
      version: 1,
    });
    expect(stale).toMatchObject({ status: 409, code: ResultCode.staleVersion });

    const submitted = await call('POST', `${BUSINESS}/${p.keyId}/transition`, supplier, {
      action: 'submit',
      version: 2,
    });
    expect(submitted.code, submitted.message).toBe(0);
    const listed = await call('GET', `${API}/${p.keyId}`, supplier);
    expect(listed.data).toMatchObject({ status: 'PENDING', version: 3 });
    expect(listed.data.actions).toEqual(['withdraw']);

    const notEditable = await call('PUT', `${API}/${p.keyId}`, supplier, {
      applyAmount: 1,
      basisOrderIds: [],
      version: 3,
    });
    expect(notEditable).toMatchObject({ status: 400, message: '只有草稿或已退回的预授信可以编辑' });
    // The kit's transition takes the stage's own actions only; 终止 is 融资业务管理's, 通过 the reviewers'.
    for (const action of ['terminate', 'approve']) {
      const other = await call('POST', `${API}/${p.keyId}/transition`, operator, {
        action,
        version: 3,
        comment: '原因说明五字',
      });
      expect(other, action).toMatchObject({ status: 400, message: '不支持的操作' });
    }

    const withdrawn = await call('POST', `${API}/${p.keyId}/transition`, supplier, { action: 'withdraw', version: 3 });
    expect(withdrawn.code, withdrawn.message).toBe(0);
    expect(withdrawn.data).toMatchObject({ status: 'DRAFT', version: 4 });
    // Back to draft, but once submitted it stays on the record: not deleted.
    const del = await call('DELETE', `${API}/${p.keyId}?version=4`, supplier);
    expect(del).toMatchObject({ status: 400, message: '只有未提交过的草稿可以删除' });
  });

  it("keeps saving a draft to its maker: an operator cannot edit the supplier's", async () => {
    const picked = orders.slice(0, 1);
    const p = await apply(supplier, { applyAmount: 100_00, basisOrderIds: picked.map((o) => o.keyId) });
    const body = { applyAmount: 200_00, basisOrderIds: picked.map((o) => o.keyId), version: 1 };
    const theirs = await call('PUT', `${API}/${p.keyId}`, operator, body);
    expect(theirs).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: LifecycleMessage.notOwner });
    expect((await call('GET', `${API}/${p.keyId}`, supplier)).data).toMatchObject({ applyAmount: 100_00, version: 1 });
    const mine = await call('PUT', `${API}/${p.keyId}`, supplier, body);
    expect(mine.code, mine.message).toBe(0);
    expect(mine.data).toMatchObject({ applyAmount: 200_00, version: 2 });
  });

  it("holds the amount to the order's project company's subsidiary parameter (ratio and single amount)", async () => {
    const company = orders[0]!.projectCompanyId as string;
    const db = gw.db as unknown as Kysely<any>;
    await db.deleteFrom('subsidiary_parameter').where('subsidiary_id', '=', company).execute();
    await db
      .insertInto('subsidiary_parameter')
      .values({
        param_id: '2990000000000000001',
        tenant_id: DEMO_TENANT_ID,
        subsidiary_id: company,
        single_max_amount: 50_00,
        max_financing_ratio: '0.5000',
        max_term_days: 180,
        annual_quota: 1_000_000_00,
        used_quota: 0,
        effective_from: '2020-01-01',
        effective_to: '2099-12-31',
        status: 'ENABLED',
        version: 1,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const shown = await call('GET', `${API}/orders?projectCompanyId=${company}`, supplier);
    expect(shown.data.ratio).toBe('0.5000');
    const p = await apply(supplier, {
      projectCompanyId: company,
      applyAmount: 51_00,
      basisOrderIds: [orders[0]!.keyId],
    });
    const refused = await call('POST', `${BUSINESS}/${p.keyId}/transition`, supplier, { action: 'submit', version: 1 });
    expect(refused).toMatchObject({ status: 400, message: PreCreditMessage.overSingleMax(50_00n) });
  });

  it('refuses to submit without an order, or on an order no longer confirmed', async () => {
    const none = await apply(operator, {
      supplierId: DemoOrg.huadongBuildingMaterials,
      applyAmount: 100,
      basisOrderIds: [],
    });
    const noOrder = await call('POST', `${BUSINESS}/${none.keyId}/transition`, operator, {
      action: 'submit',
      version: 1,
    });
    expect(noOrder).toMatchObject({ status: 400, message: PreCreditMessage.noOrders });

    const o = orders[orders.length - 1]!;
    const p = await apply(operator, {
      supplierId: DemoOrg.huadongBuildingMaterials,
      applyAmount: 100,
      basisOrderIds: [o.keyId],
    });
    await gw.db
      .updateTable('payment_order' as never)
      .set({ status: 'FAILED' } as never)
      .where('order_id' as never, '=', o.keyId as never)
      .execute();
    const unconfirmed = await call('POST', `${BUSINESS}/${p.keyId}/transition`, operator, {
      action: 'submit',
      version: 1,
    });
    expect(unconfirmed).toMatchObject({ status: 400, message: PreCreditMessage.orderUnconfirmed(o.orderNo) });
    await gw.db
      .updateTable('payment_order' as never)
      .set({ status: 'CONFIRMED' } as never)
      .where('order_id' as never, '=', o.keyId as never)
      .execute();
  });

  it('deletes a draft never submitted; the business is gone from both lists', async () => {
    const p = await apply(supplier, { applyAmount: 100, basisOrderIds: [] });
    const stale = await call('DELETE', `${API}/${p.keyId}?version=2`, supplier);
    expect(stale).toMatchObject({ status: 409 });
    const del = await call('DELETE', `${API}/${p.keyId}?version=1`, supplier);
    expect(del.code, del.message).toBe(0);
    expect(await call('GET', `${API}/${p.keyId}`, supplier)).toMatchObject({ status: 404 });
    expect(await call('GET', `${BUSINESS}/${p.keyId}`, operator)).toMatchObject({ status: 404 });
  });

  it('lists a pre-credit by the one status function: 已通过 stays after its business ends later', async () => {
    const p = await apply(supplier, { applyAmount: 100, basisOrderIds: [] });
    const statusOf = async () => (await call('GET', `${API}/${p.keyId}`, operator)).data.status;
    expect(await statusOf()).toBe('DRAFT');
    // The states and the event as the aggregate leaves them after an approval and a later 终止.
    const at = new Date();
    const event = { tenant_id: DEMO_TENANT_ID, business_id: p.keyId, level: 2, actor_id: '1', actor_name: 'x' };
    const base = { ...event, actor_role: '风控', comment: '', file_ids: '[]', at, version: 3 };
    await gw.db
      .insertInto('business_event')
      .values({
        ...base,
        event_id: `${p.keyId}-a`,
        stage: 'PRE_CREDIT',
        from_state: 'PRE_CREDIT/PENDING',
        to_state: 'APPLICATION/DRAFT',
        action: 'approve',
        action_label: '通过',
      })
      .execute();
    const setState = (state: string, stage: string) =>
      gw.db.updateTable('financing_business').set({ state, stage }).where('business_id', '=', p.keyId).execute();
    await setState('TERMINATED/CANCELLED', 'TERMINATED');
    expect(await statusOf()).toBe('APPROVED');
    await gw.db.deleteFrom('business_event').where('event_id', '=', `${p.keyId}-a`).execute();
    expect(await statusOf()).toBe('TERMINATED');
    await setState('TERMINATED/EXPIRED', 'TERMINATED');
    expect(await statusOf()).toBe('EXPIRED');
  });

  it("keeps a supplier user to its own supplier's pre-credits", async () => {
    const theirs = await apply(operator, { supplierId: DemoOrg.hengguSteel, applyAmount: 100, basisOrderIds: [] });
    const page = await call('GET', `${API}/page?size=100`, supplier);
    expect(page.code).toBe(0);
    expect(
      page.data.records.every((r: { supplierId: string }) => r.supplierId === DemoOrg.huadongBuildingMaterials),
    ).toBe(true);
    expect(await call('GET', `${API}/${theirs.keyId}`, supplier)).toMatchObject({ status: 404 });
    expect(await call('DELETE', `${API}/${theirs.keyId}?version=1`, supplier)).toMatchObject({ status: 404 });
    const foreign = await call('POST', API, supplier, {
      supplierId: DemoOrg.hengguSteel,
      applyAmount: 1,
      basisOrderIds: [],
    });
    expect(foreign).toMatchObject({ status: 400, message: '只能为本企业提交' });
    // Orders of another supplier are no basis.
    const hengguOrders = (await call('GET', `${API}/orders?supplierId=${DemoOrg.hengguSteel}`, operator)).data.records;
    if (hengguOrders.length > 0) {
      const stray = await call('POST', API, supplier, { applyAmount: 1, basisOrderIds: [hengguOrders[0].keyId] });
      expect(stray.status).toBe(400);
    }
  });

  it("refuses a pre-credit naming another supplier's order, storing nothing and telling nothing of that order", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the assets and pre-credit tables are typed by their definitions
    const raw = gw.db as unknown as Kysely<any>;
    const theirs = (await raw
      .selectFrom('payment_order')
      .select(['order_id', 'order_no'])
      .where('supplier_id', '<>', DemoOrg.huadongBuildingMaterials)
      .where('status', '=', 'CONFIRMED')
      .orderBy('order_id')
      .executeTakeFirstOrThrow()) as { order_id: string; order_no: string };
    const count = async () =>
      Number(
        (
          (await raw
            .selectFrom('pre_credit')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()) as { n: string }
        ).n,
      );
    const before = await count();
    for (const [headers, extra] of [
      [supplier, {}],
      [operator, { supplierId: DemoOrg.huadongBuildingMaterials }],
    ] as const) {
      for (const basis of [[theirs.order_id], [orders[0]!.keyId, theirs.order_id]]) {
        const res = await call('POST', API, headers, { ...extra, applyAmount: 100_00, basisOrderIds: basis });
        expect(res).toMatchObject({ status: 400, code: ResultCode.invalidInput });
        expect(res.message).toBe(PreCreditMessage.orderGone(theirs.order_id));
        expect(JSON.stringify(res)).not.toContain(theirs.order_no);
      }
    }
    expect(await count()).toBe(before);
    // Nor through 编辑 of one's own draft.
    const mine = await apply(supplier, { applyAmount: 100_00, basisOrderIds: [orders[0]!.keyId] });
    const edit = await call('PUT', `${API}/${mine.keyId}`, supplier, {
      applyAmount: 100_00,
      basisOrderIds: [theirs.order_id],
      version: mine.version,
    });
    expect(edit).toMatchObject({ status: 400, message: PreCreditMessage.orderGone(theirs.order_id) });
    expect(JSON.stringify(edit)).not.toContain(theirs.order_no);
    const after = await call('GET', `${API}/${mine.keyId}`, supplier);
    expect(after.data.basisOrderIds).toEqual([orders[0]!.keyId]);
  });

  it("answers 404 for another tenant's pre-credit and refuses malformed bodies", async () => {
    const p = await apply(supplier, { applyAmount: 100, basisOrderIds: [] });
    expect(await call('GET', `${API}/${p.keyId}`, xh)).toMatchObject({ status: 404 });
    const bad: Array<Record<string, unknown>> = [
      { applyAmount: 0, basisOrderIds: [] },
      { applyAmount: '100', basisOrderIds: [] },
      { applyAmount: 100, basisOrderIds: 'x' },
      { applyAmount: 100 },
      { applyAmount: 100, basisOrderIds: [], validDays: 400 },
    ];
    for (const body of bad) {
      const res = await call('POST', API, supplier, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknownAction = await call('POST', `${API}/${p.keyId}/transition`, supplier, {
      action: 'approve',
      version: 1,
    });
    expect(unknownAction).toMatchObject({ status: 400 });
    const exported = await gw.app.inject({ method: 'GET', url: `${API}/export`, headers: supplier });
    expect(exported.statusCode).toBe(200);
  });
  it("holds each order to its own project company's cap whatever the filter, and refuses an order without 30 days of life", async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const add = async (orderNo: string, companyId: string, dueDate: string) => {
      const id = await addConfirmedOrder(gw.db as never, {
        tenantId: DEMO_TENANT_ID,
        supplierId: DemoOrg.huadongBuildingMaterials,
        orderNo,
        amount: 1_000_000_00,
        dueDate,
        now: new Date(),
      });
      await gw.db
        .updateTable('payment_order' as never)
        .set({ project_company_id: companyId } as never)
        .where('order_id' as never, '=', id as never)
        .execute();
      return id;
    };
    // 苏州 at 60 %, 南京 at 85 %: each company's own subsidiary parameter.
    // biome-ignore lint/suspicious/noExplicitAny: the parameters table is the parameters module's
    const db = gw.db as unknown as Kysely<any>;
    for (const [n, company, companyRatio] of [
      [2, DemoOrg.suzhouProject, '0.6000'],
      [3, DemoOrg.nanjingProject, '0.8500'],
    ] as const) {
      await db.deleteFrom('subsidiary_parameter').where('subsidiary_id', '=', company).execute();
      await db
        .insertInto('subsidiary_parameter')
        .values({
          param_id: `299000000000000000${n}`,
          tenant_id: DEMO_TENANT_ID,
          subsidiary_id: company,
          single_max_amount: 3_000_000_000,
          max_financing_ratio: companyRatio,
          max_term_days: 360,
          annual_quota: 100_000_000_00,
          used_quota: 0,
          effective_from: '2020-01-01',
          effective_to: '2099-12-31',
          status: 'ENABLED',
          version: 1,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    }
    const sz = await add('FKCAPSZ0001', DemoOrg.suzhouProject, day(200));
    const nj = await add('FKCAPNJ0001', DemoOrg.nanjingProject, day(200));
    const pastDue = await add('FKCAPPAST001', DemoOrg.suzhouProject, day(-300));
    const short = await add('FKCAPSHORT01', DemoOrg.suzhouProject, day(20));

    // 全部 and 苏州 offer the 苏州 order at the same ratio: its own company's, not the filter's.
    const all = (await call('GET', `${API}/orders`, supplier)).data;
    const suzhou = (await call('GET', `${API}/orders?projectCompanyId=${DemoOrg.suzhouProject}`, supplier)).data;
    const nanjing = (await call('GET', `${API}/orders?projectCompanyId=${DemoOrg.nanjingProject}`, supplier)).data;
    const pick = (list: { keyId: string; ratio: string }[], id: string) => list.find((o) => o.keyId === id);
    expect(pick(all.records, sz)?.ratio).toBe(suzhou.ratio);
    expect(pick(suzhou.records, sz)?.ratio).toBe(suzhou.ratio);
    expect(pick(all.records, nj)?.ratio).toBe(nanjing.ratio);
    // 苏州 below 南京 (or the summary's cap, if lower): a ratio taken from the 南京 filter would let more through.
    expect(Number(suzhou.ratio)).toBeLessThan(Number(nanjing.ratio));
    expect(suzhou.ratio).toBe('0.6000');
    // Past due or under 30 days of life: not offered under any filter.
    for (const list of [all.records, suzhou.records]) {
      expect(pick(list, pastDue)).toBeUndefined();
      expect(pick(list, short)).toBeUndefined();
    }

    // Σ each order at its own ratio is the ceiling; one 分 more is refused in Chinese, even filed under 南京.
    const ceiling = Number(
      preCreditCeiling(
        [
          { eligibleAmount: 1_000_000_00, ratio: suzhou.ratio },
          { eligibleAmount: 1_000_000_00, ratio: nanjing.ratio },
        ],
        ratio,
      ),
    );
    const over = await apply(supplier, {
      projectCompanyId: DemoOrg.nanjingProject,
      applyAmount: ceiling + 1,
      basisOrderIds: [sz, nj],
    });
    const refused = await call('POST', `${BUSINESS}/${over.keyId}/transition`, supplier, {
      action: 'submit',
      version: 1,
    });
    expect(refused).toMatchObject({ status: 400, code: ResultCode.invalidInput });
    expect(refused.message).toContain('申请额度超过依据付款单可融资额度');
    const fixed = await call('PUT', `${API}/${over.keyId}`, supplier, {
      projectCompanyId: DemoOrg.nanjingProject,
      applyAmount: ceiling,
      basisOrderIds: [sz, nj],
      version: 1,
    });
    expect(fixed.code, fixed.message).toBe(0);
    const passed = await call('POST', `${BUSINESS}/${over.keyId}/transition`, supplier, {
      action: 'submit',
      version: 2,
    });
    expect(passed.code, passed.message).toBe(0);

    // An order past due, or due in under 30 days, named by hand is refused at 提交.
    for (const [id, no] of [
      [pastDue, 'FKCAPPAST001'],
      [short, 'FKCAPSHORT01'],
    ] as const) {
      const p = await apply(supplier, { applyAmount: 100_00, basisOrderIds: [id] });
      const res = await call('POST', `${BUSINESS}/${p.keyId}/transition`, supplier, { action: 'submit', version: 1 });
      expect(res).toMatchObject({ status: 400, code: ResultCode.invalidInput });
      expect(res.message).toContain(`付款单${no}剩余期限不足30天`);
    }
  });

  it('lets the last reviewer set the 批复额度 up to the applied amount; the business then reads it', async () => {
    const reviewer1 = (await signIn(gw.app, 'reviewer1', 'Staff@2026')).headers;
    const risk1 = (await signIn(gw.app, 'risk1', 'Staff@2026')).headers;
    const picked = orders.slice(0, 1);
    const applied = 1_000_00;
    const p = await apply(supplier, { applyAmount: applied, basisOrderIds: picked.map((o) => o.keyId) });
    const move = (headers: Headers, version: number, values?: Record<string, number>) =>
      call('POST', `${BUSINESS}/${p.keyId}/transition`, headers, {
        action: 'approve',
        version,
        ...(values ? { values } : {}),
      });
    const submitted = await call('POST', `${BUSINESS}/${p.keyId}/transition`, supplier, {
      action: 'submit',
      version: 1,
    });
    expect(submitted.code, submitted.message).toBe(0);

    // The review page shows the item read-only: basis orders with eligible amount and ratio, validity.
    const examine = await call('GET', `/api/business/examine/${p.keyId}?type=PRE_CREDIT`, reviewer1);
    expect(examine.code, examine.message).toBe(0);
    expect(examine.data.preCredit).toMatchObject({
      preCreditNo: p.preCreditNo,
      applyAmount: applied,
      approvedAmount: null,
      validDays: 90,
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validTo: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      orders: [
        {
          orderNo: picked[0]!.orderNo,
          projectCompanyName: expect.any(String),
          dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          eligibleAmount: picked[0]!.eligibleAmount,
          ratio: expect.stringMatching(/^0\.\d{4}$/),
        },
      ],
    });

    const first = await move(reviewer1, 2);
    expect(first.code, first.message).toBe(0);
    const over = await move(risk1, first.data.version, { approvedAmount: applied + 1 });
    expect(over).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
      message: PreCreditMessage.approvedOverApplied(BigInt(applied)),
    });
    const zero = await move(risk1, first.data.version, { approvedAmount: 0 });
    expect(zero).toMatchObject({ status: 400, message: PreCreditMessage.approvedPositive });
    const approved = await move(risk1, first.data.version, { approvedAmount: 800_00 });
    expect(approved.code, approved.message).toBe(0);
    expect(approved.data).toMatchObject({ state: 'APPLICATION/DRAFT', approvedAmount: 800_00 });
    expect(approved.data.sections.preCredit).toMatchObject({ applyAmount: applied, approvedAmount: 800_00 });
    // The list's 批复金额 reads it, and the pre-credit's own list too.
    const listed = await call('GET', `${BUSINESS}/page?businessNo=${p.businessNo}`, operator);
    expect(listed.data.records[0]).toMatchObject({ approvedAmount: 800_00 });
    expect((await call('GET', `${API}/${p.keyId}`, supplier)).data).toMatchObject({ approvedAmount: 800_00 });
  });
});
