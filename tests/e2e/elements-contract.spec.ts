// 要素落实 and 合同 in Chromium, as the README's people: the seeded business at 要素落实 has every item but 担保
// waived before the gateway starts (ops1 asks, riskhead grants, through the kit's item move); ops1 落实s 担保 with
// its evidence on 要素制作, admin 提交s, ops1 and ops2 take 放款审核 and 放款复核. The operator makes a 保理合同
// from its template with a term a day off; legal sees the term in red on 合同要素审核 and 通过 refused, 退回s it;
// the operator voids it and makes its next version right; legal and risk1 pass it; 业务详情's 要素 tab shows the
// items. Screens at 1440 and 390 px go to .tmp for a look.
import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../gateway/src/db/seed/demo-seed';
import { actorById } from '../../gateway/src/modules/business/aggregate';
import { ELEMENTS, elementItemsFor } from '../../gateway/src/modules/elements/store';
import { moveItem } from '../../gateway/src/stage/stage-items';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { journey } from './support/suite';
import { MINIMAL_PDF as PDF } from '../../gateway/src/testing/minimal-pdf';

const T = DEMO_TENANT_ID;
let gateway: RunningGateway;
let browser: Browser;
let businessId = '';
let termDays = 0;

/** Every item but 担保 waived: ops1 asks, riskhead grants. */
async function atElements(db: Kysely<Database>) {
  businessId = (
    await db
      .selectFrom('financing_business')
      .select('business_id')
      .where('tenant_id', '=', T)
      .where('state', '=', 'ELEMENTS/DRAFT')
      .orderBy('business_id')
      .executeTakeFirstOrThrow()
  ).business_id;
  const person = async (name: string) =>
    actorById(
      db,
      T,
      (await db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow())
        .user_id,
    );
  const [ops1, riskhead] = [await person('ops1'), await person('riskhead')];
  const now = new Date();
  for (const item of await elementItemsFor(db as never, T, businessId)) {
    if (item.name === '期限' && item.required?.type === 'DAYS') termDays = item.required.days;
    if (item.name === '担保') continue;
    const move = (actor: typeof ops1, version: number, action: string, comment?: string) =>
      moveItem(db, ELEMENTS, {
        ...{ tenantId: T, actor, now, id: item.itemId },
        body: { action, version, ...(comment ? { comment } : {}) },
      }) as unknown as Promise<{ version: number }>;
    const asked = await move(ops1, item.version, 'askWaiver', '已另行落实');
    await move(riskhead, asked.version, 'waive');
  }
}

beforeAll(async () => {
  [gateway, browser] = await Promise.all([startGateway({}, { prepare: atElements }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

const session = (userName: string) => sessionAs(browser, gateway.url, userName);

describe('要素落实 and 合同', () => {
  it(
    'ops1 落实s an item, two OPS review it; a contract differing from its elements is refused, fixed, passed',
    journey(47),
    async () => {
      const ops1 = await session('ops1');
      await ops1.goto(`${gateway.url}/business/essentialFactor/elementProduction?id=${businessId}`);
      await ops1.getByRole('button', { name: '落实：担保' }).click();
      const form = ops1.getByRole('region', { name: '落实：担保' });
      await form.getByLabel(/^落实值/).fill('保证合同已签署');
      await form
        .locator('input[type=file]')
        .setInputFiles({ name: '保证函.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByText('上传成功').first().waitFor();
      await form.getByRole('button', { name: '确定落实' }).click();
      await ops1.getByText('担保：已落实').first().waitFor();
      await screenshots(ops1, 'elements-production');
      await ops1.context().close();

      const admin = await session('admin');
      await admin.goto(`${gateway.url}/business/essentialFactor/elementProduction?id=${businessId}`);
      await admin.getByRole('button', { name: '提交审核' }).click();
      await admin.getByText('已提交要素落实审核').first().waitFor();
      await admin.context().close();
      for (const who of ['ops1', 'ops2']) {
        const page = await session(who);
        await page.goto(`${gateway.url}/business/essentialFactor/ImplementAudit?id=${businessId}`);
        await page.getByRole('region', { name: '要素落实' }).getByText('保证合同已签署').waitFor();
        if (who === 'ops2') await screenshots(page, 'elements-audit');
        await page.getByRole('button', { name: '通过', exact: true }).click();
        await page.waitForURL(/\/business\/essentialFactor\/implementationReview$/);
        await page.context().close();
      }

      const operator = await session('operator');
      await operator.goto(`${gateway.url}/business/contractFileManage`);
      await operator.getByRole('button', { name: '制作合同' }).first().click();
      await operator.getByLabel(/^期限（天）/).fill(String(termDays + 1));
      await operator.getByRole('button', { name: '生成合同' }).click();
      await operator.getByText('合同已生成').first().waitFor();
      await operator.getByRole('table', { name: '本业务的合同' }).getByText('V1').waitFor();
      await screenshots(operator, 'contract-make');
      await operator.getByRole('button', { name: '提交审核' }).click();
      await operator.getByText('已提交合同审核').first().waitFor();

      const legal = await session('legal');
      const review = `${gateway.url}/business/contractFileReview/contractFileReviewFactor?id=${businessId}`;
      await legal.goto(review);
      const factors = legal.getByRole('region', { name: '合同要素审核' });
      await factors.getByText('不一致', { exact: true }).first().waitFor();
      await screenshots(legal, 'contract-review-differs');
      await legal.getByRole('button', { name: '通过', exact: true }).click();
      await legal
        .getByText(/与业务要素（\d+天）不一致/)
        .first()
        .waitFor();
      await legal.getByRole('textbox', { name: '审核意见' }).fill('期限与要素不一致，请修改');
      await legal.getByRole('button', { name: '退回', exact: true }).click();
      await legal.waitForURL(/\/business\/contractFileReview$/);

      await operator.goto(`${gateway.url}/business/contractFileManage`);
      await operator.getByRole('button', { name: '查看' }).first().click();
      await operator.getByLabel(/^作废原因/).fill('期限有误');
      await operator.getByRole('button', { name: '作废' }).click();
      await operator.getByText('合同已作废').first().waitFor();
      await operator.goto(`${gateway.url}/business/contractFileMake/contractFileMake?businessId=${businessId}`);
      await operator.getByLabel(/^替代已作废合同/).selectOption({ index: 1 });
      await operator.getByRole('button', { name: '生成合同' }).click();
      await operator.getByText('合同已生成').first().waitFor();
      await operator.getByRole('button', { name: '提交审核' }).click();
      await operator.getByText('已提交合同审核').first().waitFor();

      for (const who of ['legal', 'risk1']) {
        const page = who === 'legal' ? legal : await session(who);
        await page.goto(review);
        await page.getByRole('region', { name: '合同要素审核' }).getByText('一致', { exact: true }).first().waitFor();
        expect(
          await page.getByRole('region', { name: '合同要素审核' }).getByText('不一致', { exact: true }).count(),
        ).toBe(0);
        await page.getByRole('button', { name: '通过', exact: true }).click();
        await page.waitForURL(/\/business\/contractFileReview$/);
        await page.context().close();
      }

      await operator.goto(`${gateway.url}/business/contractFileManage`);
      await operator.getByText('已通过').first().waitFor();
      await operator.getByRole('button', { name: '查看' }).first().click();
      await operator.getByRole('table', { name: '合同版本' }).getByText('V2').waitFor();
      await screenshots(operator, 'contract-info');
      // 业务详情 shows the items on the 要素 tab the stage declares.
      await operator.goto(`${gateway.url}/business/newDetails?id=${businessId}`);
      await operator.getByRole('tab', { name: '要素', exact: true }).click();
      await operator.getByRole('table', { name: '要素' }).getByText('保证合同已签署').waitFor();
      await operator.context().close();
    },
  );
});
