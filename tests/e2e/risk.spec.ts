// 风险管理 in Chromium — admin locks a supplier with a reason (the reason is required to unlock it too),
// unlocks it and sees both changes in the lock's history; 监管账户 shows account numbers masked in the list and
// whole in 查看; every risk list renders at 1440 and 390 px.
import { describe, expect, it } from 'vitest';
import { signInThroughForm, screenshots as shoot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

async function openMenu(title: string, tableLabel: string) {
  const page = suite.page;
  await openMenuItem(page, '风险管理', title);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('table', { name: tableLabel }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

/** After the narrow screenshots the sidebar is a phone's drawer: the next list is opened by its address. */
async function openRoute(path: string, title: string, tableLabel: string) {
  const page = suite.page;
  await page.goto(`${suite.gateway.url}${path}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('table', { name: tableLabel }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

const screenshots = (name: string) => shoot(suite.page, name);

describe('风险管理', () => {
  it('admin locks a supplier with a reason, unlocks it with a reason, and sees the history', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('供应商锁定', '供应商锁定列表');
    await screenshots('supplier-lock');

    await page.getByRole('button', { name: '锁定供应商' }).click();
    const dialog = page.getByRole('dialog', { name: '新增供应商锁定' });
    await dialog.getByRole('combobox', { name: '供应商' }).selectOption({ label: '上海申通机电安装有限公司' });
    await dialog.getByRole('combobox', { name: '范围' }).selectOption({ label: '全部' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请输入锁定原因').waitFor();
    await dialog.getByLabel('锁定原因').fill('端到端：涉诉金额较大待核实');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: '供应商锁定列表' });
    const row = table.getByRole('row').filter({ hasText: '端到端：涉诉金额较大待核实' });
    await row.filter({ hasText: '锁定中' }).waitFor();
    expect(await row.textContent()).toContain('上海申通机电安装有限公司');

    await row.getByRole('button', { name: '解锁' }).click();
    const confirm = page.getByRole('dialog', { name: '解锁供应商锁定' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await confirm.getByText('请输入解锁原因').waitFor();
    await confirm.getByLabel('解锁原因').fill('端到端：已和解');
    await confirm.getByRole('button', { name: '确定' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.filter({ hasText: '已解锁' }).waitFor();

    await row.getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '供应商锁定详情' });
    const history = detail.getByRole('region', { name: '操作历史' });
    await history.getByText('端到端：已和解').waitFor();
    const entries = await history.getByRole('listitem').allTextContents();
    expect(entries[0]).toContain('解锁');
    expect(entries[1]).toContain('锁定供应商');
    await shot(page, { path: '.tmp/e2e-supplier-lock-history-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, { path: '.tmp/e2e-supplier-lock-history-390.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await detail.getByRole('button', { name: '关闭' }).first().click();
  });

  it('监管账户 masks account numbers in the list and shows them whole in 查看; the other risk lists render', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('监管账户管理', '监管账户列表');
    const first = page.getByRole('table', { name: '监管账户列表' }).getByRole('row').nth(1);
    const listed = (await first.textContent()) ?? '';
    expect(listed).toMatch(/\*{4} \d{4}/);
    await screenshots('account-manage');
    await first.getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '监管账户详情' });
    await expect.poll(async () => (await detail.textContent()) ?? '').toMatch(/62220\d{14,}/);
    await detail.getByRole('button', { name: '关闭' }).first().click();

    await openRoute('/risk/riskDetection', '风险检测', '风险预警列表');
    await screenshots('risk-detection');
    await openRoute('/risk/contractLock', '合同锁定', '合同锁定列表');
    await screenshots('contract-lock');
  });
});
