// 个人认证 and 证书管理 in Chromium — admin registers a person whose resident ID has a wrong check digit
// (the domain's message shows and nothing is sent), then the right one, finds it pending (its ID masked in
// the list), rejects it (a comment is required) and sees it 已驳回 with the ID whole in 查看; the certificate
// list renders with its 吊销 buttons.
import { describe, expect, it } from 'vitest';
import { maskIdNumber } from '../../src/domain/format/mask';
import { residentIdCheckChar } from '../../src/domain/patterns/resident-id';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

const FIRST17 = '32050219880808777';
const VALID = FIRST17 + residentIdCheckChar(FIRST17);
const INVALID = FIRST17 + (VALID[17] === '1' ? '2' : '1');

async function openMenu(title: string, tableLabel: string) {
  const page = suite.page;
  await openMenuItem(page, '基础数据', title);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('table', { name: tableLabel }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

describe('证书管理, 个人认证', () => {
  it('admin registers a personal certification (the check digit is checked as typed) and rejects it with a comment', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('个人认证', '个人认证列表');
    await shot(page, { path: '.tmp/e2e-personal-certification.png' });

    await page.getByRole('button', { name: '新增认证' }).click();
    const dialog = page.getByRole('dialog', { name: '新增个人认证' });
    await dialog.getByLabel('姓名').fill('端木清');
    await dialog.getByLabel('身份证号码').fill(INVALID);
    await dialog.getByLabel('手机号码').fill('13912347777');
    await dialog.getByText('请输入正确的身份证号码').waitFor();
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.locator('.fui-ToastTitle', { hasText: '请完善表格输入' }).waitFor();
    await shot(page, { path: '.tmp/e2e-personal-certification-invalid.png' });
    await dialog.getByLabel('身份证号码').fill(VALID);
    await dialog.getByText('请输入正确的身份证号码').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: '姓名' }).fill('端木清');
    await page.getByRole('button', { name: '查询' }).click();
    // Lists show ID numbers masked; the detail shows them whole to someone who may act on them.
    const row = page
      .getByRole('table', { name: '个人认证列表' })
      .getByRole('row')
      .filter({ hasText: maskIdNumber(VALID) });
    await row.filter({ hasText: '待审核' }).waitFor();

    await row.getByRole('button', { name: '驳回' }).click();
    const confirm = page.getByRole('dialog', { name: '驳回个人认证' });
    await confirm.getByRole('button', { name: '确定' }).click();
    await confirm.getByText('请输入驳回意见').waitFor();
    await confirm.getByLabel('审核意见').fill('身份证照片不清晰');
    await confirm.getByRole('button', { name: '确定' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.filter({ hasText: '已驳回' }).waitFor();
    expect(await row.getByRole('button', { name: '通过' }).count()).toBe(0);
    await row.getByRole('button', { name: '查看' }).click();
    const details = page.getByRole('dialog', { name: '个人认证详情' });
    await details.getByText('身份证照片不清晰').waitFor();
    await details.getByText('平台管理员').waitFor();
    await details.getByText(VALID).waitFor();
    await shot(page, { path: '.tmp/e2e-personal-certification-rejected.png' });
    await details.getByRole('button', { name: '关闭', exact: true }).click();

    await openMenu('证书管理', '证书列表');
    const certificates = page.getByRole('table', { name: '证书列表' });
    expect(await certificates.getByRole('button', { name: '吊销' }).count()).toBeGreaterThan(0);
    expect(await certificates.getByText('已吊销').count()).toBeGreaterThan(0);
    await shot(page, { path: '.tmp/e2e-certificate-management.png' });
  });
});
