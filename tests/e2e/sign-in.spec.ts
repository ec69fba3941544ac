// Sign-in, the route guard and the session's end, in Debian's Chromium against the real gateway.
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, signInThroughForm } from './support/browser';
import { apiLogin } from './support/gateway-process';
import { useBrowserSuite } from './support/suite';
import { openMenuArea, openMenuItem } from './support/menu';
import { shot } from './support/shots';

// On the embedded database (PGlite) even when the run has PostgreSQL for every other spec: `npm start` serves
// the client from PGlite unless DATABASE_URL is set, and signing in is the first thing everyone does there. This
// spec is short (the PGlite start costs little here) and walks through login, the menus and the session's end.
const suite = useBrowserSuite({}, { embedded: true });

const path = () => new URL(suite.page.url()).pathname;

describe('signing in', () => {
  it('admin signs in and sees every area in the sidebar', async () => {
    const { username, password, nickName } = DEMO_ACCOUNTS.admin;
    await signInThroughForm(suite.page, suite.gateway.url, username, password);
    await suite.page.getByRole('button', { name: `你好，${nickName}` }).waitFor();
    const nav = suite.page.getByRole('navigation', { name: '主菜单' });
    for (const area of [
      '工作台',
      '融资需求',
      '业务管理',
      '存续期管理',
      '资产管理',
      '客户关系管理',
      '风险管理',
      '参数管理',
      '资金管理',
      '基础数据',
    ]) {
      await nav.getByText(area, { exact: true }).waitFor();
    }
    expect(await suite.page.title()).toBe('远景控股集团供应链金融平台');
    await shot(suite.page, { path: '.tmp/e2e-admin-home.png' });
  });

  it('operator signs in and has no 基础数据', async () => {
    const { username, password, nickName } = DEMO_ACCOUNTS.operator;
    await signInThroughForm(suite.page, suite.gateway.url, username, password);
    await suite.page.getByRole('button', { name: `你好，${nickName}` }).waitFor();
    const nav = suite.page.getByRole('navigation', { name: '主菜单' });
    await nav.getByText('业务管理', { exact: true }).waitFor();
    await expect(nav.getByText('基础数据', { exact: true }).count()).resolves.toBe(0);
  });

  it('supplier signs in and sees financing demand and pre-credit', async () => {
    const { username, password } = DEMO_ACCOUNTS.supplier;
    await signInThroughForm(suite.page, suite.gateway.url, username, password);
    // The demo supplier's data-query consent is pending, so its prompt comes first (supplier-authorization.spec.ts).
    const prompt = suite.page.getByRole('dialog', { name: '提示' });
    await prompt.getByRole('button', { name: '关闭', exact: true }).click();
    await prompt.waitFor({ state: 'detached' });
    const nav = suite.page.getByRole('navigation', { name: '主菜单' });
    await nav.waitFor(); // the suite.page comes back to assistive technology a moment after the modal closes
    await nav.getByText('融资需求', { exact: true }).waitFor();
    await openMenuArea(suite.page, '业务管理');
    await nav.getByText('预授信申请管理', { exact: true }).waitFor();
    await expect(nav.getByText('融资申请管理', { exact: true }).count()).resolves.toBe(0);
  });

  it('keeps what is typed into /login before the app has loaded, and signs in with it', async () => {
    const { username, password, nickName } = DEMO_ACCOUNTS.admin;
    // The app's entry is held back: until it comes, the page is the form login.html draws.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await suite.page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await suite.page.goto(`${suite.gateway.url}/login`);
    const drawn = suite.page.locator('#drawn-login');
    await drawn.getByLabel('用户名').fill(username);
    await drawn.getByLabel(/^密码/).fill(password);
    await drawn.getByRole('button', { name: '登录' }).click();
    expect(path()).toBe('/login');
    release();
    await suite.page.getByRole('button', { name: `你好，${nickName}` }).waitFor();
    expect(path()).toBe('/');
    await expect(drawn.count()).resolves.toBe(0);
  });

  it('a wrong password keeps the user on /login with the gateway message', async () => {
    await suite.page.goto(`${suite.gateway.url}/login`);
    await suite.page.getByLabel('用户名').fill('admin');
    await suite.page.getByLabel(/^密码/).fill('Wrong@2026x');
    await suite.page.getByRole('button', { name: '登录' }).click();
    await suite.page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    expect(path()).toBe('/login');
  });
});

describe('the route guard', () => {
  it('sends a signed-out user to /login from any path', async () => {
    await suite.page.goto(`${suite.gateway.url}/business/examine`);
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await suite.page.getByRole('button', { name: '登录' }).waitFor(); // the sign-in chunk loads after the redirect
  });

  it('sends a signed-in user from /login to /, an unknown path to /404 and a path outside the menu to /401', async () => {
    const { username, password } = DEMO_ACCOUNTS.operator;
    await signInThroughForm(suite.page, suite.gateway.url, username, password);
    // Straight from the login page's own first script: its form is not drawn for the app to redirect later, nor
    // are the app's scripts fetched there (the signed-in page loads them from its own document).
    const fromLogin: string[] = [];
    suite.page.on('request', (r) => {
      if (r.frame().url().endsWith('/login') && r.resourceType() === 'script') fromLogin.push(r.url());
    });
    await suite.page.goto(`${suite.gateway.url}/login`);
    await suite.page.waitForURL(`${suite.gateway.url}/`);
    expect(fromLogin.filter((url) => !/\/assets\/login-[\w-]{8}\.js$/.test(url))).toEqual([]);
    await suite.page.goto(`${suite.gateway.url}/no/such/page`);
    await suite.page.waitForURL(`${suite.gateway.url}/404`);
    await suite.page.getByText('抱歉，您访问的页面不存在').waitFor();
    await suite.page.goto(`${suite.gateway.url}/basicDataManagement/userManagment`);
    await suite.page.waitForURL(`${suite.gateway.url}/401`);
    await suite.page.getByText('抱歉，您没有访问该页面的权限').waitFor();
  });

  it('opens a menu screen from the sidebar, with its title, case-insensitively by URL too', async () => {
    const { username, password } = DEMO_ACCOUNTS.operator;
    await signInThroughForm(suite.page, suite.gateway.url, username, password);
    await openMenuItem(suite.page, '业务管理', '融资业务管理');
    await suite.page.waitForURL(`${suite.gateway.url}/business/financingBusinessManage`);
    await suite.page.getByRole('heading', { name: '融资业务管理' }).waitFor();
    await suite.page.goto(`${suite.gateway.url}/BUSINESS/financingbusinessmanage`);
    await suite.page.getByRole('heading', { name: '融资业务管理' }).waitFor();
  });
});

describe('the session', () => {
  it('signs in with a token from the URL and removes it from the address bar', async () => {
    const { token, tenantId } = await apiLogin(suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.goto(
      `${suite.gateway.url}/business/examine?token=${encodeURIComponent(token)}&tenantId=${tenantId}`,
    );
    await suite.page.getByRole('heading', { name: '业务审核' }).waitFor();
    expect(suite.page.url()).toBe(`${suite.gateway.url}/business/examine`);
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).waitFor();
  });

  it("shows '用户信息过期,请重新登录' for a revoked token, then returns to /login", async () => {
    await signInThroughForm(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    const cookie = (await suite.context.cookies()).find((c) => c.name === '__WSF__token__');
    expect(cookie?.value).toBeTruthy();
    const revoked = await fetch(`${suite.gateway.url}/api/authcenter/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${decodeURIComponent(cookie!.value)}` },
    });
    expect(revoked.ok).toBe(true);
    // The message comes first and the redirect a second later (the exact delay is the session machine's
    // test, with fake timers): the page notes where it was when the message appeared, however soon after
    // that the redirect comes.
    await suite.page.addInitScript(() => {
      const w = window as unknown as { pathAtMessage?: string };
      new MutationObserver(() => {
        if (w.pathAtMessage === undefined && document.body?.innerText.includes('用户信息过期,请重新登录'))
          w.pathAtMessage = location.pathname;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await suite.page.reload();
    await suite.page.locator('.fui-ToastTitle', { hasText: '用户信息过期,请重新登录' }).waitFor();
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await expect(
      suite.page.evaluate(() => (window as unknown as { pathAtMessage?: string }).pathAtMessage),
    ).resolves.toBe('/');
  });

  it('logs out from the header and cannot come back without signing in', async () => {
    await signInThroughForm(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await suite.page.getByRole('button', { name: '你好，平台管理员' }).click();
    await suite.page.getByRole('menuitem', { name: '退出登录' }).click();
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
    await suite.page.goto(`${suite.gateway.url}/`);
    await suite.page.waitForURL(`${suite.gateway.url}/login`);
  });
});
