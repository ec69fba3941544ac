// 融资业务 in Chromium — the operator finds the businesses by tab, opens one and reads its timeline, and
// terminates one (the reason is required); the risk manager pauses a business with a reason and resumes it.
// Both screens are photographed at 1440 and 390 px.
import { describe, expect, it } from 'vitest';
import { signInThroughForm, screenshots as shoot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite();
const LIST = '/business/financingBusinessManage';

async function openList() {
  const page = suite.page;
  await page.goto(`${suite.gateway.url}${LIST}`);
  await page.getByRole('heading', { name: '融资业务管理' }).waitFor();
  await page.getByRole('table', { name: '融资业务列表' }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

/** Narrows the list to one supplier's businesses waiting for the pre-credit review. */
async function waitingOf(supplier: string) {
  const page = suite.page;
  const search = page.getByRole('search');
  await search.getByRole('combobox', { name: '供应商' }).selectOption({ label: supplier });
  await search.getByRole('combobox', { name: '状态' }).selectOption({ label: '预授信·待审核' });
  await search.getByRole('button', { name: '查询' }).click();
  await nothingBusyShown(page);
}

const screenshots = (name: string) => shoot(suite.page, name);

describe('融资业务', () => {
  it('the operator reads a timeline and terminates a business with a reason', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'operator', 'Operator@2026');
    await openList();
    await screenshots('business-manage');
    const table = page.getByRole('table', { name: '融资业务列表' });

    await page.getByRole('tab', { name: '已终止' }).click();
    await table.getByRole('row').filter({ hasText: '已终止·已取消' }).first().waitFor();
    await page.getByRole('tab', { name: '进行中' }).click();

    // 绿源园林's seeded pre-credit (number …9001 of its day) waits at level 2 after 周敏 approved level 1.
    await waitingOf('浙江绿源园林景观有限公司');
    const waiting = table.getByRole('row').filter({ hasText: /RZ\d{8}9001/ });
    await waiting.getByRole('button', { name: '详情' }).click();
    await page.getByRole('heading', { name: '业务详情' }).waitFor();
    await page.getByText('预授信审核：第2/2级').waitFor();
    await page.getByRole('tab', { name: /时间线/ }).click();
    const timeline = page.getByRole('list', { name: '时间线' });
    await timeline.getByText('付款单真实，额度合理').waitFor();
    expect(await timeline.textContent()).toContain('周敏（业务复核）');
    await screenshots('business-detail');

    await page.getByRole('button', { name: '终止' }).click();
    const dialog = page.getByRole('dialog', { name: '终止业务' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入终止原因').waitFor();
    await dialog.getByLabel('终止原因').fill('端到端：供应商撤回申请');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('已终止·已取消').first().waitFor();
    await page.getByRole('tab', { name: /时间线/ }).click();
    await timeline.getByText('端到端：供应商撤回申请').waitFor();
  });

  it('the risk manager pauses a business with a reason and resumes it', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'risk1', 'Staff@2026');
    await openList();
    const table = page.getByRole('table', { name: '融资业务列表' });
    // 恒固钢结构's seeded pre-credit (…9000), waiting at level 1.
    await waitingOf('江苏恒固钢结构工程有限公司');
    const row = table.getByRole('row').filter({ hasText: /RZ\d{8}9000/ });
    await row.getByRole('button', { name: '暂停' }).click();
    const dialog = page.getByRole('dialog', { name: '暂停业务' });
    await dialog.getByLabel('暂停原因').fill('端到端：资产变更待核实');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('已暂停').waitFor();
    await row.getByRole('button', { name: '恢复' }).click();
    const resume = page.getByRole('dialog', { name: '恢复业务' });
    await resume.getByRole('button', { name: '确定' }).click();
    await resume.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: '暂停' }).waitFor();
  });
});
