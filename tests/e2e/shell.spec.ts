// The shell in Chromium — tags, their context menu and overflow, reload, the sidebar (rail, phone drawer),
// the header commands, menu search, failures in Chinese, session expiry and the chunk error screen.
import { describe, expect, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import { signInByToken } from './support/token-sign-in';
import { countRenders, installRenderCounter } from './support/render-counter';
import { useBrowserSuite } from './support/suite';
import { openMenuItem } from './support/menu';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

const tagBar = () => suite.page.getByRole('navigation', { name: '已打开的页面' });
const tagTitles = async () =>
  (await tagBar().locator('.fui-InteractionTagPrimary').allTextContents()).map((t) => t.trim());
const nav = () => suite.page.getByRole('navigation', { name: '主菜单' });

/** Opens a menu page from the sidebar, as a person would. */
async function openFromSidebar(area: string, item: string) {
  await openMenuItem(suite.page, area, item);
  await suite.page.getByRole('heading', { name: item }).waitFor();
}

describe('tags', () => {
  it('adds a tag per visited page, leaves a revisited one in its place, keeps them over a reload, closes them', {
    timeout: 120_000,
  }, async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await openFromSidebar('业务管理', '融资业务管理');
    await openFromSidebar('业务管理', '业务审核');
    await openFromSidebar('风险管理', '负面舆情');
    const opened = ['首页', '融资业务管理', '业务审核', '负面舆情'];
    expect(await tagTitles()).toEqual(opened);
    await openFromSidebar('业务管理', '融资业务管理');
    expect(await tagTitles()).toEqual(opened);
    expect(await tagBar().locator('[aria-current="page"]').allTextContents()).toEqual(['融资业务管理']);
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: '融资业务管理' }).waitFor();
    expect(await tagTitles()).toEqual(opened);
    await shot(suite.page, { path: '.tmp/e2e-tags.png' });

    // Closing, from a tag's own button and from its context menu: close, right, left, others, refresh, all.
    for (const item of ['审核类型配置', '预授信申请管理']) await openFromSidebar('业务管理', item);
    await tagBar().getByRole('button', { name: '关闭 预授信申请管理' }).click();
    await suite.page.getByRole('heading', { name: '审核类型配置' }).waitFor();
    expect(await tagTitles()).toEqual([...opened, '审核类型配置']);

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

  it('keeps a typed query value and the page number when the user leaves a tag and comes back', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await openFromSidebar('风险管理', '负面舆情');
    const table = suite.page.getByRole('table', { name: '负面舆情列表' });
    await table.getByRole('row').nth(10).waitFor();
    await suite.page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '下一页' }).click();
    const pager = suite.page.getByRole('navigation', { name: '分页' });
    await pager.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    await nothingBusyShown(suite.page);
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
    await nothingBusyShown(suite.page);
    for (const cell of await table.getByRole('row').locator('td:first-child').allTextContents())
      expect(cell).toContain('华东建材');
    await shot(suite.page, { path: '.tmp/e2e-negative-opinion.png' });
  });
});

describe('tag switch', () => {
  // A switch shows another kept-alive page: only the highlight (tags, sidebar, breadcrumb) and the content
  // frame may render, never the shell's other parts or the pages themselves (hundreds of components each).
  const RENDER_BUDGET = 60;
  const RESIZED_BUDGET = 100;

  it(`renders at most ${RENDER_BUDGET} components, both ways, and the page shown keeps its rows`, async () => {
    await installRenderCounter(suite.context);
    // Playwright's default window (1280 wide) first, then the desktop width the screens are checked at (1440):
    // in the narrower window the first switch away from 业务审核 once rendered that whole page again.
    await suite.page.setViewportSize({ width: 1280, height: 720 });
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await openFromSidebar('业务管理', '融资业务管理');
    const rows = suite.page.getByRole('main').getByRole('row');
    await rows.nth(1).waitFor();
    const headers = () => suite.page.getByRole('main').getByRole('columnheader').allTextContents();
    let shownColumns = await headers();
    await openFromSidebar('业务管理', '业务审核');
    // 1300 keeps 融资业务管理's columns of 1280; at 1440 the list has room for 批复金额 and 项目公司 as well.
    for (const width of [1280, 1300, 1440]) {
      await suite.page.setViewportSize({ width, height: width === 1440 ? 900 : 720 });
      // Both pages settled first (no request in flight, no list still loading): a page whose data arrives
      // inside the counting window would be counted as if the switch had rendered it.
      await suite.page.waitForLoadState('networkidle');
      await nothingBusyShown(suite.page, '[aria-busy="true"]');
      for (const [i, title] of ['融资业务管理', '业务审核', '融资业务管理', '业务审核'].entries()) {
        const renders = await countRenders(suite.page, async () => {
          await tagBar().getByText(title, { exact: true }).click();
          await suite.page.getByRole('heading', { name: title }).waitFor();
        });
        expect(renders.components, `switching to ${title} at ${width}`).toBeGreaterThan(0);
        if (i > 0 || width === 1280) {
          expect(renders.components, `switching to ${title} at ${width}`).toBeLessThanOrEqual(RENDER_BUDGET);
          continue;
        }
        // The page kept out of sight while the window was resized fits its table to the new width when it is
        // shown first. With the same columns, only the table and its header render (RESIZED_BUDGET), never its
        // rows (hundreds of components); when the new width shows more columns, every row carries them.
        const columns = await headers();
        if (columns.join('|') === shownColumns.join('|')) {
          expect(renders.components, `switching to ${title} at ${width}`).toBeLessThanOrEqual(RESIZED_BUDGET);
        } else {
          for (const row of await rows.all()) {
            if (await row.getByRole('columnheader').count()) continue;
            expect(await row.getByRole('cell').count(), `a row at ${width}`).toBe(columns.length);
          }
        }
        shownColumns = columns;
      }
    }
    await tagBar().getByText('融资业务管理', { exact: true }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await nav().locator('[aria-current="page"]').allTextContents()).toEqual(['融资业务管理']);
  });
});

describe('tag bar overflow', () => {
  const MANY: string[] = [
    '融资业务管理',
    '业务审核',
    '审核类型配置',
    '预授信申请管理',
    '融资申请管理',
    '融资申请审核',
    '报告制作',
    '报告审核',
    '正式函件管理',
    '会议信息管理',
    '评审会执行',
    '评审会审核',
    '融资决议管理',
  ];
  const scroller = () => tagBar().locator('[data-tag-scroller]');
  const activeInView = () =>
    scroller().evaluate((bar) => {
      const active = bar.querySelector('[aria-current="page"]')!.closest('[data-active-tag]')!.getBoundingClientRect();
      const box = bar.getBoundingClientRect();
      return active.left >= box.left - 1 && active.right <= box.right + 1;
    });

  it('keeps the active tag in view past 11 tags, scrolls with the wheel, offers arrows, and keeps at most 20', {
    timeout: 120_000,
  }, async () => {
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await expect(tagBar().getByRole('button', { name: '向右滚动标签' }).count()).resolves.toBe(0);
    for (const item of MANY) await openFromSidebar('业务管理', item);
    expect(await tagTitles()).toHaveLength(MANY.length + 1);
    expect(await activeInView()).toBe(true);
    await tagBar().getByRole('button', { name: '向左滚动标签' }).waitFor();
    await shot(suite.page, { path: '.tmp/e2e-tag-overflow.png' });

    // The wheel scrolls the bar sideways, back to the start.
    const before = await scroller().evaluate((el) => el.scrollLeft);
    expect(before).toBeGreaterThan(0);
    await scroller().hover();
    await suite.page.mouse.wheel(0, -300);
    await suite.page.waitForFunction(
      (start) => document.querySelector('[data-tag-scroller]')!.scrollLeft < start,
      before,
    );
    for (let i = 0; i < 10; i++) await suite.page.mouse.wheel(0, -300);
    await suite.page.waitForFunction(() => document.querySelector('[data-tag-scroller]')!.scrollLeft === 0);
    expect(await activeInView()).toBe(false);
    await expect(tagBar().getByRole('button', { name: '向左滚动标签' }).isDisabled()).resolves.toBe(true);

    // The right arrow scrolls towards the end; activating a tag brings it into view.
    await tagBar().getByRole('button', { name: '向右滚动标签' }).click();
    await suite.page.waitForFunction(() => document.querySelector('[data-tag-scroller]')!.scrollLeft > 0);
    await openFromSidebar('业务管理', '报告制作');
    await tagBar().locator('[aria-current="page"]', { hasText: '报告制作' }).waitFor();
    await suite.page.waitForFunction(() => {
      const bar = document.querySelector('[data-tag-scroller]')!.getBoundingClientRect();
      const tag = document.querySelector('[data-active-tag]')!.getBoundingClientRect();
      return tag.left >= bar.left - 1 && tag.right <= bar.right + 1;
    });

    // Past the maximum of 20 tags the oldest is dropped, the home tag kept.
    for (const item of ['决议审核', '要素管理', '要素落实审核', '合同文件管理', '合同审核', '签约管理', '推送制作'])
      await openFromSidebar('业务管理', item);
    const titles = await tagTitles();
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('首页');
    expect(titles).not.toContain('融资业务管理');
    expect(titles[19]).toBe('推送制作');
  });
});

describe('sidebar', () => {
  it('collapses to an icon rail whose areas open flyouts with their pages', async () => {
    await suite.page.setViewportSize({ width: 1440, height: 900 });
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await suite.page.getByRole('button', { name: '收起菜单' }).click();
    // Every area is still there, as its icon named by its tooltip.
    for (const area of ['业务管理', '风险管理', '基础数据']) await nav().getByRole('button', { name: area }).waitFor();
    await expect(nav().getByText('融资业务管理', { exact: true }).count()).resolves.toBe(0);
    await nav().getByRole('button', { name: '风险管理' }).click();
    await suite.page.getByRole('menuitem', { name: '负面舆情' }).click();
    await suite.page.getByRole('heading', { name: '负面舆情' }).waitFor();
    await expect(nav().getByRole('button', { name: '风险管理' }).getAttribute('aria-current')).resolves.toBe('true');
    await shot(suite.page, { path: '.tmp/e2e-sidebar-rail.png' });
    await suite.page.getByRole('button', { name: '展开菜单' }).click();
    await nav().getByText('负面舆情', { exact: true }).waitFor();
  });

  it('is an overlay drawer at 390 px, opened from the header and closed on navigation or on the backdrop', async () => {
    await suite.page.setViewportSize({ width: 390, height: 844 });
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    // The header has rendered (the positive signal) before the sidebar's absence is read.
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).waitFor();
    await expect.poll(() => nav().isVisible()).toBe(false);
    // The content keeps the whole width.
    const content = await suite.page.locator('main').boundingBox();
    expect(content!.width).toBeGreaterThan(380);
    // The header fits: nothing sticks out to the right.
    await expect(suite.page.locator('header').evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).resolves.toBe(true);
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).waitFor();

    await suite.page.getByRole('button', { name: '展开菜单' }).click();
    await nav().getByText('业务管理', { exact: true }).waitFor();
    await shot(suite.page, { path: '.tmp/e2e-drawer-390.png' });
    await openMenuItem(suite.page, '业务管理', '业务审核');
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    await nav().waitFor({ state: 'hidden' });

    await suite.page.getByRole('button', { name: '展开菜单' }).click();
    await nav().waitFor();
    await suite.page.mouse.click(370, 400);
    await nav().waitFor({ state: 'hidden' });
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
  });
});

describe('failures and page loads', () => {
  it('shows a 500 without an envelope in Chinese', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await suite.page.route('**/api/**', (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: 500,
            contentType: 'text/html',
            body: '<html><body>Internal Server Error</body></html>',
          }),
    );
    await openMenuItem(suite.page, '风险管理', '负面舆情');
    await suite.page.locator('.fui-ToastTitle', { hasText: '服务器开小差了，请稍后重试' }).first().waitFor();
    await expect(suite.page.getByText(/status code/).count()).resolves.toBe(0);
  });

  it('keeps the current page, not a 401 with an empty sidebar, until an expired session reaches /login', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await openFromSidebar('风险管理', '负面舆情');
    // What the page showed when the message appeared is noted by the page itself: the redirect follows a
    // second later, and a read from here could come after it.
    await suite.page.evaluate(() => {
      const w = window as unknown as { sawUnauthorized: boolean; headingAtMessage?: boolean };
      w.sawUnauthorized = false;
      new MutationObserver(() => {
        if (location.pathname === '/401' || document.body.innerText.includes('没有访问该页面的权限'))
          w.sawUnauthorized = true;
        if (w.headingAtMessage === undefined && document.body.innerText.includes('用户信息过期,请重新登录'))
          w.headingAtMessage = [...document.querySelectorAll('h1, h2, h3, h4, [role="heading"]')].some(
            (h) => h.textContent?.trim() === '负面舆情',
          );
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await suite.page.route('**/api/**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 160300004, message: '用户信息过期,请重新登录', data: null }),
      }),
    );
    await suite.page.getByRole('button', { name: '查询' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '用户信息过期,请重新登录' }).waitFor();
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await expect(
      suite.page.evaluate(() => (window as unknown as { headingAtMessage?: boolean }).headingAtMessage),
    ).resolves.toBe(true);
    await expect(
      suite.page.evaluate(() => (window as unknown as { sawUnauthorized: boolean }).sawUnauthorized),
    ).resolves.toBe(false);
  });

  it('warns of no missing HydrateFallback on a full page load', async () => {
    const warnings: string[] = [];
    suite.page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await signInByToken(suite.page, suite.gateway.url, 'admin', { path: '/business/examine' });
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
  });
});

describe('header commands', () => {
  it('changes the password with the spec messages, then asks to sign in again', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'operator');
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
    await shot(suite.page, { path: '.tmp/e2e-password-changed.png' });
    await alert.getByRole('button', { name: '确定' }).click();
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await signInThroughForm(suite.page, suite.gateway.url, 'operator', 'Operator@2027');
  });

  it('switches sub-system: lists the others, warns with none chosen, refuses one without a website, redirects with the session', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).click();
    await suite.page.getByRole('menuitem', { name: '切换子系统' }).click();
    const dialog = suite.page.getByRole('dialog', { name: '切换子系统' });
    // The dialog is loaded when it is opened: wait for it before reading its options.
    await dialog.getByRole('radio').first().waitFor();
    const options = await dialog
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => e.closest('.fui-Radio')?.textContent ?? ''));
    expect(options).toEqual(['供应商门户', '报表中心']);
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '请选择子系统' }).waitFor();
    await dialog.getByLabel('报表中心').check();
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '系统配置错误，请联系管理员' }).waitFor();
    // The portal is another website; answer it here so that the browser never leaves this machine.
    await suite.page.route('https://portal.yuanjing-group.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>供应商门户</h1>' }),
    );
    await dialog.getByLabel('供应商门户').check();
    await dialog.getByRole('button', { name: '切换' }).click();
    await suite.page.waitForURL(/portal\.yuanjing-group\.example\.com/);
    const url = new URL(suite.page.url());
    expect(url.searchParams.get('token')).toBeTruthy();
    expect(url.searchParams.get('tenantId')).toBe('1000000000000000001');
    expect(url.searchParams.get('sysId')).toBeTruthy();
  });

  it('finds a menu page with Ctrl+K by pinyin initials, by full pinyin and by pinyin and characters', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await suite.page.keyboard.press('Control+K');
    const search = suite.page.getByRole('textbox', { name: '搜索菜单' });
    await search.fill('yhgl');
    await suite.page.getByRole('option', { name: /用户管理/ }).waitFor();
    await search.press('Enter');
    await suite.page.waitForURL(`${suite.gateway.url}/basicDataManagement/userManagment`);

    await nav().getByText('远景控股集团').click();
    await suite.page.waitForURL(`${suite.gateway.url}/`);
    await suite.page.keyboard.press('Control+K');
    for (const query of ['yonghu', 'yonghuguanli', '用户']) {
      await search.fill(query);
      await suite.page
        .getByRole('option', { name: /^用户管理/ })
        .first()
        .waitFor();
    }
    await search.fill('yonghu');
    await search.press('Enter');
    await suite.page.waitForURL(`${suite.gateway.url}/basicDataManagement/userManagment`);
  });

  it('remembers a collapsed sidebar over a reload, and the logo goes home', async () => {
    await signInByToken(suite.page, suite.gateway.url, 'admin');
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
    await suite.context.addInitScript(() =>
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }),
    );
    await signInByToken(suite.page, suite.gateway.url, 'admin');
    await suite.page.getByRole('button', { name: '全屏' }).click();
    await suite.page.locator('.fui-ToastTitle', { hasText: '您的浏览器不支持全屏' }).waitFor();
  });
});

describe('chunk errors', () => {
  it('shows the module-not-found screen when a screen cannot be fetched, and loads it on retry', async () => {
    await suite.page.route('**/assets/contract-screens-*.js', (route) => route.abort());
    // 合同签章's screen is in the contract screens' chunk, which the test cuts off.
    await signInByToken(suite.page, suite.gateway.url, 'admin', {
      path: '/business/contractFileMake/contractFileMakeSignature',
    });
    await suite.page.getByText('页面模块加载失败').waitFor();
    await suite.page.unroute('**/assets/contract-screens-*.js');
    await suite.page.getByRole('button', { name: '重试' }).click();
    await suite.page.getByText('请从合同制作进入要设置签章的业务').waitFor();
  });
});
