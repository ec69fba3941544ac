import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { demoPassword } from '../../../gateway/src/testing/demo-passwords';
import { CHROMIUM_LAUNCH } from '../../../scripts/browser.mjs';
import { screenshotsWanted } from './shots';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026', nickName: '平台管理员' },
  operator: { username: 'operator', password: 'Operator@2026', nickName: '业务经办' },
  supplier: { username: 'supplier', password: 'Supplier@2026' },
} as const;

/**
 * Signs in through the login form and waits for the home screen's greeting, as a person does: every spec signs
 * in this way. Signing in through the API (the session's cookies set, then the home screen opened) was tried to
 * save a few seconds a spec; on CI it once left demand.spec waiting for a home screen that never came, and a
 * sign-in that cannot be trusted is no saving.
 */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel(/^密码/).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await homeScreen(page);
}

async function homeScreen(page: Page): Promise<void> {
  // includeHidden: a modal that opens on entry (the supplier's authorization prompt) hides the page from
  // assistive technology, but the home screen is there and visible behind it.
  await page.getByRole('heading', { name: /^你好，/, includeHidden: true }).waitFor();
}

/**
 * A page in a browser context of its own (so a session of its own: several people work side by side), signed
 * in as the seeded `userName` at 1440 wide; `context` adds to the context's options (a time zone …).
 */
export async function sessionAs(
  browser: Browser,
  baseUrl: string,
  userName: string,
  context: BrowserContextOptions = {},
): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, ...context });
  const page = await ctx.newPage();
  await signInThroughForm(page, baseUrl, userName, demoPassword(userName));
  return page;
}

/**
 * The page at 1440 and, unless `wideOnly`, at 390 wide, to .tmp/e2e-<name>-<width>.png for a look; 1440 after.
 * Only when the run asks for screenshots (support/shots.ts).
 */
export async function screenshots(page: Page, name: string, { wideOnly = false } = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: `.tmp/e2e-${name}-1440.png`, fullPage: true });
  if (wideOnly) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `.tmp/e2e-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
