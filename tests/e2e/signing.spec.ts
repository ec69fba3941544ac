// 签约 in Chromium, as the README's people: the demo's business waiting at 签约·待签约 (the demo 经办's, of the
// supplier whose user signs in the back office; its contract a real PDF in the gateway's file store); the 经办 starts online signing from 签约管理
// (the supplier's signer first, the capital side's second), the supplier's signer signs in the back office with
// the one-time code from the notice log, the other party signs on the provider's own page at its one-time link,
// and the provider's verified callback takes the business to 签约·已签约: 签约文件详情 shows both signatures valid.
// Screens at 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DemoOrg } from '../../gateway/src/db/seed/demo-seed';
import { seededBusinessAt } from '../../gateway/src/testing/seeded-business';
import { launchBrowser, screenshots } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { journey } from './support/suite';
import { tokenSessionAs } from './support/token-sign-in';

let gateway: RunningGateway;
let browser: Browser;
let businessNo = '';
let businessId = '';

async function waitingToSign(db: Kysely<Database>) {
  const seeded = await seededBusinessAt(db, 'SIGNING/WAIT_SIGN');
  businessNo = seeded.businessNo;
  businessId = seeded.businessId;
  // The demo 经办's business, of the supplier whose user signs in the back office.
  expect([seeded.ownerName, seeded.supplierId]).toEqual(['operator', DemoOrg.huadongBuildingMaterials]);
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: waitingToSign }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

/** A session of its own for `userName` (signed in by token: the sign-in is sign-in.spec's), opened at `path`. */
const session = (userName: string, path: string) => tokenSessionAs(browser, gateway.url, userName, {}, path);

describe('签约', () => {
  it(
    'the supplier signs in the back office, the other party on the provider page: 签约完成, signatures valid',
    journey(20),
    async () => {
      // 法务 sets the contract's signatories on 合同签章: the proposed parties and boxes, one moved by a click.
      const legal = await session(
        'legal',
        `/business/contractFileMake/contractFileMakeSignature?businessId=${businessId}`,
      );
      await legal.getByRole('heading', { name: `合同签章（${businessNo}）` }).waitFor();
      const sheet = legal.getByRole('img', { name: /签章位置示意$/ }).first();
      await legal.getByRole('button', { name: '在图上放置' }).first().click();
      await sheet.click({ position: { x: 120, y: 200 } });
      await legal.getByRole('button', { name: '保存签章设置' }).first().click();
      await legal.getByText('合同签章已保存').first().waitFor();
      await screenshots(legal, 'signatories');
      await legal.context().close();

      const operator = await session('operator', '/business/signManagement');
      await operator.getByRole('table', { name: '待签约的业务' }).getByText(businessNo).waitFor();
      await operator.getByRole('button', { name: '发起线上签约' }).first().click();
      // The parties and their order are 合同签章's.
      await operator.getByText('签署方与顺序按合同签章的设置，签章显示在设置的位置。').waitFor();
      await operator.getByRole('group', { name: '第1签署方' }).getByLabel('签署人姓名').fill('王建国');
      await operator.getByRole('group', { name: '第1签署方' }).getByLabel('签署人手机号').fill('13800000003');
      await operator.getByRole('group', { name: '第2签署方' }).getByLabel('签署人姓名').fill('李静');
      await operator.getByRole('group', { name: '第2签署方' }).getByLabel('签署人手机号').fill('13900000002');
      await screenshots(operator, 'apply-online');
      await operator.getByRole('button', { name: '发起签署' }).click();
      await operator.getByRole('table', { name: '签署方' }).waitFor();
      const detailsUrl = operator.url();
      const link = (await operator.getByRole('table', { name: '通知记录' }).textContent())?.match(
        /\/esign\/sign\/[\w-]+/,
      )?.[0];
      expect(link).toBeTruthy();
      await operator.context().close();

      const supplier = await session('supplier', detailsUrl);
      // The supplier's data-query prompt opens on entry; closed, it is asked again another day.
      const prompt = supplier.getByRole('dialog', { name: '提示' });
      await prompt.getByRole('button', { name: '关闭', exact: true }).click();
      await prompt.waitFor({ state: 'hidden' });
      const panel = supplier.getByRole('group', { name: '签署' });
      await panel.getByRole('button', { name: '获取验证码' }).click();
      await supplier.getByText('验证码已发送').first().waitFor();
      await supplier
        .getByRole('table', { name: '通知记录' })
        .getByText(/验证码为\d{6}/)
        .waitFor();
      const code = (await supplier.getByRole('table', { name: '通知记录' }).textContent())?.match(
        /验证码为(\d{6})/,
      )?.[1];
      await supplier
        .getByRole('group', { name: '签署' })
        .getByLabel('验证码')
        .fill(code ?? '');
      await supplier.getByRole('group', { name: '签署' }).getByRole('button', { name: '签署', exact: true }).click();
      await supplier.getByText('签署完成').first().waitFor();
      await supplier.getByRole('table', { name: '签署方' }).getByText('已签').first().waitFor();
      await screenshots(supplier, 'signing-details');
      await supplier.context().close();

      const party = await browser.newPage();
      await party.goto(`${gateway.url}${link}`);
      await party.getByRole('button', { name: '确认签署' }).click();
      await party.getByRole('status').getByText('签署完成').waitFor();
      await party.close();

      const again = await session('operator', detailsUrl);
      await again.getByText('已签约').first().waitFor();
      await again.getByRole('button', { name: '签署文件' }).click();
      const signatures = again.getByRole('table', { name: /的签名$/ });
      await signatures.waitFor();
      const text = await signatures.textContent();
      expect(text).toContain('王建国');
      expect(text).toContain('李静');
      expect(text).not.toContain('无效');
      await screenshots(again, 'sign-file-details');
      // The signed PDF, kept for a look at the signatures drawn at their boxes.
      const download = again.waitForEvent('download');
      await again.getByRole('button', { name: /下载/ }).first().click();
      await (await download).saveAs('.tmp/e2e-signed.pdf');
      await again.goto(`${gateway.url}/business/signManagement`);
      await again.getByRole('table', { name: '签约记录' }).getByText(businessNo).waitFor();
      await screenshots(again, 'sign-management');
      await again.context().close();
    },
  );
});
