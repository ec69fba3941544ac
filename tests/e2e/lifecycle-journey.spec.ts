// The financing lifecycle's first stages end to end: the supplier submits a demand and the operator accepts
// it; the pre-credit is submitted and approved by reviewer1 (level 1) and risk1 (level 2) — these through the
// gateway's API, as the demand and pre-credit screens have browser tests of their own. Then in Chromium: the
// operator starts the financing application from 融资申请管理, picks an order (its cap shown live), uploads the
// required 准入资料 and submits; reviewer1 returns it with a comment from 融资申请审核; the operator
// resubmits; reviewer1 approves in the browser and risk1 through the API; the business detail's timeline
// shows every step. (The maker unable to approve its own and a locked supplier's refusal are gateway tests.)
// Screens at 1440 and 390 go to .tmp.
import { describe, expect, it } from 'vitest';
import { screenshots as shoot } from './support/browser';
import { apiLogin } from './support/gateway-process';
import { journey, useBrowserSuite } from './support/suite';
import { signInByToken } from './support/token-sign-in';
import { MINIMAL_PDF as PDF } from '../../gateway/src/testing/minimal-pdf';

const suite = useBrowserSuite();
const HUADONG = '1100000000000000011';

const screenshots = (name: string) => shoot(suite.page, name);

// biome-ignore lint/suspicious/noExplicitAny: the envelope's data is whatever the route answers
type Envelope = { code: number; message: string; data: any };

async function as(username: string, password: string) {
  const { token } = await apiLogin(suite.gateway.url, username, password);
  return async (method: string, path: string, body?: unknown): Promise<Envelope> => {
    const res = await fetch(`${suite.gateway.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Envelope;
    expect(json.code, `${method} ${path}: ${json.message}`).toBe(0);
    return json;
  };
}

/**
 * The shared page as `username` from a clean slate, opened at `path`: signed in by token, as the sign-in is not
 * this journey's subject (sign-in.spec covers the form).
 */
async function fresh(username: string, path: string) {
  const page = suite.page;
  await suite.context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signInByToken(page, suite.gateway.url, username, { path });
}

describe('融资全流程（需求 → 预授信 → 融资申请）', () => {
  it('walks a demand to 尽调报告 with a return on the way, every step on the timeline', journey(17), async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const supplier = await as('supplier', 'Supplier@2026');
    const operator = await as('operator', 'Operator@2026');
    const reviewer1 = await as('reviewer1', 'Staff@2026');
    const risk1 = await as('risk1', 'Staff@2026');

    // Stage 0 and 1 through the API.
    const demand = (
      await supplier('POST', '/api/business/demand', {
        supplierId: HUADONG,
        expectedAmount: 1_000_000_00,
        expectedTermDays: 90,
        purpose: '全流程：支付建材采购款',
        contactName: '王建国',
        contactPhone: '13800000003',
      })
    ).data;
    const accepted = (
      await operator('POST', `/api/business/demand/${demand.keyId}/transition`, {
        action: 'accept',
        version: demand.version,
        comment: '材料齐全，受理',
      })
    ).data;
    const businessId = accepted.businessId as string;
    const orders = (await operator('GET', `/api/business/preCredit/orders?supplierId=${HUADONG}`)).data.records as {
      keyId: string;
      orderNo: string;
      eligibleAmount: number;
    }[];
    const order = orders.find((o) => o.orderNo.startsWith('FKHD2027') && o.eligibleAmount > 1_000_000_00);
    expect(order, 'a long-lived order of 华东建材').toBeTruthy();
    const pre = (await operator('GET', `/api/business/preCredit/${businessId}`)).data;
    const edited = (
      await operator('PUT', `/api/business/preCredit/${businessId}`, {
        applyAmount: 500_000_00,
        basisOrderIds: [order!.keyId],
        version: pre.version,
      })
    ).data;
    const move = async (who: typeof operator, action: string, version: number, comment?: string) =>
      (
        await who('POST', `/api/business/business/${businessId}/transition`, {
          action,
          version,
          ...(comment ? { comment } : {}),
        })
      ).data as { version: number; state: string; businessNo: string };
    const s = await move(operator, 'submit', edited.version);
    const l1 = await move(reviewer1, 'approve', s.version, '付款单已确权，同意');
    const l2 = await move(risk1, 'approve', l1.version, '额度合理，同意');
    expect(l2.state).toBe('APPLICATION/DRAFT');
    const businessNo = l2.businessNo;

    // Stage 2 in the browser: the operator makes the application.
    await signInByToken(page, suite.gateway.url, 'operator', { path: '/business/financingApplicationManagement' });
    await page.getByRole('button', { name: '新增融资申请' }).click();
    await page.getByRole('heading', { name: '新增融资申请' }).waitFor();
    await page.getByRole('table', { name: '可新增融资申请的业务' }).waitFor();
    await screenshots('application-add');
    const candidate = page.getByRole('table', { name: '可新增融资申请的业务' }).getByRole('row').filter({
      hasText: businessNo,
    });
    await candidate.getByRole('button', { name: '制作融资申请' }).click();
    // Opening it writes nothing: the application has no number until its first 保存.
    await page.getByRole('heading', { name: /^准入资料制作/ }).waitFor();
    const orderRow = page.getByRole('table', { name: '付款单' }).getByRole('row').filter({ hasText: order!.orderNo });
    await orderRow.getByRole('checkbox').check();
    // The line starts at its cap; more than the cap is refused on the spot.
    const amount = orderRow.getByLabel(`融资金额 ${order!.orderNo}`);
    await amount.fill('99999999');
    await orderRow.getByText(/^不得超过可融资余额×/).waitFor();
    await amount.fill('500000');
    await page.getByRole('status', { name: '合计' }).getByText('申请总额 500,000.00 元').waitFor();
    await page.getByRole('heading', { name: /^准入资料制作/ }).scrollIntoViewIfNeeded();
    await screenshots('application-make-top');
    // The capital side 华东建材 consented for, and one of its products.
    const capital = page.getByRole('region', { name: '资金方与产品' });
    await capital.getByLabel('资金方', { exact: true }).selectOption({ label: '中国工商银行股份有限公司上海市分行' });
    await capital.getByLabel('资金产品').selectOption({ label: '工行e信通应收账款融资' });
    const regions = page.getByRole('region', { name: '融资要素' });
    await regions.getByLabel('融资期限（天）').fill('90');
    await regions.getByLabel('还款来源').selectOption({ label: '项目公司付款' });
    await regions.getByLabel('开户行').fill('中国工商银行上海分行');
    await regions.getByLabel('账号').fill('6222021001888888');
    for (const label of ['营业执照', '法定代表人身份证', '基础交易合同', '确权凭证（付款确认书/商票）']) {
      const group = page.getByRole('group', { name: label });
      await group
        .locator('input[type=file]')
        .setInputFiles({ name: `${label.slice(0, 4)}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await group.getByText('上传成功').waitFor();
      await group.getByLabel(`${label}有效期至`).fill('2030-12-31');
    }
    await screenshots('application-make');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('提交成功').first().waitFor();
    await page.getByRole('heading', { name: '融资申请管理' }).waitFor();
    const listed = page.getByRole('table').getByRole('row').filter({ hasText: businessNo });
    await listed.filter({ hasText: '待审核' }).waitFor();
    await screenshots('application-list');

    // reviewer1 returns it from 融资申请审核.
    await fresh('reviewer1', '/business/financingApplicationExamine');
    const queued = page.getByRole('table', { name: '待我审核' }).getByRole('row').filter({ hasText: businessNo });
    await queued.waitFor();
    await screenshots('application-queue');
    await queued.getByRole('button', { name: '审核' }).click();
    await page
      .getByRole('region', { name: '规则校验' })
      .getByText(/^全部通过/)
      .waitFor();
    await screenshots('application-examine');
    const opinion = page.getByRole('region', { name: '审核意见' });
    await opinion.getByLabel('审核意见').fill('发票与合同金额不一致，请核对');
    await opinion.getByRole('button', { name: '退回' }).click();
    await page.getByText('退回成功').first().waitFor();

    // The operator resubmits.
    await fresh('operator', `/business/accessDocumentsMake?id=${businessId}`);
    await page.getByText('已退回').first().waitFor();
    // Why it came back stands at the top of the make page, with who returned it.
    const reason = page.getByLabel('退回原因');
    await reason.getByText('发票与合同金额不一致，请核对').waitFor();
    expect(await reason.textContent()).toContain('周敏');
    await screenshots('application-returned');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByText('提交成功').first().waitFor();

    // reviewer1 approves in the browser; risk1 through the API.
    await fresh('reviewer1', `/business/financingApplicationExamineInfo?id=${businessId}`);
    const box = page.getByRole('region', { name: '审核意见' });
    await box.getByLabel('审核意见').fill('已核对，同意');
    await box.getByRole('button', { name: '通过' }).click();
    await page.getByText('通过成功').first().waitFor();
    const now = (await reviewer1('GET', `/api/business/business/${businessId}`)).data;
    const done = await move(risk1, 'approve', now.version, '风险可控，同意');
    expect(done.state).toBe('REPORT/DRAFT');

    // The timeline tells the whole story.
    await fresh('operator', `/business/newDetails?id=${businessId}`);
    await page.getByRole('tab', { name: /^时间线/ }).click();
    const timeline = page.getByRole('list', { name: '时间线' });
    await timeline.waitFor();
    const text = (await timeline.textContent()) ?? '';
    for (const words of ['受理', '提交', '通过', '退回', '发票与合同金额不一致，请核对', '风险可控，同意']) {
      expect(text).toContain(words);
    }
    expect((await timeline.getByRole('listitem').count()) >= 9).toBe(true);
    await screenshots('application-timeline');
  });
});
