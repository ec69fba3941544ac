// 客户关系管理 in Chromium — admin writes interview minutes on the make page (a required field is checked
// before anything is sent), submits them and finds them in the list with their FT number; 企业信息 lists the
// tenant's enterprises and edits a profile. Each screen at 1440 and 390 px.
import { describe, expect, it } from 'vitest';
import { signInThroughForm, screenshots as shoot } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite();

async function openMenu(title: string, tableLabel: string) {
  const page = suite.page;
  await openMenuItem(page, '客户关系管理', title);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('table', { name: tableLabel }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

const screenshots = (name: string) => shoot(suite.page, name);

describe('客户关系管理', () => {
  it('admin writes interview minutes on the make page and finds them in the list', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('访谈纪要管理', '访谈纪要列表');
    await screenshots('interview-minutes');

    await page.getByRole('button', { name: '新增纪要' }).click();
    await page.getByRole('heading', { name: '新增访谈纪要' }).waitFor();
    const form = page.getByRole('form', { name: '访谈纪要信息' });
    await form.getByLabel('企业').fill('端到端访谈建材有限公司');
    await form.getByRole('combobox', { name: '类型' }).selectOption({ label: '贷后' });
    await form.getByLabel('日期').fill('2026-11-18');
    await form.getByLabel('地点').fill('企业会议室');
    await form.getByLabel('访谈对象').fill('端木明（财务总监）');
    await form.getByLabel('访谈人').fill('李娜');
    await form.getByLabel('内容').fill('了解回款与在建项目进度，项目公司确认付款计划不变。');
    await form.getByRole('button', { name: '提交' }).click();
    await form.getByText('请输入结论').waitFor();
    await screenshots('interview-minutes-make');
    await form.getByLabel('结论').fill('经营正常，建议继续合作。');
    await form.getByRole('button', { name: '提交' }).click();
    await page.getByRole('heading', { name: '访谈纪要管理' }).waitFor();

    await page.getByRole('textbox', { name: '企业' }).fill('端到端访谈');
    await page.getByRole('button', { name: '查询' }).click();
    const row = page
      .getByRole('table', { name: '访谈纪要列表' })
      .getByRole('row')
      .filter({ hasText: '端到端访谈建材有限公司' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(/FT\d{12}/);
    expect(text).toContain('贷后');
    expect(text).toContain('2026-11-18');
  });

  it('企业信息 lists the enterprises with their roles and saves a profile', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('企业信息', '企业信息列表');
    await screenshots('enterprise-information');
    const table = page.getByRole('table', { name: '企业信息列表' });
    const row = table.getByRole('row').filter({ hasText: '已建档' }).filter({ hasText: '供应商' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑企业信息' });
    await dialog.getByLabel('法人').fill('端木建国');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: '端木建国' }).waitFor();
  });
});
