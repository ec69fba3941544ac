// 业务审核 in Chromium — reviewer1 opens 我的待办 (its count on the menu), opens the seeded pre-credit waiting at
// level 1, returns it with a comment, lands back on 业务审核 with a toast, and the item has left both lists and
// the count. Screens at 1440 and 390 px go to .tmp for a look.
import { describe, expect, it } from 'vitest';
import { signInThroughForm, screenshots as shoot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuArea } from './support/menu';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite();

async function settled() {
  await nothingBusyShown(suite.page);
}

const screenshots = (name: string) => shoot(suite.page, name);

describe('业务审核', () => {
  it('reviewer1 returns a pre-credit from 我的待办 and it leaves the list', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'reviewer1', 'Staff@2026');

    const nav = page.getByRole('navigation', { name: '主菜单' });
    const todo = nav.getByText(/^我的待办/);
    await openMenuArea(page, '工作台');
    // The seeds leave reviewer1 some items at level 1; the badge counts them, and one fewer after the return.
    const badge = nav.getByLabel(/^\d+项待办$/);
    await badge.waitFor();
    const before = Number((await badge.getAttribute('aria-label'))?.match(/^(\d+)/)?.[1]);
    expect(before).toBeGreaterThan(0);
    await todo.click();
    const table = page.getByRole('table', { name: '我的待办：待审核' });
    const row = table.getByRole('row').filter({ hasText: '预授信审核' }).first();
    await row.waitFor();
    await settled();
    const businessNo = (await row.getByRole('cell').nth(1).textContent())?.trim() ?? '';
    expect(businessNo).toMatch(/^RZ\d{12}$/);
    expect(await row.textContent()).toContain('第1/2级');
    await screenshots('review-todo');

    await row.getByRole('button', { name: '处理' }).click();
    await page.getByRole('heading', { name: '预授信审核' }).waitFor();
    await page.getByRole('region', { name: '审核进度' }).getByText('第1级 · 或签 · 审核中').waitFor();
    await screenshots('review-page');
    const opinion = page.getByRole('region', { name: '审核意见' });
    await opinion.getByRole('button', { name: '退回' }).click();
    await opinion.getByText('请输入退回意见').waitFor();
    await opinion.getByLabel('审核意见').fill('请补充付款单对应的发票');
    await opinion.getByRole('button', { name: '退回' }).click();

    await page.getByText('退回成功').first().waitFor();
    await page.waitForURL(/\/business\/examine$/);
    await settled();
    expect(await page.getByRole('table', { name: '待我审核' }).textContent()).not.toContain(businessNo);
    // The sidebar now opens 业务管理; the count sits on 我的待办 under 工作台.
    await openMenuArea(page, '工作台');
    if (before > 1) await nav.getByLabel(`${before - 1}项待办`).waitFor();
    else await expect(badge.count()).resolves.toBe(0);
    await todo.click();
    await table.waitFor();
    await settled();
    expect(await table.textContent()).not.toContain(businessNo);
    await page.getByText('我的已办', { exact: true }).click();
    const done = page.getByRole('table', { name: '我的已办' });
    await done.getByRole('row').filter({ hasText: businessNo }).filter({ hasText: '退回' }).waitFor();
  });
});
