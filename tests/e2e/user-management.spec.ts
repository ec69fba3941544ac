// 用户管理 in Chromium — admin creates a user and the list shows its organisation's name, the
// read-only auditor sees the list without any write button, and the sign-in lockout after 5 wrong passwords.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

async function openUsers() {
  await openMenuItem(suite.page, '基础数据', '用户管理');
  await suite.page.getByRole('heading', { name: '用户管理' }).waitFor();
  await suite.page.getByRole('table', { name: '用户列表' }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(suite.page);
}

describe('用户管理', () => {
  it('admin creates a user, sees its one-time password, and the list shows it with its organisation name', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openUsers();
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog', { name: '新增用户' });
    await dialog.waitFor();
    await dialog.getByLabel('用户名').fill('admin');
    await dialog.getByText('用户名已存在').waitFor();
    await dialog.getByLabel('用户名').fill('e2e.chen');
    await dialog.getByLabel('姓名').fill('陈晓');
    await dialog.getByRole('combobox', { name: '所属组织' }).fill('苏州');
    await dialog.getByRole('treeitem', { name: '苏州远景置业有限公司' }).click();
    await dialog.getByLabel('手机号').fill('1370000');
    await dialog.getByLabel('邮箱').fill('chen@');
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.getByText('请输入正确的手机号码').waitFor();
    await dialog.getByText('请输入正确的邮箱地址').waitFor();
    await dialog.getByLabel('手机号').fill('13700005555');
    await dialog.getByLabel('邮箱').fill('chen@example.com');
    await shot(page, { path: '.tmp/e2e-user-form.png' });
    await dialog.getByRole('button', { name: '提交' }).click();
    const shown = page.getByRole('dialog', { name: '新密码' });
    await shown.waitFor();
    const password = (await shown.getByLabel('新密码').textContent())!.trim();
    expect(password).toMatch(/^.{12}$/);
    await shown.getByRole('button', { name: '我已记下' }).click();
    await page.getByLabel('用户名').fill('e2e.chen');
    await page.getByRole('button', { name: '查询' }).click();
    const table = page.getByRole('table', { name: '用户列表' });
    const row = table.getByRole('row').filter({ hasText: 'e2e.chen' });
    await row.waitFor();
    expect(await row.textContent()).toContain('苏州远景置业有限公司');
    expect(await row.textContent()).toContain('陈晓');
    await page.getByLabel('用户名').fill('');
    await page.getByRole('button', { name: '查询' }).click();
    await table.getByRole('row').nth(5).waitFor();
    await shot(page, { path: '.tmp/e2e-user-management.png' });

    // 停用 asks first; 取消 leaves the user enabled. The admin's own row offers no 停用 at all.
    const chen = table.getByRole('row').filter({ hasText: 'e2e.chen' });
    await chen.getByRole('button', { name: '更多（e2e.chen）' }).click();
    await page.getByRole('menuitem', { name: '停用' }).click();
    const ask = page.getByRole('alertdialog', { name: '停用用户' });
    await ask.getByText('确定停用用户 e2e.chen（陈晓）吗？', { exact: false }).waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await chen.textContent()).toContain('启用');
    const own = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await own.getByRole('button', { name: '更多（admin）' }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '停用' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // Confirmed, it disables.
    await chen.getByRole('button', { name: '更多（e2e.chen）' }).click();
    await page.getByRole('menuitem', { name: '停用' }).click();
    await ask.getByRole('button', { name: '停用' }).click();
    await page.getByText('停用成功').first().waitFor();
    await expect.poll(async () => chen.textContent()).toContain('停用');
  });

  it("auditor sees the user list with 查看 only, and 查看 shows a user's details and roles read-only", async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'auditor', 'Auditor@2026');
    await openUsers();
    const table = page.getByRole('table', { name: '用户列表' });
    expect(await table.getByRole('row').count()).toBeGreaterThan(3);
    for (const name of ['新增', '编辑', '删除', '重置密码', '分配角色', '停用', '启用', '导入', '导出']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await shot(page, { path: '.tmp/e2e-user-management-auditor.png' });
    const operator = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'operator', exact: true }) });
    await operator.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog', { name: '查看用户 - 业务经办' });
    await view.getByText('业务经办', { exact: true }).first().waitFor();
    // The 9th line is 角色: the user's roles, read from the gateway with the menu alone.
    await expect.poll(async () => (await view.getByRole('definition').allTextContents())[8]).toBe('业务经办');
    expect(await view.getByRole('button', { name: '提交' }).count()).toBe(0);
    await shot(page, { path: '.tmp/e2e-user-view-auditor.png' });
    await view.getByRole('button', { name: '关闭', exact: true }).click();
  });

  it('admin exports the list as .xlsx and imports users from the template with a per-row report', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openUsers();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('用户列表.xlsx');
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await download.path())!);
    expect(exported.worksheets[0]!.getRow(1).getCell(1).value).toBe('用户名');

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    sheet.addRow(['用户名*', '姓名*', '手机号', '所属组织*', '角色']);
    sheet.addRow(['e2e.import', '导入者', '13700004444', '南京远景城市发展有限公司', '业务经办']);
    sheet.addRow(['e2e.bad', '坏数据', '123', '远景控股集团', '']);
    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog', { name: '导入用户' });
    // The kit's picker, in Chinese, not the browser's 'Choose File'.
    await dialog.getByRole('button', { name: '导入文件' }).getByText('点击选择').waitFor();
    await dialog.getByLabel('导入文件（选择文件）').setInputFiles({
      name: '用户导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await dialog.getByLabel('已选择的文件').getByText('用户导入.xlsx').waitFor();
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.getByText('共 2 条，成功 1 条，失败 1 条').waitFor();
    expect(await dialog.getByRole('list', { name: '失败的行' }).textContent()).toContain(
      '第 3 行：请输入正确的手机号码',
    );
    expect(await dialog.getByRole('list', { name: '新用户密码' }).textContent()).toContain('e2e.import');
    await shot(page, { path: '.tmp/e2e-user-import.png' });
    await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await page.getByRole('table', { name: '用户列表' }).getByRole('row').filter({ hasText: 'e2e.import' }).waitFor();
  });

  it('refuses a sixth sign-in after 5 wrong passwords with the lockout message', async () => {
    const page = suite.page;
    await page.goto(`${suite.gateway.url}/login`);
    await page.getByLabel('用户名').fill('operator');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel(/^密码/).fill(`Wrong@${i}pass`);
      await page.getByRole('button', { name: '登录' }).click();
      if (i < 4) await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).last().waitFor();
    }
    await page.getByRole('alert').filter({ hasText: '登录失败次数过多，请15分钟后再试' }).waitFor();
    await page.getByLabel(/^密码/).fill('Operator@2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').filter({ hasText: '登录失败次数过多，请15分钟后再试' }).last().waitFor();
    expect(page.url()).toContain('/login');
  });
});
