// The assets area beyond the kit's generic promises (resource.test.ts covers each definition): 可融资 and the
// footer's sums over a filter, 确权 refusing more than the receivable not yet paid, the order import (valid rows
// in, bad rows reported by row, an oversize or over-long file refused), another tenant's ids, malformed bodies,
// the detail calls and the menu-scoped 台账 — on PGlite and on PostgreSQL.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentOrderMessage } from '../../../../src/domain/assets/payment-order.resource';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { DemoOrg } from '../../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway, callerOf } from '../../testing/test-gateway';
import { ORDER_TEMPLATE_HEADER } from './import-orders';
import { checkXlsxBounds } from './xlsx-bound';

type Headers = Record<string, string>;

const SUZHOU_PROJECT = '2400000000000000001';
const XH_PROJECT = '2400000000000000901';
const XH_ORDER = '2410000000000000901';
const XH_SUPPLIER = '2100000000000000131';

function multipart(fileName: string, bytes: Buffer): { payload: Buffer; headers: Headers } {
  const boundary = 'order-import-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('付款单');
  sheet.addRow([...ORDER_TEMPLATE_HEADER]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(databasesUnderTest())('assets on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let xh: Headers;
  let supplier: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    xh = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(gw.app)(...args);
  const order = (orderNo: string, receivable: number, paid: number) => ({
    orderNo,
    projectId: SUZHOU_PROJECT,
    supplierId: DemoOrg.huadongBuildingMaterials,
    contractNo: 'HT-SUMS-01',
    contractType: 'TRADE',
    receivableAmount: receivable,
    paidAmount: paid,
    dueDate: '2026-12-20',
  });

  it('stores 可融资 from the domain rule and sums 应收, 已付, 可融资 over the filter', async () => {
    const a = (await call('POST', '/api/assets/paymentOrder', admin, order('FK-SUMS-A', 100_000_000, 20_000_000))).data;
    const b = (await call('POST', '/api/assets/paymentOrder', admin, order('FK-SUMS-B', 50_000_012, 0))).data;
    expect(a).toMatchObject({
      projectCompanyId: DemoOrg.suzhouProject,
      projectCompanyName: '苏州远景置业有限公司',
      eligibleAmount: 0,
    });
    const confirmed = await call('POST', `/api/assets/paymentOrder/${a.keyId}/transition`, admin, {
      action: 'confirm',
      version: a.version,
      confirmEvidence: 'COMMERCIAL_BILL',
      confirmedAmount: 70_000_000,
    });
    expect(confirmed.code, confirmed.message).toBe(0);
    // 确权 70 万 − 已付 20 万 − 占用 0 − 已融资 0 = 50 万元.
    expect(confirmed.data).toMatchObject({
      status: 'CONFIRMED',
      confirmedAmount: 70_000_000,
      confirmEvidence: 'COMMERCIAL_BILL',
      eligibleAmount: 50_000_000,
    });
    const page = await call('GET', '/api/assets/paymentOrder/page?orderNo=FK-SUMS', admin);
    expect(page.data.total).toBe(2);
    expect(page.data.sums).toEqual({
      receivableAmount: 150_000_012,
      paidAmount: 20_000_000,
      eligibleAmount: 50_000_000,
    });
    const confirmedOnly = await call('GET', '/api/assets/paymentOrder/page?orderNo=FK-SUMS&status=CONFIRMED', admin);
    expect(confirmedOnly.data.sums).toEqual({
      receivableAmount: 100_000_000,
      paidAmount: 20_000_000,
      eligibleAmount: 50_000_000,
    });
    expect(b.eligibleAmount).toBe(0);
    // The project's figures follow its orders.
    const project = await call('GET', `/api/assets/project/${SUZHOU_PROJECT}`, admin);
    const orders = await call('GET', `/api/assets/paymentOrder/list?orderNo=`, admin);
    const mine = orders.data.filter((o: { projectId: string }) => o.projectId === SUZHOU_PROJECT);
    expect(project.data.orderCount).toBe(mine.length);
    expect(project.data.receivableTotal).toBe(
      mine.reduce((s: number, o: { receivableAmount: number }) => s + o.receivableAmount, 0),
    );
  });

  it('refuses a 确权 amount over 应收 − 已付, and accepts exactly that much', async () => {
    const made = (await call('POST', '/api/assets/paymentOrder', admin, order('FK-CONFIRM-1', 80_000_000, 30_000_000)))
      .data;
    const url = `/api/assets/paymentOrder/${made.keyId}/transition`;
    const over = await call('POST', url, admin, {
      action: 'confirm',
      version: 1,
      confirmEvidence: 'CONFIRMATION_LETTER',
      confirmedAmount: 50_000_001,
    });
    expect(over).toMatchObject({
      status: 400,
      code: ResultCode.invalidInput,
      message: PaymentOrderMessage.confirmedOver('500,000.00'),
    });
    const missing = await call('POST', url, admin, { action: 'confirm', version: 1, confirmedAmount: 10 });
    expect(missing).toMatchObject({ code: ResultCode.invalidInput, message: '请选择确权凭证' });
    const exact = await call('POST', url, admin, {
      action: 'confirm',
      version: 1,
      confirmEvidence: 'CONFIRMATION_LETTER',
      confirmedAmount: 50_000_000,
    });
    // 确权 50 万 − 已付 30 万 = 20 万元 eligible.
    expect(exact.data).toMatchObject({
      status: 'CONFIRMED',
      confirmedAmount: 50_000_000,
      eligibleAmount: 20_000_000,
      version: 2,
    });
    expect(
      (await call('PUT', `/api/assets/paymentOrder/${made.keyId}`, admin, { ...order('x', 1, 0), version: 2 })).code,
    ).toBe(ResultCode.invalidInput);
  });

  it('locks an order with a reason (no 确权 while locked) and unlocks it, keeping its 确权 state', async () => {
    const made = (await call('POST', '/api/assets/paymentOrder', admin, order('FK-LOCK-1', 1000, 0))).data;
    const url = `/api/assets/paymentOrder/${made.keyId}/transition`;
    expect((await call('POST', url, admin, { action: 'lock', version: 1, comment: ' ' })).message).toBe(
      '请输入锁定原因',
    );
    const locked = await call('POST', url, admin, { action: 'lock', version: 1, comment: '中登查询显示已被质押' });
    expect(locked.data).toMatchObject({ status: 'UNCONFIRMED', locked: 'YES', version: 2 });
    expect(await call('POST', url, admin, { action: 'startConfirm', version: 2 })).toMatchObject({
      code: ResultCode.invalidInput,
      message: PaymentOrderMessage.locked,
    });
    expect((await call('POST', url, admin, { action: 'lock', version: 2, comment: '再次' })).message).toBe(
      '付款单已锁定',
    );
    const unlocked = await call('POST', url, admin, { action: 'unlock', version: 2 });
    expect(unlocked.data).toMatchObject({ status: 'UNCONFIRMED', locked: 'NO', version: 3 });
    expect((await call('POST', url, admin, { action: 'startConfirm', version: 3 })).data.status).toBe('CONFIRMING');
  });

  it('refuses 已付 over 应收 with the form rule', async () => {
    const refused = await call('POST', '/api/assets/paymentOrder', admin, order('FK-PAID-1', 100, 101));
    expect(refused).toMatchObject({ code: ResultCode.invalidInput, message: PaymentOrderMessage.paidOverReceivable });
  });

  it('imports valid rows and reports the bad ones by row number', async () => {
    const template = await gw.app.inject({ method: 'GET', url: '/api/assets/paymentOrder/template', headers: admin });
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bytes = await workbook([
      ['FK-IMP-0001', 'XM-SZ-2026001', '华东建材有限公司', 'HT-IMP-01', '工程', '1,000,000.00', '0', '2026-12-31'],
      [
        'FK-IMP-0002',
        'XM-NJ-2026001',
        '江苏恒固钢结构工程有限公司',
        'HT-IMP-02',
        '贸易',
        '25000.5',
        '5000',
        '2026-11-30',
      ],
      ['FK-IMP-0003', 'XM-NONE', '华东建材有限公司', 'HT-IMP-03', '工程', '100', '0', '2026-12-31'],
      ['FK-IMP-0004', 'XM-SZ-2026001', '华东建材有限公司', 'HT-IMP-04', '工程', '100', '200', '2026-12-31'],
      ['FK-IMP-0001', 'XM-SZ-2026002', '华东建材有限公司', 'HT-IMP-05', '工程', '100', '0', '2026-12-31'],
      ['FK-IMP-0006', 'XM-SZ-2026001', '华东建材有限公司', 'HT-IMP-06', '工程', '100', '0', ''],
      ['FK-IMP-0007', 'XM-SZ-2026001', '四川蜀道建材有限公司', 'HT-IMP-07', '工程', '100', '0', '2026-12-31'],
    ]);
    const { payload, headers } = multipart('付款单.xlsx', bytes);
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/assets/paymentOrder/import',
      headers: { ...admin, ...headers },
      payload,
    });
    const report = res.json().data;
    expect(report.total).toBe(7);
    expect(report.imported).toEqual([
      { row: 2, orderNo: 'FK-IMP-0001' },
      { row: 3, orderNo: 'FK-IMP-0002' },
    ]);
    expect(report.errors).toEqual([
      { row: 4, message: '项目编码“XM-NONE”不存在' },
      { row: 5, message: PaymentOrderMessage.paidOverReceivable },
      { row: 6, message: PaymentOrderMessage.duplicate },
      { row: 7, message: '请选择应付日' },
      // Another tenant's supplier is not one of this tenant's.
      { row: 8, message: '供应商“四川蜀道建材有限公司”不存在' },
    ]);
    const found = await call('GET', '/api/assets/paymentOrder/page?orderNo=FK-IMP-000', admin);
    expect(found.data.records.map((r: { orderNo: string }) => r.orderNo).sort()).toEqual([
      'FK-IMP-0001',
      'FK-IMP-0002',
    ]);
    expect(found.data.sums.receivableAmount).toBe(100_000_000 + 2_500_050);
  });

  it('refuses a file over 1,000 rows, an oversize one and one that is not the template', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => [
      `FK-BIG-${i}`,
      'XM-SZ-2026001',
      '华东建材有限公司',
      'HT',
      '工程',
      '1',
      '0',
      '2026-12-31',
    ]);
    const long = multipart('多.xlsx', await workbook(rows));
    const tooLong = await gw.app.inject({
      method: 'POST',
      url: '/api/assets/paymentOrder/import',
      headers: { ...admin, ...long.headers },
      payload: long.payload,
    });
    expect(tooLong.json()).toMatchObject({ code: ResultCode.invalidInput, message: '一次最多导入1000条付款单' });
    const big = multipart('大.xlsx', Buffer.alloc(6 * 1024 * 1024, 1));
    const tooBig = await gw.app.inject({
      method: 'POST',
      url: '/api/assets/paymentOrder/import',
      headers: { ...admin, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.json().code).toBe(ResultCode.invalidInput);
    const text = multipart('假.xlsx', Buffer.from('not a zip at all'));
    const notZip = await gw.app.inject({
      method: 'POST',
      url: '/api/assets/paymentOrder/import',
      headers: { ...admin, ...text.headers },
      payload: text.payload,
    });
    expect(notZip.json()).toMatchObject({
      code: ResultCode.invalidInput,
      message: '文件不是有效的 Excel（.xlsx）文件',
    });
    expect((await call('POST', '/api/assets/paymentOrder/import', admin, { file: 'x' })).code).toBe(
      ResultCode.invalidInput,
    );
  });

  it('bounds the unpacked size before parsing', async () => {
    const bytes = await workbook([['FK-1', 'XM', '华东', 'HT', '工程', '1', '0', '2026-12-31']]);
    expect(checkXlsxBounds(bytes, { maxUnpackedBytes: 50_000_000, maxEntries: 100, maxRows: 10 })).toEqual({
      ok: true,
    });
    expect(checkXlsxBounds(bytes, { maxUnpackedBytes: 500, maxEntries: 100, maxRows: 10 })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(checkXlsxBounds(bytes, { maxUnpackedBytes: 50_000_000, maxEntries: 100, maxRows: 0 })).toEqual({
      ok: false,
      reason: 'tooManyRows',
    });
  });

  it("writes nothing that points at another tenant's rows, and reads none of them", async () => {
    expect(
      await call('POST', '/api/assets/paymentOrder', admin, { ...order('FK-XT-1', 100, 0), projectId: XH_PROJECT }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: '项目不正确' });
    expect(
      await call('POST', '/api/assets/paymentOrder', admin, { ...order('FK-XT-2', 100, 0), supplierId: XH_SUPPLIER }),
    ).toMatchObject({ code: ResultCode.invalidInput, message: '供应商不正确' });
    expect((await call('GET', `/api/assets/paymentOrder/${XH_ORDER}`, admin)).code).toBe(ResultCode.notFound);
    expect((await call('GET', `/api/assets/paymentOrder/${XH_ORDER}/details`, admin)).code).toBe(ResultCode.notFound);
    expect(
      (
        await call('POST', `/api/assets/paymentOrder/${XH_ORDER}/transition`, admin, {
          action: 'startConfirm',
          version: 1,
        })
      ).code,
    ).toBe(ResultCode.notFound);
    const options = await call('GET', '/api/assets/paymentOrder/options/supplierId', admin);
    expect(options.data.map((o: { keyId: string }) => o.keyId)).toContain(DemoOrg.huadongBuildingMaterials);
    expect(options.data.map((o: { keyId: string }) => o.keyId)).not.toContain(XH_SUPPLIER);
    const xhOptions = await call('GET', '/api/assets/paymentOrder/options/projectId', xh);
    expect(xhOptions.data).toEqual([{ keyId: XH_PROJECT, name: '武汉星河·东湖湾' }]);
    expect((await call('GET', '/api/assets/paymentOrder/options/orderNo', admin)).code).toBe(ResultCode.notFound);
    expect((await call('GET', '/api/assets/assetChange/2420000000000000001/diffs', xh)).code).toBe(ResultCode.notFound);
  });

  it('answers malformed bodies with 160300400', async () => {
    const made = (await call('POST', '/api/assets/paymentOrder', admin, order('FK-BAD-1', 1000, 0))).data;
    const url = `/api/assets/paymentOrder/${made.keyId}/transition`;
    for (const body of [
      { action: 'confirm', version: 1, confirmEvidence: 'CONFIRMATION_LETTER', confirmedAmount: '12' },
      { action: 'confirm', version: 1, confirmEvidence: 'CONFIRMATION_LETTER', confirmedAmount: 1.5 },
      { action: 'confirm', version: 1, confirmEvidence: 'CONFIRMATION_LETTER', confirmedAmount: 0 },
      { action: 'confirm', version: 1, confirmEvidence: 'NOPE', confirmedAmount: 10 },
      { action: 'confirm', version: 1, confirmEvidence: ['CONFIRMATION_LETTER'], confirmedAmount: 10 },
      [1, 2],
    ]) {
      const res = await call('POST', url, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe(ResultCode.invalidInput);
    }
    expect(
      (
        await call('POST', '/api/assets/paymentOrder', admin, {
          ...order('FK-BAD-2', 1000, 0),
          receivableAmount: 'lots',
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', `/api/assets/paymentOrder/${made.keyId}`, admin)).data.version).toBe(1);
  });

  it('handles an asset change with its choice and comment; the detail lists its field diffs', async () => {
    const pending = (await call('GET', '/api/assets/assetChange/page?status=PENDING&size=1', admin)).data.records[0];
    const url = `/api/assets/assetChange/${pending.keyId}/transition`;
    expect(
      (await call('POST', url, admin, { action: 'handle', version: pending.version, comment: '核实' })).message,
    ).toBe('请选择处理方式');
    const done = await call('POST', url, admin, {
      action: 'handle',
      version: pending.version,
      comment: '已核实，重算',
      handling: 'RECALCULATE',
    });
    expect(done.data).toMatchObject({
      status: 'HANDLED',
      handling: 'RECALCULATE',
      handlingComment: '已核实，重算',
      handledByName: '平台管理员',
    });
    const diffs = await call('GET', `/api/assets/assetChange/${pending.keyId}/diffs`, admin);
    expect(diffs.data.diffs.length).toBeGreaterThan(0);
    expect(diffs.data.impactedBusinessIds).toEqual([]);
    const details = await call('GET', `/api/assets/paymentOrder/${pending.targetId}/details`, admin);
    const changeIds = details.data?.changes?.map((c: { keyId: string }) => c.keyId);
    if (pending.targetType === 'ORDER') expect(changeIds).toContain(pending.keyId);
  });

  it('serves the 台账 only for its menu, scoped to a supplier user’s own orders, with Σ 已放款 of the seeded loans', async () => {
    const menuId = encodeURIComponent(menuIdForPath('/assetsManage/paymentOrderInformation'));
    const all = await call('GET', `/api/assets/payBook/page?menuId=${menuId}&size=100`, admin);
    expect(all.code).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(40);
    expect((await call('GET', '/api/assets/payBook/page', admin)).code).toBe(ResultCode.invalidInput);
    expect(
      (await call('GET', `/api/assets/payBook/page?menuId=${encodeURIComponent('/risk/negativepublicopinion')}`, admin))
        .code,
    ).toBe(ResultCode.forbidden);
    // The demo's loans were lent against its orders (the figure itself: loan-figures.test.ts).
    const lent = await call('GET', `/api/assets/payBook/loanAmountSum?menuId=${menuId}`, admin);
    expect(lent.code, lent.message).toBe(0);
    expect(lent.data.loanAmount).toBeGreaterThan(0);
    const exported = await gw.app.inject({
      method: 'GET',
      url: `/api/assets/payBook/export?menuId=${menuId}`,
      headers: admin,
    });
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The demo supplier user holds no grant on 付款单信息.
    expect((await call('GET', `/api/assets/payBook/page?menuId=${menuId}`, supplier)).code).toBe(ResultCode.forbidden);
  });
});
