// 角色管理 and 角色权限 in Chromium — admin creates a role (the name checked as it is typed), grants it
// one menu in the checkbox tree, assigns it to a new user (made through the gateway API), and that user
// signs in and sees exactly that menu, beside the 数据看板 every role has.
import { describe, expect, it } from 'vitest';
import { MENU_AREAS } from '../../src/domain/menu/route-catalogue';
import { signInThroughForm } from './support/browser';
import { apiLogin } from './support/gateway-process';
import { useBrowserSuite } from './support/suite';
import { mainMenu, openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();
const NEW_USER = {
  userName: 'e2e.role.user',
  nickName: '舆情专员',
  organizationId: '1100000000000000004',
  mobile: '13700006666',
};
const AREAS = [
  '风险管理',
  '参数管理',
  '资金管理',
  '业务管理',
  '融资需求',
  '客户关系管理',
  '存续期管理',
  '基础数据',
  '资产管理',
  '工作台',
];

async function createUserThroughApi(): Promise<string> {
  const { token, tenantId } = await apiLogin(suite.gateway.url, 'admin', 'Admin@2026');
  const res = await fetch(`${suite.gateway.url}/api/authcenter/base/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, tenantid: tenantId },
    body: JSON.stringify(NEW_USER),
  });
  const body = (await res.json()) as { code: number; message: string; data: { password: string } };
  if (body.code !== 0) throw new Error(body.message);
  return body.data.password;
}

async function openRoles() {
  const page = suite.page;
  await openMenuItem(page, '基础数据', '角色管理');
  await page.getByRole('heading', { name: '角色管理' }).waitFor();
  await page.getByRole('table', { name: '角色列表' }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

/** Narrows the role list to one code. */
async function findRole(code: string) {
  const page = suite.page;
  const search = page.getByRole('search');
  await search.getByLabel('角色编码').fill(code);
  await search.getByRole('button', { name: '查询' }).click();
  await page.getByRole('table', { name: '角色列表' }).getByRole('row').filter({ hasText: code }).waitFor();
}

describe('角色管理', () => {
  it('admin creates a role, grants it one menu, assigns it to a new user; that user sees exactly that menu', async () => {
    const password = await createUserThroughApi();
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await openRoles();

    // 新增, with the name checked while typing.
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增角色' });
    await dialog.getByLabel('角色名称').fill('平台管理员');
    await dialog.getByText('角色名称已存在').waitFor();
    await dialog.getByLabel('角色名称').fill('舆情查看员');
    await dialog.getByLabel('角色编码').fill('OPINION_VIEWER');
    await dialog.getByLabel('备注').fill('只看负面舆情');
    await shot(page, { path: '.tmp/e2e-role-form.png' });
    await dialog.getByRole('button', { name: '提交' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: '角色列表' });
    // 删除 is offered (under 更多, beyond three actions) on every role but the platform administrator's, and asks first.
    await table.getByRole('row').filter({ hasText: 'PLATFORM_ADMIN' }).getByRole('button', { name: /^更多/ }).click();
    await page.getByRole('menuitem', { name: '分配用户' }).waitFor();
    expect(await page.getByRole('menuitem', { name: '删除' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The demo tenant has more roles than a page holds (the lifecycle's reviewers): the new one is found by its code.
    await findRole('OPINION_VIEWER');
    const row = table.getByRole('row').filter({ hasText: 'OPINION_VIEWER' });
    await row.waitFor();
    expect(await row.textContent()).toContain('舆情查看员');
    await row.getByRole('button', { name: '更多（舆情查看员）' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.getByRole('alertdialog', { name: /删除角色/ });
    await confirm.getByText('确定删除角色「舆情查看员」吗？', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await shot(page, { path: '.tmp/e2e-roles.png' });

    // 权限: one menu in the tree.
    await row.getByRole('button', { name: '权限' }).click();
    await page.getByRole('heading', { name: '角色权限：舆情查看员' }).waitFor();
    const tree = page.getByRole('tree', { name: '菜单权限' });
    // Found by its Chinese title, shown with its place in the tree (no route path), checked there.
    await page.getByLabel('筛选菜单').fill('负面');
    const results = page.getByRole('list', { name: '筛选结果' });
    await results.getByRole('checkbox', { name: '风险管理 › 负面舆情' }).check();
    expect(await results.textContent()).not.toContain('/risk');
    await shot(page, { path: '.tmp/e2e-role-jurisdiction-filter.png' });
    await page.getByLabel('筛选菜单').fill('');
    await page.getByRole('button', { name: '展开 风险管理' }).click();
    expect(await tree.getByRole('checkbox', { name: '负面舆情', exact: true }).isChecked()).toBe(true);
    // Its group shows part-checked (mixed) or checked, from what is below it.
    const group = tree.getByRole('checkbox', { name: '风险管理', exact: true });
    expect(
      await group.evaluate((box) => (box as HTMLInputElement).indeterminate || (box as HTMLInputElement).checked),
    ).toBe(true);
    await shot(page, { path: '.tmp/e2e-role-jurisdiction.png', fullPage: false });
    // 保存 is in the bar stuck to the bottom of the page, in view without scrolling.
    const save = page.getByRole('toolbar', { name: '保存权限' }).getByRole('button', { name: '保存' });
    const box = (await save.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await save.click();
    await page.getByText('保存成功').first().waitFor();
    // 批量授权 is there to add the same selection to other roles; with none chosen it only warns.
    await page.getByRole('button', { name: '批量授权' }).click();
    await page.getByText('请选择要授权的角色').first().waitFor();
    await page.getByRole('button', { name: '保存' }).scrollIntoViewIfNeeded();

    // 分配用户: the new user, found by name.
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('heading', { name: '角色管理' }).waitFor();
    await findRole('OPINION_VIEWER');
    const again = page.getByRole('table', { name: '角色列表' }).getByRole('row').filter({ hasText: 'OPINION_VIEWER' });
    await again.getByRole('button', { name: '更多（舆情查看员）' }).click();
    await page.getByRole('menuitem', { name: '分配用户' }).click();
    const members = page.getByRole('dialog', { name: '分配用户：舆情查看员' });
    await members.getByLabel('用户名或姓名').fill(NEW_USER.userName);
    await members.getByRole('button', { name: '查询' }).click();
    await members.getByRole('checkbox', { name: `选择 ${NEW_USER.userName}` }).check();
    await members.getByRole('button', { name: '添加' }).click();
    await members
      .getByRole('table', { name: '已分配用户列表' })
      .getByRole('row')
      .filter({ hasText: NEW_USER.userName })
      .waitFor();
    await shot(page, { path: '.tmp/e2e-role-members.png' });

    // The new user: 数据看板 and 风险管理 › 负面舆情, nothing else.
    const context = await suite.browser.newContext({ locale: 'zh-CN' });
    try {
      const userPage = await context.newPage();
      await signInThroughForm(userPage, suite.gateway.url, NEW_USER.userName, password);
      const nav = mainMenu(userPage);
      await openMenuItem(userPage, '风险管理', '负面舆情');
      await userPage.getByRole('heading', { name: '负面舆情' }).waitFor();
      const text = await nav.innerText();
      expect(text).toContain('数据看板');
      for (const area of AREAS.filter((a) => a !== '风险管理')) expect(text, area).not.toContain(area);
      // No other page of any area, the risk area's own siblings included.
      const others = MENU_AREAS.flatMap((area) => area.children).filter(
        (r) => !r.hidden && r.path !== '/risk/negativePublicOpinion',
      );
      for (const route of others)
        expect(
          text.split('\n').map((l) => l.trim()),
          route.title,
        ).not.toContain(route.title);
      await shot(userPage, { path: '.tmp/e2e-role-user.png' });
    } finally {
      await context.close();
    }
  });

  it("auditor sees the roles with 查看 only, and 查看 shows a role's granted menus read-only and its users", async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'auditor', 'Auditor@2026');
    await openRoles();
    expect(await page.getByRole('table', { name: '角色列表' }).getByRole('row').count()).toBeGreaterThan(3);
    for (const name of ['新增', '编辑', '删除', '权限', '分配用户']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    const operator = page
      .getByRole('table', { name: '角色列表' })
      .getByRole('row')
      .filter({ hasText: 'BUSINESS_OPERATOR' });
    await operator.getByRole('button', { name: '查看' }).click();
    const view = page.getByRole('dialog', { name: '查看角色 - 业务经办' });
    const granted = view.getByRole('tree', { name: '已授权菜单' });
    await granted.getByText('业务管理', { exact: true }).waitFor();
    // Read-only: no box to tick, no 提交 / 保存.
    expect(await granted.getByRole('checkbox').count()).toBe(0);
    expect(await view.getByRole('button', { name: /提交|保存/ }).count()).toBe(0);
    await view.getByRole('table', { name: '角色用户列表' }).getByRole('row').filter({ hasText: 'operator' }).waitFor();
    await shot(page, { path: '.tmp/e2e-role-view-auditor.png' });
  });
});
