// 融资申请 on a real database: 新增 for a business at 融资申请·草稿, 保存 and the SUBMIT_APPLICATION rule's refusals
// with their words, reservations taken on 提交 and given back on 撤回 and 终止 exactly once (kept on 退回), two
// submissions racing for one order (one wins), the maker unable to approve its own, 删除 of a never-submitted
// draft, a locked supplier, another tenant's ids, the supplier's scope and malformed bodies. And the
// aggregate's after-transition hook: an effect that fails takes the whole transition back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { FinancingApplicationMessage } from '../../../../src/domain/financing/financing-application-rules';
import { CapitalChoiceMessage } from '../../../../src/domain/financing/capital-choice';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ROLE } from '../../../../src/domain/financing/roles';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import {
  type callerOf,
  dataOf,
  databasesUnderTest,
  openSignedIn,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { forgetAfterTransition, registerAfterTransition } from '../business/after-transition';
import { ensureReviewers, readySuppliers, unlock } from '../../testing/demand-fixtures';
import { insertFiles } from '../file/repository';
import { newId } from '../../ids';
import { addConfirmedOrder } from './confirmed-orders';
import { PreCreditExpiryMessage } from '../../../../src/domain/financing/pre-credit-rules';
import { FinancingApplicationStoreMessage } from './store';

const API = '/api/business/financingApplication';
const PRE = '/api/business/preCredit';
const BUSINESS = '/api/business/business';
type Headers = Record<string, string>;
interface Order {
  keyId: string;
  orderNo: string;
  eligibleAmount: number;
  maxFinanceAmount: number;
  dueDate: string;
}

describe.each(databasesUnderTest())('融资申请 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  let operator: Headers;
  let reviewer1: Headers;
  let risk1: Headers;
  let supplier: Headers;
  let xh: Headers;
  let operatorId: string;
  /** The demo's 工行e信通 (30–360 days), of the capital side 华东建材 consented for. */
  let icbcProduct: string;
  const productOf = async (code: string) =>
    (
      (await gw.db
        .selectFrom('fund_product' as never)
        .select('product_id' as never)
        .where('product_code' as never, '=', code as never)
        .where('tenant_id' as never, '=', DEMO_TENANT_ID as never)
        .executeTakeFirstOrThrow()) as { product_id: string }
    ).product_id;

  beforeAll(async () => {
    ({
      gw,
      call,
      as: { operator, reviewer1, risk1, supplier, xh_admin: xh },
      idOf: { operator: operatorId },
    } = await openSignedIn(databaseUrl, ['operator', 'reviewer1', 'risk1', 'supplier', 'xh_admin']));
    await readySuppliers(gw, [DemoOrg.huadongBuildingMaterials], operatorId);
    await ensureReviewers(gw);
    icbcProduct = await productOf('ICBC-SCF-01');
  });
  afterAll(async () => {
    await gw?.close();
  });

  const ok = async (method: string, url: string, headers: Headers, body?: unknown) =>
    dataOf(await call(method, url, headers, body));
  const move = (id: string, headers: Headers, action: string, version: number, comment?: string) =>
    call('POST', `${BUSINESS}/${id}/transition`, headers, { action, version, ...(comment ? { comment } : {}) });

  /** A business of 华东建材 whose pre-credit both levels approved: at 融资申请·草稿, with its draft application. */
  const applicationFor = async (orders: Order[], amount: number) => {
    const pre = await ok('POST', PRE, operator, {
      supplierId: DemoOrg.huadongBuildingMaterials,
      applyAmount: amount,
      basisOrderIds: orders.map((o) => o.keyId),
    });
    const s = await move(pre.keyId, operator, 'submit', pre.version);
    expect(s.code, s.message).toBe(0);
    const a = await move(pre.keyId, reviewer1, 'approve', s.data.version);
    expect(a.code, a.message).toBe(0);
    const b = await move(pre.keyId, risk1, 'approve', a.data.version);
    expect(b.code, b.message).toBe(0);
    expect(b.data.state).toBe('APPLICATION/DRAFT');
    const candidates = await ok('GET', `${API}/candidates`, operator);
    expect(candidates.map((c: { keyId: string }) => c.keyId)).toContain(pre.keyId);
    return ok('POST', API, operator, { businessId: pre.keyId });
  };
  /** Four uploads of `by`, bound to nothing yet (an application takes only its maker's own, unbound files). */
  const uploads = async (by: string) => {
    const keyIds = [newId(new Date()), newId(new Date()), newId(new Date()), newId(new Date())];
    await insertFiles(
      gw.db,
      keyIds.map((keyId, i) => ({
        keyId,
        tenantId: DEMO_TENANT_ID,
        fileName: `资料${i}.pdf`,
        extension: 'pdf',
        contentType: 'application/pdf',
        size: 10,
        sha256: '0'.repeat(64),
        subSys: 'business',
        module: 'financingApplication',
        createdBy: by,
      })),
    );
    return keyIds;
  };
  const filesOfApp = new Map<string, Promise<string[]>>();
  /** The operator's uploads for one application's documents, the same on each save of it. */
  const docFilesOf = (appId: string) => {
    if (!filesOfApp.has(appId)) filesOfApp.set(appId, uploads(operatorId));
    return filesOfApp.get(appId) as Promise<string[]>;
  };
  const allDocs = async (appId: string, validTo = '2030-12-31') => {
    const files = await docFilesOf(appId);
    return ['BUSINESS_LICENSE', 'LEGAL_REP_ID', 'BASE_CONTRACT', 'CONFIRMATION'].map((docType, i) => ({
      docType,
      fileIds: [files[i]],
      validTo,
    }));
  };
  const save = async (app: { keyId: string; version: number }, over: Record<string, unknown> = {}) =>
    call('PUT', `${API}/${app.keyId}`, operator, {
      termDays: 90,
      repaymentSource: 'PROJECT_COMPANY',
      payeeBank: '招商银行上海分行',
      payeeAccount: '6225880212345678',
      lines: [],
      docs: await allDocs(app.keyId),
      capitalSideId: DemoOrg.icbcShanghai,
      productId: icbcProduct,
      version: app.version,
      ...over,
    });
  const reservedOn = async (orderId: string) => {
    const r = await gw.db
      .selectFrom('payment_order' as never)
      .select(['reserved_amount' as never, 'financing_status' as never])
      .where('order_id' as never, '=', orderId as never)
      .executeTakeFirstOrThrow();
    const row = r as unknown as { reserved_amount: string | number; financing_status: string };
    return { reserved: Number(row.reserved_amount), status: row.financing_status };
  };
  let orders: Order[] = [];
  const pickOrders = async (appId: string) => {
    const res = await ok('GET', `${API}/${appId}/orders`, operator);
    expect(res.ratio).toMatch(/^0\.\d{4}$/);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const far = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expect(today < far).toBe(true);
    return (res.records as Order[]).filter((o) => o.dueDate > far && o.maxFinanceAmount > 100_00);
  };

  // The seed's applications are numbered on the days it walked them, all before today (Beijing); those the
  // tests make are numbered today.
  const seededNo = (no: string) => no.startsWith('SQ') && no.slice(2, 10) < businessDay(new Date()).replaceAll('-', '');

  it('seeds applications in 草稿, 待审核 at levels 1 and 2, 已退回 and 已通过', async () => {
    const page = await ok('GET', `${API}/page?size=100`, operator);
    const seeded = page.records.filter((r: { applicationNo: string }) => seededNo(r.applicationNo));
    const states = seeded.map(
      (r: { state: string; reviewLevel: number | null }) => `${r.state}@${r.reviewLevel ?? ''}`,
    );
    expect(states.sort()).toEqual([
      'APPLICATION/DRAFT@',
      'APPLICATION/PENDING@1',
      'APPLICATION/PENDING@2',
      'APPLICATION/RETURNED@',
      // The approved ones, walked on by the report seed (two past the report's review, one untouched), and
      // those two on by the decision seed: heard at a meeting, one decision approved, one at its level 2.
      // And the demo's six loans (loans.seed.ts), walked whole: repaying, overdue in three buckets, settled; and
      // three walked past their decision to wait at 待放款, 已签约 and 待签约.
      'DECISION/PENDING@2',
      'ELEMENTS/DRAFT@',
      'LENDING/WAIT_LOAN@',
      'REPAYING/NORMAL@',
      'REPAYING/OVERDUE@',
      'REPAYING/OVERDUE@',
      'REPAYING/OVERDUE@',
      'REPORT/DRAFT@',
      'REPORT/DRAFT@',
      'REPORT/PENDING@1',
      'REPORT/PENDING@2',
      'REPORT/RETURNED@',
      'SETTLED/DONE@',
      'SETTLED_EARLY/DONE@',
      'SIGNING/SIGNED@',
      'SIGNING/WAIT_SIGN@',
    ]);
    const draft = seeded.find((r: { state: string }) => r.state === 'APPLICATION/DRAFT');
    const detail = await ok('GET', `${API}/${draft.keyId}`, operator);
    expect(detail.problems).toEqual(['请上传必填资料：确权凭证（付款确认书/商票）']);
  });

  it("shows the business's 预授信 and 融资申请 on 业务详情, each as its own section", async () => {
    const page = await ok('GET', `${API}/page?size=100`, operator);
    const pending = page.records.find(
      (r: { applicationNo: string; state: string; reviewLevel: number | null }) =>
        seededNo(r.applicationNo) && r.state === 'APPLICATION/PENDING' && r.reviewLevel === 2,
    );
    const application = await ok('GET', `${API}/${pending.keyId}`, operator);
    const business = await ok('GET', `/api/business/business/${pending.keyId}`, operator);
    expect(business.sections.preCredit).toMatchObject({ preCreditNo: expect.stringMatching(/^YS\d{12}$/) });
    expect(business.sections.preCredit.approvedAmount).toBe(business.sections.preCredit.applyAmount);
    expect(business.sections.application).toMatchObject({
      applicationNo: application.applicationNo,
      totalAmount: application.totalAmount,
      termDays: application.termDays,
    });
    expect(business.sections.application.lines).toHaveLength(application.lines.length);
    expect(business.sections.application.lines[0].orderNo).toMatch(/\S/);
    const license = business.sections.application.docs.find((d: { label: string }) => d.label === '营业执照');
    expect(license).toMatchObject({ required: true });
    expect(license.fileCount).toBeGreaterThan(0);
    // A business still at 预授信 has no application section.
    const early = (await ok('GET', '/api/business/business/page?tab=ACTIVE&stage=PRE_CREDIT&size=1', operator))
      .records[0];
    const earlyDetail = await ok('GET', `/api/business/business/${early.keyId}`, operator);
    expect(earlyDetail.sections.application).toBeUndefined();
  });

  it('makes the draft for a business at 融资申请·草稿 once; refuses a business elsewhere', async () => {
    // Orders with a long life left (the seeded ones fall due within 2026), 100,000.00 元 each.
    const due = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 4; i++) {
      await addConfirmedOrder(gw.db as never, {
        tenantId: DEMO_TENANT_ID,
        supplierId: DemoOrg.huadongBuildingMaterials,
        orderNo: `FKT${Date.now() % 100000}${i}`,
        amount: 100_000_00,
        dueDate: due,
        now: new Date(),
      });
    }
    const preOrders = (await ok('GET', `${PRE}/orders?supplierId=${DemoOrg.huadongBuildingMaterials}`, operator))
      .records as Order[];
    const app = await applicationFor(preOrders.slice(0, 2), 100_00);
    expect(app).toMatchObject({ status: 'DRAFT', orderCount: 0, totalAmount: 0, lines: [], actions: ['submit'] });
    expect(app.applicationNo).toMatch(/^SQ\d{12}$/);
    expect(app.supplierName).toBeTruthy();
    expect(app.docs.filter((d: { required: boolean }) => d.required).map((d: { label: string }) => d.label)).toEqual([
      '营业执照',
      '法定代表人身份证',
      '基础交易合同',
      '确权凭证（付款确认书/商票）',
    ]);
    const again = await call('POST', API, operator, { businessId: app.keyId });
    expect(again).toMatchObject({ status: 400, message: '该业务已有融资申请' });
    const elsewhere = await call('POST', API, operator, { businessId: '1500000000000000001' });
    expect(elsewhere).toMatchObject({ status: 400, message: '该业务不在融资申请草稿阶段，不能新增融资申请' });
    orders = await pickOrders(app.keyId);
    expect(orders.length).toBeGreaterThanOrEqual(4);
  });

  it('opens a new application without writing it; the first 保存 makes it, and no draft sets 申请金额', async () => {
    const [o1] = orders;
    const pre = await ok('POST', PRE, operator, {
      supplierId: DemoOrg.huadongBuildingMaterials,
      applyAmount: 200_00,
      basisOrderIds: [o1!.keyId],
    });
    let version = pre.version;
    for (const [who, action] of [
      [operator, 'submit'],
      [reviewer1, 'approve'],
      [risk1, 'approve'],
    ] as const) {
      const r = await move(pre.keyId, who, action, version);
      expect(r.code, r.message).toBe(0);
      version = r.data.version;
    }
    const start = await ok('GET', `${API}/${pre.keyId}/start`, operator);
    expect(start).toMatchObject({ keyId: pre.keyId, applicationNo: '', status: 'DRAFT', version, lines: [] });
    expect(start.docs.filter((d: { required: boolean }) => d.required)).toHaveLength(4);
    expect((await call('GET', `${API}/${pre.keyId}`, operator)).status).toBe(404);
    const offered = await ok('GET', `${API}/${pre.keyId}/orders`, operator);
    expect(offered.records.map((o: Order) => o.keyId)).toContain(o1!.keyId);
    expect((await ok('GET', `${API}/candidates`, operator)).map((c: { keyId: string }) => c.keyId)).toContain(
      pre.keyId,
    );
    // The first 保存 creates it with what was typed; an empty one then leaves the business's figure alone.
    const made = await ok('POST', API, operator, {
      businessId: pre.keyId,
      termDays: 60,
      repaymentSource: 'PROJECT_COMPANY',
      payeeBank: '招商银行上海分行',
      payeeAccount: '6225880212345678',
      lines: [{ orderId: o1!.keyId, financeAmount: 150_00 }],
      docs: [],
    });
    expect(made).toMatchObject({
      applicationNo: expect.stringMatching(/^SQ\d{12}$/),
      totalAmount: 150_00,
      termDays: 60,
    });
    const emptied = await save(made, { lines: [] });
    expect(emptied.code, emptied.message).toBe(0);
    expect(emptied.data.totalAmount).toBe(0);
    const business = await ok('GET', `${BUSINESS}/${pre.keyId}`, operator);
    expect(business.applyAmount).toBe(200_00);
    expect((await call('GET', `${API}/${pre.keyId}/start`, operator)).message).toBe('该业务已有融资申请');
  });

  it('refuses 提交 with the rule that fails, then reserves exactly once; 撤回 gives back, 退回 keeps', async () => {
    const [o1] = orders;
    const app = await applicationFor([o1!], Math.min(o1!.maxFinanceAmount, 1_000_000_00));
    const empty = await move(app.keyId, operator, 'submit', app.version);
    expect(empty).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
      message: FinancingApplicationMessage.noLines,
    });

    const cap = o1!.maxFinanceAmount;
    let saved = await save(app, { lines: [{ orderId: o1!.keyId, financeAmount: cap + 1 }] });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ orderCount: 1, totalAmount: cap + 1 });
    expect(saved.data.problems[0]).toContain(`付款单${o1!.orderNo}的融资金额超过可融资余额×`);
    const over = await move(app.keyId, operator, 'submit', saved.data.version);
    expect(over.message).toContain(`付款单${o1!.orderNo}的融资金额超过可融资余额×`);

    const amount = Math.floor(cap / 200) * 100;
    saved = await save(saved.data, {
      lines: [{ orderId: o1!.keyId, financeAmount: amount }],
      docs: (await allDocs(app.keyId)).slice(1),
    });
    const missing = await move(app.keyId, operator, 'submit', saved.data.version);
    expect(missing.message).toBe('请上传必填资料：营业执照');
    saved = await save(saved.data, {
      lines: [{ orderId: o1!.keyId, financeAmount: amount }],
      docs: await allDocs(app.keyId, '2020-01-01'),
    });
    const expired = await move(app.keyId, operator, 'submit', saved.data.version);
    expect(expired.message).toBe('资料已过期：营业执照（有效期至2020-01-01）');
    saved = await save(saved.data, { lines: [{ orderId: o1!.keyId, financeAmount: amount }] });
    expect(saved.data.problems).toEqual([]);
    // Each file with its stored size and type, so the checklist reloaded shows 10 B, not 0 B.
    expect(saved.data.docs[0].files).toEqual([
      {
        keyId: (await docFilesOf(app.keyId))[0],
        name: '资料0.pdf',
        size: 10,
        contentType: 'application/pdf',
        extension: 'pdf',
      },
    ]);

    const before = await reservedOn(o1!.keyId);
    const submitted = await move(app.keyId, operator, 'submit', saved.data.version);
    expect(submitted.code, submitted.message).toBe(0);
    expect(submitted.data.state).toBe('APPLICATION/PENDING');
    expect(await reservedOn(o1!.keyId)).toEqual({ reserved: before.reserved + amount, status: 'FINANCING' });
    // The business's 申请金额 is now the submitted application's total.
    expect((await ok('GET', `${BUSINESS}/${app.keyId}`, operator)).applyAmount).toBe(amount);
    // 付款单详情 names the business holding the 占用金额, with what it holds.
    const holders = async () =>
      (await ok('GET', `/api/assets/paymentOrder/${o1!.keyId}/details`, operator)).financings as {
        businessId: string;
      }[];
    expect(await holders()).toContainEqual({
      businessId: app.keyId,
      businessNo: expect.stringMatching(/^RZ\d{12}$/),
      applicationNo: app.applicationNo,
      stateLabel: '融资申请·待审核',
      reservedAmount: amount,
    });
    const listed = await ok('GET', `${API}/${app.keyId}`, operator);
    expect(listed).toMatchObject({ status: 'PENDING', actions: ['withdraw'] });
    expect(listed.submittedAt).toBeTruthy();
    // Not editable while under review.
    expect(await save(listed, { lines: [] })).toMatchObject({
      status: 400,
      message: '只有草稿或已退回的融资申请可以编辑',
    });

    const withdrawn = await ok('POST', `${API}/${app.keyId}/transition`, operator, {
      action: 'withdraw',
      version: listed.version,
    });
    expect(withdrawn.status).toBe('DRAFT');
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved);
    expect((await holders()).map((h) => h.businessId)).not.toContain(app.keyId);
    // Withdrawn once submitted: no longer deletable.
    const del = await call('DELETE', `${API}/${app.keyId}?version=${withdrawn.version}`, operator);
    expect(del).toMatchObject({ status: 400, message: '只有未提交过的草稿可以删除' });

    const again = await move(app.keyId, operator, 'submit', withdrawn.version);
    expect(again.code, again.message).toBe(0);
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved + amount);
    const returned = await move(app.keyId, reviewer1, 'return', again.data.version, '确权凭证金额不一致，请核对');
    expect(returned.code, returned.message).toBe(0);
    expect(returned.data.state).toBe('APPLICATION/RETURNED');
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved + amount);

    // Resubmitted with a smaller amount: the reservation moves to it, once.
    const edited = await save(
      { keyId: app.keyId, version: returned.data.version },
      {
        lines: [{ orderId: o1!.keyId, financeAmount: amount - 100 }],
      },
    );
    expect(edited.code, edited.message).toBe(0);
    const resubmitted = await move(app.keyId, operator, 'submit', edited.data.version);
    expect(resubmitted.code, resubmitted.message).toBe(0);
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved + amount - 100);
    expect((await ok('GET', `${BUSINESS}/${app.keyId}`, operator)).applyAmount).toBe(amount - 100);

    // The maker cannot approve its own: no button, and the gateway refuses a direct call.
    const offered = await ok('GET', `${BUSINESS}/${app.keyId}`, operator);
    expect(offered.actions).not.toContain('approve');
    const own = await move(app.keyId, operator, 'approve', resubmitted.data.version);
    expect(own.code).not.toBe(0);
    const l1 = await move(app.keyId, reviewer1, 'approve', resubmitted.data.version, '同意');
    expect(l1.code, l1.message).toBe(0);
    const l2 = await move(app.keyId, risk1, 'approve', l1.data.version, '同意');
    expect(l2.code, l2.message).toBe(0);
    expect(l2.data.state).toBe('REPORT/DRAFT');
    expect((await ok('GET', `${API}/${app.keyId}`, operator)).status).toBe('APPROVED');
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved + amount - 100);

    // Terminated later: the reservation goes back, once.
    const ended = await move(app.keyId, operator, 'terminate', l2.data.version, '供应商放弃本次融资');
    expect(ended.code, ended.message).toBe(0);
    expect((await reservedOn(o1!.keyId)).reserved).toBe(before.reserved);
  });

  it('lets one of two submissions racing for the same order through; the other is refused', async () => {
    const o = orders[1]!;
    const a = await applicationFor([o], o.maxFinanceAmount);
    const b = await applicationFor([o], o.maxFinanceAmount);
    const line = [{ orderId: o.keyId, financeAmount: o.maxFinanceAmount }];
    const sa = (await save(a, { lines: line })).data;
    const sb = (await save(b, { lines: line })).data;
    expect(sa.problems).toEqual([]);
    expect(sb.problems).toEqual([]);
    const before = await reservedOn(o.keyId);
    const results = await Promise.all([
      move(a.keyId, operator, 'submit', sa.version),
      move(b.keyId, operator, 'submit', sb.version),
    ]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    const refused = results.find((r) => r.code !== 0)!;
    expect(refused.status).toBe(400);
    expect([
      FinancingApplicationStoreMessage.reservedElsewhere(o.orderNo),
      expect.stringContaining(`付款单${o.orderNo}的融资金额超过可融资余额`),
    ]).toContainEqual(refused.message);
    expect((await reservedOn(o.keyId)).reserved).toBe(before.reserved + o.maxFinanceAmount);
    // The loser's draft stays a draft, with nothing reserved.
    const loser = results[0]!.code === 0 ? b : a;
    expect((await ok('GET', `${API}/${loser.keyId}`, operator)).status).toBe('DRAFT');
  });

  /** A new confirmed order of 华东建材 of 100,000.00 元, due in 150 days, as the make page lists it. */
  const freshOrder = async (appId?: string): Promise<{ id: string; no: string }> => {
    const no = `FKR${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
    const id = await addConfirmedOrder(gw.db as never, {
      tenantId: DEMO_TENANT_ID,
      supplierId: DemoOrg.huadongBuildingMaterials,
      orderNo: no,
      amount: 100_000_00,
      dueDate: new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10),
      now: new Date(),
    });
    void appId;
    return { id, no };
  };
  const orderOf = async (appId: string, orderId: string) =>
    ((await ok('GET', `${API}/${appId}/orders`, operator)).records as Order[]).find((o) => o.keyId === orderId)!;

  it('keeps two applications on one order within the ratio when both are submitted at once (3 runs)', async () => {
    for (let run = 0; run < 3; run++) {
      const { id } = await freshOrder();
      const pre = (await ok('GET', `${PRE}/orders?supplierId=${DemoOrg.huadongBuildingMaterials}`, operator))
        .records as Order[];
      const basis = pre.filter((o) => o.keyId === id);
      expect(basis).toHaveLength(1);
      const share = Math.floor((basis[0]!.eligibleAmount * 0.48) / 100) * 100;
      const a = await applicationFor(basis, share);
      const b = await applicationFor(basis, share);
      const order = await orderOf(a.keyId, id);
      expect(share).toBeLessThanOrEqual(order.maxFinanceAmount);
      // Each alone is within the ratio; both together (96 %) are not.
      expect(2 * share).toBeGreaterThan(order.maxFinanceAmount);
      const line = [{ orderId: id, financeAmount: share }];
      const sa = (await save(a, { lines: line })).data;
      const sb = (await save(b, { lines: line })).data;
      expect(sa.problems).toEqual([]);
      expect(sb.problems).toEqual([]);
      const results = await Promise.all([
        move(a.keyId, operator, 'submit', sa.version),
        move(b.keyId, operator, 'submit', sb.version),
      ]);
      expect(
        results.filter((r) => r.code === 0),
        `run ${run}`,
      ).toHaveLength(1);
      expect(results.find((r) => r.code !== 0)!.message).toContain('的融资金额超过可融资余额');
      const { reserved } = await reservedOn(id);
      expect(reserved, `run ${run}`).toBe(share);
      expect(reserved).toBeLessThanOrEqual(order.maxFinanceAmount);
    }
  });

  it('refuses 提交 on a lapsed pre-credit; only the gateway makes the business 已失效, releasing nothing twice', async () => {
    const { id } = await freshOrder();
    const pre = (await ok('GET', `${PRE}/orders?supplierId=${DemoOrg.huadongBuildingMaterials}`, operator))
      .records as Order[];
    const basis = pre.filter((o) => o.keyId === id);
    const app = await applicationFor(basis, 10_000_00);
    const saved = await save(app, { lines: [{ orderId: id, financeAmount: 10_000_00 }] });
    expect(saved.data.problems).toEqual([]);
    // Lapsed two Beijing days ago: the last close due (lapsed's until 00:10, then today's) expires it at any hour.
    const lapsed = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
    await gw.db
      .updateTable('pre_credit' as never)
      .set({ valid_to: lapsed } as never)
      .where('business_id' as never, '=', app.keyId as never)
      .execute();
    const refused = await move(app.keyId, operator, 'submit', saved.data.version);
    expect(refused).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
      message: PreCreditExpiryMessage.expired(lapsed),
    });
    expect((await reservedOn(id)).reserved).toBe(0);
    // 失效 is the gateway's own move (the table's SYSTEM): a person asking for it is refused.
    for (const who of [operator, risk1]) {
      expect(await move(app.keyId, who, 'expire', saved.data.version)).toMatchObject({
        status: 403,
        code: ResultCode.forbidden,
      });
    }
    // The daily job (today's close on the app's clock) makes it 已失效.
    const closed = await gw.app.dailyJob.closeDays();
    const steps = closed.claimed ? closed.days.flatMap((d) => d.steps) : [];
    expect(steps.find((s) => s.step === 'expire-pre-credits')?.done).toBeGreaterThanOrEqual(1);
    const ended = await ok('GET', `${BUSINESS}/${app.keyId}`, operator);
    expect(ended.state).toBe('TERMINATED/EXPIRED');
    expect((await ok('GET', `${API}/${app.keyId}`, operator)).status).toBe('EXPIRED');
    expect((await reservedOn(id)).reserved).toBe(0);
    // A business whose pre-credit is still valid is left alone.
    expect((await ok('GET', `${BUSINESS}/1500000000000000004`, operator)).state).not.toBe('TERMINATED/EXPIRED');
  });

  it('lets the operator take over a business the supplier applied for, from 融资申请 on, and makes it the 经办人', async () => {
    const { id } = await freshOrder();
    const basis = (
      (await ok('GET', `${PRE}/orders?supplierId=${DemoOrg.huadongBuildingMaterials}`, operator)).records as Order[]
    ).filter((o) => o.keyId === id);
    const pre = await ok('POST', PRE, supplier, { applyAmount: 10_000_00, basisOrderIds: [id] });
    // While the stage is the supplier's own (预授信), its draft stays the supplier's.
    const notYet = await call('PUT', `${PRE}/${pre.keyId}`, operator, {
      applyAmount: 20_000_00,
      basisOrderIds: [id],
      version: pre.version,
    });
    expect(notYet).toMatchObject({ status: 400, message: LifecycleMessage.notOwner });
    const s = await move(pre.keyId, supplier, 'submit', pre.version);
    expect(s.code, s.message).toBe(0);
    const a = await move(pre.keyId, reviewer1, 'approve', s.data.version);
    const b = await move(pre.keyId, risk1, 'approve', a.data.version);
    expect(b.data.state).toBe('APPLICATION/DRAFT');
    expect(basis).toHaveLength(1);
    // The operator sees it to make (待制作), makes the application, saves and submits it.
    const toMake = async () =>
      ((await ok('GET', '/api/business/workbench/todo?tab=MAKE&size=100', operator)).records as object[]).map((r) =>
        JSON.stringify(r),
      );
    expect((await toMake()).some((r) => r.includes(pre.keyId))).toBe(true);
    const app = await ok('POST', API, operator, { businessId: pre.keyId });
    expect(app.actions).toEqual(['submit']);
    const saved = await save(app, { lines: [{ orderId: id, financeAmount: 10_000_00 }] });
    expect(saved.code, saved.message).toBe(0);
    // Not a maker of the stage: refused whoever owns it.
    expect((await move(pre.keyId, risk1, 'submit', saved.data.version)).status).toBe(403);
    const submitted = await move(pre.keyId, operator, 'submit', saved.data.version);
    expect(submitted.code, submitted.message).toBe(0);
    expect(submitted.data.state).toBe('APPLICATION/PENDING');
    const business = await ok('GET', `${BUSINESS}/${pre.keyId}`, operator);
    expect(business.ownerId).toBe(operatorId);
    // The supplier no longer moves it: the application is the operator's stage.
    expect((await move(pre.keyId, supplier, 'withdraw', submitted.data.version)).code).not.toBe(0);
    const back = await move(pre.keyId, operator, 'withdraw', submitted.data.version);
    expect(back.code, back.message).toBe(0);
  });

  it('deletes a never-submitted draft and leaves its business at 融资申请·草稿', async () => {
    const app = await applicationFor([orders[2]!], 100_00);
    const stale = await call('DELETE', `${API}/${app.keyId}?version=${app.version + 5}`, operator);
    expect(stale).toMatchObject({ status: 409, code: ResultCode.staleVersion });
    expect(await call('DELETE', `${API}/${app.keyId}?version=${app.version}`, operator)).toMatchObject({ code: 0 });
    expect(await call('GET', `${API}/${app.keyId}`, operator)).toMatchObject({ status: 404 });
    const business = await ok('GET', `${BUSINESS}/${app.keyId}`, operator);
    expect(business.state).toBe('APPLICATION/DRAFT');
    const candidates = await ok('GET', `${API}/candidates`, operator);
    expect(candidates.map((c: { keyId: string }) => c.keyId)).toContain(app.keyId);
  });

  it('chooses the capital side and product at the application, warns first and refuses what it warned of', async () => {
    // 绿源 is locked against new applications (the risk seed): its business waiting for an application says so
    // on the list it is picked from and on the page it opens to, before anything is typed.
    const candidates = await ok('GET', `${API}/candidates`, operator);
    const lvyuan = candidates.find((c: { keyId: string }) => c.keyId === '1500000000000000004');
    expect(lvyuan.warnings).toContain(LifecycleMessage.locked);
    const start = await ok('GET', `${API}/${lvyuan.keyId}/start`, operator);
    // Nor does 绿源's consent cover 招商银行, its business's side: it consented for 工商银行 only (the demo
    // seed), and the legacy "authorised" mark on its organisation counts for no side.
    const cmbName = start.capitalSides.find((c: { keyId: string }) => c.keyId === DemoOrg.cmbHangzhou).name;
    expect(start.warnings).toEqual(
      expect.arrayContaining([LifecycleMessage.locked, CapitalChoiceMessage.noConsentFor(cmbName)]),
    );
    expect(start.warnings).not.toContain(LifecycleMessage.noConsent);
    expect(
      start.capitalSides.filter((c: { consented: boolean }) => c.consented).map((c: { keyId: string }) => c.keyId),
    ).toEqual([DemoOrg.icbcShanghai]);
    // 保存 refuses it with the words of the warning.
    const refusedStart = await call('POST', API, operator, { businessId: lvyuan.keyId, lines: [], docs: [] });
    expect(refusedStart).toMatchObject({ status: 400, code: ResultCode.invalidInput });
    expect(start.warnings).toContain(refusedStart.message);

    const { id } = await freshOrder();
    const app = await applicationFor([{ keyId: id } as Order], 1_000_00);
    // Offered: every capital side with whether 华东建材's consent covers it, and the live products.
    expect(app.capitalSides).toContainEqual({ keyId: DemoOrg.icbcShanghai, name: expect.any(String), consented: true });
    const cmb = app.capitalSides.find((c: { keyId: string }) => c.keyId === DemoOrg.cmbHangzhou);
    expect(cmb.consented).toBe(false);
    expect(app.products.find((p: { keyId: string }) => p.keyId === icbcProduct)).toMatchObject({
      capitalSideId: DemoOrg.icbcShanghai,
      termMinDays: 30,
      termMaxDays: 360,
    });
    expect(app.warnings).toEqual([]);
    const line = { lines: [{ orderId: id, financeAmount: 1_000_00 }] };
    // A side without consent, a product of another side: refused with the rule's words.
    const cmbProduct = await productOf('CMB-SCF-01');
    const unconsented = await save(app, { ...line, capitalSideId: DemoOrg.cmbHangzhou, productId: cmbProduct });
    expect(unconsented).toMatchObject({
      status: 400,
      message: CapitalChoiceMessage.noConsentFor(cmb.name),
    });
    const otherSide = await save(app, { ...line, productId: cmbProduct });
    expect(otherSide).toMatchObject({ status: 400, message: CapitalChoiceMessage.productOtherSide });
    // Saved without a choice, 提交 asks for both.
    const bare = (await save(app, { ...line, capitalSideId: null, productId: null })).data;
    const missing = await move(app.keyId, operator, 'submit', bare.version);
    expect(missing).toMatchObject({ status: 400, message: CapitalChoiceMessage.sideMissing });
    // The product's term range binds the term: 工行工程款快贷 lends 30–180 days.
    const short = await productOf('ICBC-SCF-03');
    const long = (await save(app, { ...line, productId: short, termDays: 181, version: bare.version })).data;
    const overTerm = await move(app.keyId, operator, 'submit', long.version);
    expect(overTerm).toMatchObject({ status: 400, message: FinancingApplicationMessage.term(180) });
    const saved = (await save(app, { ...line, productId: short, termDays: 180, version: long.version })).data;
    expect(saved).toMatchObject({ capitalSideId: DemoOrg.icbcShanghai, productId: short, warnings: [] });
    const submitted = await move(app.keyId, operator, 'submit', saved.version);
    expect(submitted.code, submitted.message).toBe(0);
    // Named on the application's list, 业务详情, the business list and the review page.
    const product = saved.productName as string;
    expect(product).toBeTruthy();
    const listed = (await ok('GET', `${API}/page?size=100`, operator)).records.find(
      (r: { keyId: string }) => r.keyId === app.keyId,
    );
    expect(listed).toMatchObject({ capitalSideName: saved.capitalSideName, productName: product });
    const business = await ok('GET', `${BUSINESS}/${app.keyId}`, operator);
    expect(business).toMatchObject({ capitalSideName: saved.capitalSideName, productName: product });
    const review = await ok('GET', `/api/business/examine/${app.keyId}?type=APPLICATION`, reviewer1);
    expect(review).toMatchObject({ capitalSideName: saved.capitalSideName, productName: product });
  });

  it('tells a locked supplier why its application cannot be submitted', async () => {
    const o = orders[2]!;
    const app = await applicationFor([o], 100_00);
    const saved = (await save(app, { lines: [{ orderId: o.keyId, financeAmount: 100_00 }] })).data;
    await gw.db
      .insertInto('supplier_lock' as never)
      .values({
        lock_id: newId(new Date()),
        tenant_id: DEMO_TENANT_ID,
        supplier_id: DemoOrg.huadongBuildingMaterials,
        scope: 'NEW_APPLICATION',
        reason: '涉诉',
        status: 'LOCKED',
        created_at: new Date(),
        updated_at: new Date(),
      } as never)
      .execute();
    const refused = await move(app.keyId, operator, 'submit', saved.version);
    await unlock(gw, DemoOrg.huadongBuildingMaterials);
    expect(refused).toMatchObject({ status: 400, message: LifecycleMessage.locked });
  });

  it("keeps another tenant's ids, the supplier and malformed bodies out", async () => {
    const app = (await ok('GET', `${API}/page?size=1`, operator)).records[0];
    expect(app).toBeTruthy();
    expect(await call('GET', `${API}/${app.keyId}`, xh)).toMatchObject({ status: 404 });
    expect(await call('GET', `${API}/page`, supplier)).toMatchObject({ status: 403 });
    const base = { keyId: app.keyId, version: app.version };
    expect(await save(base, { lines: [{ orderId: 'x', financeAmount: -1 }] })).toMatchObject({ status: 400 });
    expect(await save(base, { lines: [{ orderId: 'x', financeAmount: 1.5 }] })).toMatchObject({ status: 400 });
    expect(await call('POST', API, operator, { businessId: '' })).toMatchObject({ status: 400 });
    expect(
      await call('POST', `${API}/${app.keyId}/transition`, operator, { action: 'approve', version: 1 }),
    ).toMatchObject({ status: 400 });
    const current = await ok('GET', `${API}/${app.keyId}`, operator);
    if (['DRAFT', 'RETURNED'].includes(current.status)) {
      expect(await save(current, { payeeAccount: '12ab5678' })).toMatchObject({
        status: 400,
        message: '收款账号须为8至30位数字',
      });
      expect(await save(current, { docs: [{ docType: 'NOPE', fileIds: [], validTo: null }] })).toMatchObject({
        status: 400,
        message: '资料类型不正确：NOPE',
      });
      expect(
        await save(current, { docs: [{ docType: 'OTHER', fileIds: ['1999999999999999999'], validTo: null }] }),
      ).toMatchObject({ status: 400, code: ResultCode.invalidInput, message: FILE_BINDING_MESSAGE });
      expect(await save(current, { lines: [{ orderId: '1999999999999999999', financeAmount: 1 }] })).toMatchObject({
        status: 400,
      });
    }
  });

  it('makes one draft of three creates at once and tells the others it exists', async () => {
    const app = await applicationFor([orders[3]!], 100_00);
    const del = await call('DELETE', `${API}/${app.keyId}?version=${app.version}`, operator);
    expect(del.code, del.message).toBe(0);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', API, operator, { businessId: app.keyId })));
    expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.invalidInput, ResultCode.invalidInput]);
    for (const a of answers.filter((x) => x.code !== 0)) {
      expect(a).toMatchObject({ status: 400, message: '该业务已有融资申请' });
    }
  });

  it("attaches to the documents only the maker's own uploads, bound to no other record", async () => {
    const app = await applicationFor([orders[3]!], 100_00);
    const supplierId = (await signIn(gw.app, 'supplier', 'Supplier@2026')).userId;
    const [theirs] = await uploads(supplierId);
    const [elsewhere, mine] = await uploads(operatorId);
    await gw.db
      .updateTable('stored_file')
      .set({ business_type: 'financingApplication', business_id: '1999999999999999998' })
      .where('key_id', '=', elsewhere!)
      .execute();
    const other = (fileIds: string[]) => ({ docs: [{ docType: 'OTHER', fileIds, validTo: null }] });
    for (const fileIds of [[theirs!], ['1999999999999999999'], ['../../etc/passwd'], [mine!, elsewhere!]]) {
      expect(await save(app, other(fileIds))).toMatchObject({
        status: 400,
        code: ResultCode.invalidInput,
        message: FILE_BINDING_MESSAGE,
      });
    }
    const owners = await gw.db
      .selectFrom('stored_file')
      .select(['key_id', 'business_id'])
      .where('key_id', 'in', [theirs!, mine!])
      .execute();
    expect(owners.map((o) => o.business_id)).toEqual([null, null]);
    const saved = await save(app, other([mine!]));
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data.docs.find((d: { docType: string }) => d.docType === 'OTHER').files).toEqual([
      expect.objectContaining({ keyId: mine, name: '资料1.pdf' }),
    ]);
  });

  it('keeps the owner from approving a level even when another user submitted', async () => {
    const role = await gw.db
      .selectFrom('role')
      .select('role_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('role_code', '=', ROLE.BIZ_REVIEWER)
      .executeTakeFirstOrThrow();
    const grant = { user_id: operatorId, role_id: role.role_id };
    await gw.db
      .insertInto('user_role')
      .values(grant)
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      // The operator owns the business and holds 业务复核 (level 1 of 预授信审核); the administrator submits.
      const owner = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
      const admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
      const pre = await ok('POST', PRE, owner, {
        supplierId: DemoOrg.huadongBuildingMaterials,
        applyAmount: 100_00,
        basisOrderIds: [orders[3]!.keyId],
      });
      const submitted = await move(pre.keyId, admin, 'submit', pre.version);
      expect(submitted.code, submitted.message).toBe(0);
      expect((await ok('GET', `${BUSINESS}/${pre.keyId}`, owner)).actions).not.toContain('approve');
      expect(await move(pre.keyId, owner, 'approve', submitted.data.version)).toMatchObject({
        status: 400,
        code: ResultCode.invalidInput,
        message: ReviewMessage.maker,
      });
      const l1 = await move(pre.keyId, reviewer1, 'approve', submitted.data.version);
      expect(l1.code, l1.message).toBe(0);
    } finally {
      await gw.db
        .deleteFrom('user_role')
        .where('user_id', '=', operatorId)
        .where('role_id', '=', role.role_id)
        .execute();
    }
  });

  it('takes a whole transition back when an after-transition effect fails', async () => {
    const app = await applicationFor([orders[2]!], 100_00);
    const saved = (await save(app, { lines: [{ orderId: orders[2]!.keyId, financeAmount: 100_00 }] })).data;
    registerAfterTransition(gw.app.extensions, 'test.failing', async () => {
      throw new Error('effect failed');
    });
    try {
      const res = await move(app.keyId, operator, 'submit', saved.version);
      expect(res.code).not.toBe(0);
    } finally {
      forgetAfterTransition(gw.app.extensions, 'test.failing');
    }
    const after = await ok('GET', `${BUSINESS}/${app.keyId}`, operator);
    expect(after).toMatchObject({ state: 'APPLICATION/DRAFT', version: saved.version });
    const done = await move(app.keyId, operator, 'submit', saved.version);
    expect(done.code, done.message).toBe(0);
  });
});
