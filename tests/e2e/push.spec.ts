// 推送 and 正式函件 in Chromium, as the README's people: the demo's business at 签约·已签约 (walked there by the seed
// through 要素, 合同 and 签约 signed for real). Its 经办 generates the
// 应收账款转让通知书 and sends it, pushes the business through the built-in channel; reviewer1 approves the push on
// 业务审核; the capital side answers at the channel's desk (a signed callback through the inbound kit); the 经办
// uploads the notice's receipt, and the push shows 资金方通过. Screens at 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { seededBusinessAt } from '../../gateway/src/testing/seeded-business';
import { launchBrowser, screenshots } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { journey } from './support/suite';
import { tokenSessionAs } from './support/token-sign-in';
import { MINIMAL_PDF } from '../../gateway/src/testing/minimal-pdf';

let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let businessNo = '';
let maker = '';
let approved = 0;

/** The demo's business signed for real and waiting for its push (签约·已签约), as the seed walked it. */
async function waitingForItsPush(db: Kysely<Database>) {
  ({
    businessId,
    businessNo,
    ownerName: maker,
    approvedAmount: approved,
  } = await seededBusinessAt(db, 'SIGNING/SIGNED'));
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingForItsPush }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A session of its own for `userName` (signed in by token: the sign-in is sign-in.spec's), opened at `path`. */
const session = (userName: string, path: string) => tokenSessionAs(browser, gateway.url, userName, {}, path);

describe('推送与函件', () => {
  it(
    'the letter sent, the push reviewed, the capital side’s answer and the receipt: 资金方通过',
    journey(25),
    async () => {
      const op = await session(maker, `/business/formalLetterManagement?businessId=${businessId}`);
      await op.getByRole('region', { name: '生成函件' }).getByRole('button', { name: '生成函件' }).click();
      await op.getByText('函件已生成').first().waitFor();
      const letters = op.getByRole('table', { name: '函件' });
      await letters.getByRole('button', { name: '发送：应收账款转让通知书' }).click();
      const send = op.getByRole('region', { name: '发送：应收账款转让通知书' });
      await send.getByLabel(/^发送方式/).selectOption('EXPRESS');
      await send.getByRole('button', { name: '确定发送' }).click();
      await op.getByText('应收账款转让通知书：已发送').first().waitFor();

      await op.goto(`${gateway.url}/business/pushProduction?id=${businessId}`);
      const form = op.getByRole('region', { name: '推送' });
      await form.getByLabel(/^中登查询编号/).fill('ZD2026112900001');
      await screenshots(op, 'push-make');
      await form.getByRole('button', { name: '推送' }).click();
      await op.getByText('已推送，待推送审核').first().waitFor();

      const reviewer = await session('reviewer1', `/business/examine?type=PUSH&id=${businessId}`);
      await reviewer.getByRole('table', { name: '推送记录' }).waitFor();
      await reviewer.getByRole('region', { name: '审核意见' }).getByRole('button', { name: '通过' }).click();
      await reviewer.waitForURL(/\/business\/examine$/);
      await reviewer.context().close();

      // The capital side answers at the built-in channel's desk: its signed callback moves the business.
      await op.reload();
      const desk = (await op.locator('code').first().textContent())?.trim() ?? '';
      expect(desk).toMatch(/^\/api\/capital-channel\/desk\/[0-9a-f]{48}$/);
      const answer = await op.request.post(`${gateway.url}${desk}`, {
        data: { result: 'APPROVED', capitalRefNo: 'ZJ2026112901', approvedAmount: approved, comment: '同意' },
      });
      expect((await answer.json()).code).toBe(0);

      await op.goto(`${gateway.url}/business/formalLetterManagement?businessId=${businessId}`);
      await letters.getByRole('button', { name: '上传回执：应收账款转让通知书' }).click();
      const receipt = op.getByRole('region', { name: '上传回执：应收账款转让通知书' });
      await receipt.locator('input[type=file]').setInputFiles({
        name: '回执.pdf',
        mimeType: 'application/pdf',
        buffer: MINIMAL_PDF,
      });
      await receipt.getByText('回执.pdf').first().waitFor();
      await receipt.getByRole('button', { name: '确定上传回执' }).click();
      await op.getByText('应收账款转让通知书：已上传回执').first().waitFor();
      await screenshots(op, 'letters');

      await op.goto(`${gateway.url}/business/pushProduction?id=${businessId}`);
      const facts = op.getByLabel('推送概况');
      await facts.getByText('资金方通过').waitFor();
      expect(await op.getByRole('table', { name: '接口日志' }).textContent()).toContain('回调');
      await screenshots(op, 'push');
      await op.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
      await op.getByRole('tab', { name: '推送与函件' }).click();
      await op.getByRole('table', { name: '推送记录' }).getByText('通过').waitFor();
      await op.goto(`${gateway.url}/business/pushProduction`);
      await op.getByText(businessNo).first().waitFor();
      await screenshots(op, 'push-list', { wideOnly: true });
      await op.context().close();
    },
  );
});
