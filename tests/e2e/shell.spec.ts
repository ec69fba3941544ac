// Issue 4: the shell in Chromium — tags, their context menu, reload, the header commands, menu search and
// the chunk error screen.
import { describe, expect, it } from 'vitest';
import { signIn } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

const tagBar = () => suite.page.getByRole('navigation', { name: '已打开的页面' });
const tagTitles = async () => (await tagBar().locator('.fui-InteractionTagPrimary').allTextContents()).map((t) => t.trim());
const nav = () => suite.page.getByRole('navigation', { name: '主菜单' });

/** Opens a menu page from the sidebar, as a person would. */
async function openFromSidebar(area: string, item: string) {
  const link = nav().getByText(item, { exact: true });
  if (!(await link.isVisible())) await nav().getByText(area, { exact: true }).click();
  await link.click();
  await suite.page.getByRole('heading', { name: item }).waitFor();
}

describe('tags', () => {
  it('adds a tag per visited page, moves a revisited one last, and keeps them over a reload', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await openFromSidebar('业务管理', '融资业务管理');
    await openFromSidebar('业务管理', '业务审核');
    await openFromSidebar('风险管理', '负面舆情');
    expect(await tagTitles()).toEqual(['首页', '融资业务管理', '业务审核', '负面舆情']);
    await openFromSidebar('业务管理', '融资业务管理');
    expect(await tagTitles()).toEqual(['首页', '业务审核', '负面舆情', '融资业务管理']);
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: '融资业务管理' }).waitFor();
    expect(await tagTitles()).toEqual(['首页', '业务审核', '负面舆情', '融资业务管理']);
    await suite.page.screenshot({ path: '.tmp/e2e-tags.png' });
  });

  it('keeps a typed query value and the page number when the user leaves a tag and comes back', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await openFromSidebar('风险管理', '负面舆情');
    const table = suite.page.getByRole('table', { name: '负面舆情列表' });
    await table.getByRole('row').nth(10).waitFor();
    await suite.page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '下一页' }).click();
    const pager = suite.page.getByRole('navigation', { name: '分页' });
    await pager.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    await suite.page.waitForFunction(() => !document.querySelector('table[aria-busy]'));
    const firstOfPage2 = await table.getByRole('row').nth(1).textContent();
    await suite.page.getByLabel('企业名称').fill('华东建材');
    await openFromSidebar('业务管理', '业务审核');
    await tagBar().getByText('负面舆情', { exact: true }).click();
    await suite.page.getByRole('heading', { name: '负面舆情' }).waitFor();
    expect(await suite.page.getByLabel('企业名称').inputValue()).toBe('华东建材');
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');
    expect(await table.getByRole('row').nth(1).textContent()).toBe(firstOfPage2);
    await suite.page.getByRole('button', { name: '查询' }).click();
    await pager.locator('[aria-current="page"]', { hasText: '1' }).waitFor();
    await suite.page.waitForFunction(() => !document.querySelector('table[aria-busy]'));
    for (const cell of await table.getByRole('row').locator('td:first-child').allTextContents()) expect(cell).toContain('华东建材');
    await suite.page.screenshot({ path: '.tmp/e2e-negative-opinion.png' });
  });

  it('drops the oldest tag past the maximum of 20', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    const items: Array<[string, string]> = [
      ['业务管理', '融资业务管理'], ['业务管理', '业务审核'], ['业务管理', '审核类型配置'], ['业务管理', '预授信申请管理'],
      ['业务管理', '融资申请管理'], ['业务管理', '融资申请审核'], ['业务管理', '报告制作'], ['业务管理', '报告审核'],
      ['业务管理', '评审会制作'], ['业务管理', '会议信息管理'], ['业务管理', '评审会执行'], ['业务管理', '评审会审核'],
      ['业务管理', '融资决议管理'], ['业务管理', '决议审核'], ['业务管理', '要素管理'], ['业务管理', '要素落实审核'],
      ['业务管理', '合同文件管理'], ['业务管理', '合同审核'], ['业务管理', '签约管理'], ['业务管理', '推送制作'],
    ];
    for (const [area, item] of items) await openFromSidebar(area, item);
    const titles = await tagTitles();
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('首页');
    expect(titles).not.toContain('融资业务管理');
    expect(titles[19]).toBe('推送制作');
  });

  it('closes from the tag and from the context menu: close, others, left, right, all', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    for (const item of ['融资业务管理', '业务审核', '审核类型配置', '预授信申请管理']) await openFromSidebar('业务管理', item);
    await tagBar().getByRole('button', { name: '关闭 预授信申请管理' }).click();
    await suite.page.getByRole('heading', { name: '审核类型配置' }).waitFor();
    expect(await tagTitles()).toEqual(['首页', '融资业务管理', '业务审核', '审核类型配置']);

    const contextMenu = async (title: string, command: string) => {
      await tagBar().getByText(title, { exact: true }).click({ button: 'right' });
      await suite.page.getByRole('menuitem', { name: command }).click();
    };
    await contextMenu('业务审核', '关闭右侧');
    expect(await tagTitles()).toEqual(['首页', '融资业务管理', '业务审核']);
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    await contextMenu('业务审核', '关闭左侧');
    expect(await tagTitles()).toEqual(['首页', '业务审核']);
    await openFromSidebar('业务管理', '融资业务管理');
    await contextMenu('业务审核', '关闭其他');
    expect(await tagTitles()).toEqual(['首页', '业务审核']);
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    await contextMenu('业务审核', '刷新');
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    await contextMenu('业务审核', '关闭所有');
    expect(await tagTitles()).toEqual(['首页']);
    await suite.page.waitForURL(`${suite.gateway.url}/`);
  });
});

describe('header commands', () => {
  it('changes the password with the spec messages, then asks to sign in again', async () => {
    await signIn(suite.page, suite.gateway.url, 'operator', 'Operator@2026');
    await suite.page.getByRole('button', { name: '你好，业务经办' }).click();
    await suite.page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = suite.page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel(/^原密码/).fill('Operator@2026');
    await dialog.getByLabel(/^新密码/).fill('abcdefgh');
    await dialog.getByText('密码强度不够,大写字母、小写字母、数字和符号至少包含3种').waitFor();
    await dialog.getByLabel(/^新密码/).fill('Operator@2026');
    await dialog.getByText('新密码不能与旧密码一样').waitFor();
    await dialog.getByLabel(/^新密码/).fill('Operator@2027');
    await dialog.getByLabel(/^确认新密码/).fill('Operator@2028');
    await dialog.getByText('两次密码输入不一致').waitFor();
    expect(await dialog.getByLabel(/^确认新密码/).getAttribute('maxlength')).toBe('15');
    await dialog.getByRole('button', { name: '提交' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '请完善表格输入' }).waitFor();
    await dialog.getByLabel(/^确认新密码/).fill('Operator@2027');
    await dialog.getByRole('button', { name: '提交' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '修改成功' }).waitFor();
    const alert = suite.page.getByRole('alertdialog', { name: '提示' });
    await alert.getByText('密码已修改，请重新登录').waitFor();
    await suite.page.screenshot({ path: '.tmp/e2e-password-changed.png' });
    await alert.getByRole('button', { name: '确定' }).click();
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await signIn(suite.page, suite.gateway.url, 'operator', 'Operator@2027');
  });

  it('switches sub-system: lists the others, warns with none chosen, refuses one without a website, redirects with the session', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).click();
    await suite.page.getByRole('menuitem', { name: '切换子系统' }).click();
    const dialog = suite.page.getByRole('dialog', { name: '切换子系统' });
    const options = (await dialog.getByRole('radio').evaluateAll((els) => els.map((e) => e.closest('.fui-Radio')?.textContent ?? '')));
    expect(options).toEqual(['供应商门户', '报表中心']);
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '请选择子系统' }).waitFor();
    await dialog.getByLabel('报表中心').check();
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '系统配置错误，请联系管理员' }).waitFor();
    // The portal is another website; answer it here so that the browser never leaves this machine.
    await suite.page.route('https://portal.yuanjing-group.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>供应商门户</h1>' }));
    await dialog.getByLabel('供应商门户').check();
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.waitForURL(/portal\.yuanjing-group\.example\.com/);
    const url = new URL(suite.page.url());
    expect(url.searchParams.get('token')).toBeTruthy();
    expect(url.searchParams.get('tenantId')).toBe('1000000000000000001');
    expect(url.searchParams.get('sysId')).toBeTruthy();
  });

  it('finds a menu page by pinyin initials with Ctrl+K and opens it', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.keyboard.press('Control+K');
    const search = suite.page.getByRole('textbox', { name: '搜索菜单' });
    await search.fill('yhgl');
    await suite.page.getByRole('option', { name: /用户管理/ }).waitFor();
    await search.press('Enter');
    await suite.page.waitForURL(`${suite.gateway.url}/basicDataManagement/userManagment`);
  });

  it('remembers a collapsed sidebar over a reload, and the logo goes home', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await openFromSidebar('业务管理', '业务审核');
    await nav().getByText('远景控股集团').click();
    await suite.page.waitForURL(`${suite.gateway.url}/`);
    await suite.page.getByRole('button', { name: '收起菜单' }).click();
    await suite.page.reload();
    await suite.page.getByRole('button', { name: '展开菜单' }).waitFor();
  });
});

describe('fullscreen', () => {
  it("warns '您的浏览器不支持全屏' where the browser cannot go full screen", async () => {
    await suite.context.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.getByRole('button', { name: '全屏' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '您的浏览器不支持全屏' }).waitFor();
  });
});

describe('chunk errors', () => {
  it('shows the module-not-found screen when a screen cannot be fetched, and loads it on retry', async () => {
    await signIn(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.route('**/assets/under-construction-screen-*.js', (route) => route.abort());
    await suite.page.goto(`${suite.gateway.url}/business/examine`);
    await suite.page.getByText('页面模块加载失败').waitFor();
    await suite.page.unroute('**/assets/under-construction-screen-*.js');
    await suite.page.getByRole('button', { name: '重试' }).click();
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
  });
});
