// 供应商管理, 项目公司管理 and 组织管理 in Chromium — admin adds a supplier whose credit code has a
// wrong check character (the domain's message shows and nothing is sent), then the right one, and finds it
// in the list with its new gysId and sub-systems; the project-company list and the organisation tree render.
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../src/domain/patterns/social-credit-code';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

const FIRST17 = '91320500MA2E2E000';
const VALID = FIRST17 + creditCodeCheckChar(FIRST17);
const INVALID = FIRST17 + (VALID[17] === 'A' ? 'B' : 'A');

async function openMenu(title: string, tableLabel?: string) {
  const page = suite.page;
  await openMenuItem(page, '基础数据', title);
  await page.getByRole('heading', { name: title }).waitFor();
  if (tableLabel) {
    await page.getByRole('table', { name: tableLabel }).getByRole('row').nth(1).waitFor();
    await nothingBusyShown(page);
  }
}

describe('供应商管理, 项目公司管理, 组织管理', () => {
  it('admin adds a supplier: an invalid credit code shows its message, a valid one is saved and found in the list', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('供应商管理', '供应商列表');
    await shot(page, { path: '.tmp/e2e-supplier-management.png' });

    await page.getByRole('button', { name: '新增' }).click();
    await page.getByRole('heading', { name: '新增供应商' }).waitFor();
    const form = page.getByRole('form', { name: '供应商信息' });
    await form.getByLabel('企业名称').fill('苏州端到端建材有限公司');
    // 上级组织 is a searchable tree picker: type, then choose.
    await form.getByRole('combobox', { name: '上级组织' }).fill('控股');
    await form.getByRole('treeitem', { name: '远景控股集团' }).click();
    await form.getByLabel('统一社会信用代码').fill(INVALID);
    await form.getByLabel('联系人', { exact: true }).fill('端木明');
    await form.getByLabel('联系人手机号').fill('13912348888');
    await form.getByLabel('电子邮箱').fill('duanmu@example.com');
    await form.getByRole('group', { name: '所属子系统' }).getByLabel('供应链金融').check();
    await form.getByRole('group', { name: '所属子系统' }).getByLabel('供应商门户').check();
    await form.getByText('请输入正确的统一社会信用代码').waitFor();
    await form.getByRole('button', { name: '保存' }).click();
    await page.locator('.fui-ToastTitle', { hasText: '请完善表格输入' }).waitFor();
    await shot(page, { path: '.tmp/e2e-add-supplier-invalid.png' });
    await page.getByRole('heading', { name: '新增供应商' }).waitFor();

    await form.getByLabel('统一社会信用代码').fill(VALID);
    await form.getByText('请输入正确的统一社会信用代码').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByRole('heading', { name: '供应商管理' }).waitFor();

    await page.getByRole('textbox', { name: '企业名称' }).fill('端到端');
    await page.getByRole('button', { name: '查询' }).click();
    const row = page
      .getByRole('table', { name: '供应商列表' })
      .getByRole('row')
      .filter({ hasText: '苏州端到端建材有限公司' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(VALID);
    expect(text).toMatch(/GYS\d{9}/);
    expect(text).toContain('供应链金融、供应商门户');
    await shot(page, { path: '.tmp/e2e-supplier-found.png' });

    // 编辑 opens the same page with the record and its supplier number.
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByRole('heading', { name: '编辑供应商' }).waitFor();
    const parent = page.getByRole('form', { name: '供应商信息' }).getByRole('combobox', { name: '上级组织' });
    await expect.poll(() => parent.inputValue()).toBe('远景控股集团');
    const name = page.getByRole('form', { name: '供应商信息' }).getByRole('textbox', { name: '企业名称' });
    await expect.poll(() => name.inputValue()).toBe('苏州端到端建材有限公司');
    expect(await page.getByRole('form', { name: '供应商信息' }).getByLabel('供应商编号').inputValue()).toMatch(
      /^GYS\d{9}$/,
    );
    await shot(page, { path: '.tmp/e2e-edit-supplier.png' });
    const editForm = page.getByRole('form', { name: '供应商信息' });
    await editForm.getByLabel('联系人', { exact: true }).fill('端木亮');
    await editForm.getByRole('button', { name: '保存' }).click();
    await page.getByRole('heading', { name: '供应商管理' }).waitFor();
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('table', { name: '供应商列表' }).getByRole('row').filter({ hasText: '端木亮' }).waitFor();
  });

  it("shows the project companies and the organisation tree with the selected one's accounts", async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openMenu('项目公司管理', '项目公司列表');
    expect(await page.getByRole('table', { name: '项目公司列表' }).textContent()).toContain('苏州远景置业有限公司');
    await shot(page, { path: '.tmp/e2e-project-companies.png' });
    await page.getByRole('button', { name: '新增' }).click();
    await page.getByRole('heading', { name: '新增项目公司' }).waitFor();
    await shot(page, { path: '.tmp/e2e-add-project-company.png' });
    // Half-filled, 返回 asks first: 留在此页 keeps the typing, 离开 goes back to the list.
    const form = page.getByRole('form', { name: '项目公司信息' });
    await form.getByLabel('企业名称').fill('未保存的项目公司');
    await form.getByRole('button', { name: '返回' }).click();
    const leave = page.getByRole('alertdialog', { name: '离开此页面？' });
    await leave.getByText('页面中有尚未保存的修改，离开后将丢失。').waitFor();
    await leave.getByRole('button', { name: '留在此页' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await form.getByLabel('企业名称').inputValue()).toBe('未保存的项目公司');
    // The sidebar asks too.
    await openMenuItem(page, '基础数据', '组织管理');
    await leave.waitFor();
    await leave.getByRole('button', { name: '离开' }).click();
    await page.getByRole('heading', { name: '组织管理' }).waitFor();

    await openMenu('组织管理');
    const tree = page.getByRole('tree', { name: '组织机构' });
    await tree.getByText('华东建材有限公司').click();
    await page.getByRole('table', { name: '组织账号' }).getByRole('row').filter({ hasText: 'supplier' }).waitFor();
    await shot(page, { path: '.tmp/e2e-org-main.png' });
    await tree.getByText('远景地产(上海)有限公司').click();
    await page.getByRole('button', { name: '新增下级' }).click();
    const dialog = page.getByRole('dialog', { name: '新增下级组织' });
    await dialog.waitFor();
    await dialog.getByLabel('企业名称').waitFor();
    await dialog.getByLabel('组织类型').selectOption({ label: '项目公司' });
    await dialog.getByRole('textbox', { name: '企业名称' }).fill('端到端远景置业有限公司');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请输入统一社会信用代码').waitFor();
    await dialog.getByRole('textbox', { name: '统一社会信用代码' }).fill(VALID.slice(0, 10) + 'PROJ000' + 'X');
    await dialog.getByText('请输入正确的统一社会信用代码').waitFor();
    const projectCode = '91320500MA2E2E010' + creditCodeCheckChar('91320500MA2E2E010');
    await dialog.getByRole('textbox', { name: '统一社会信用代码' }).fill(projectCode);
    await dialog.getByRole('textbox', { name: '联系人手机号' }).fill('13912347777');
    await shot(page, { path: '.tmp/e2e-org-dialog.png' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tree.getByText('端到端远景置业有限公司').click();
    await page.getByText(projectCode).waitFor();
    await shot(page, { path: '.tmp/e2e-org-main-added.png' });
  });
});
