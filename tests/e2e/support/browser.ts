import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../../../scripts/browser.mjs';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026', nickName: '平台管理员' },
  operator: { username: 'operator', password: 'Operator@2026', nickName: '业务经办' },
  supplier: { username: 'supplier', password: 'Supplier@2026' },
} as const;

/** Signs in through the login form and waits for the home screen's greeting. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel(/^密码/).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(`${baseUrl}/`);
  // includeHidden: a modal that opens on entry (the supplier's authorization prompt) hides the page from
  // assistive technology, but the home screen is there and visible behind it.
  await page.getByRole('heading', { name: /^你好，/, includeHidden: true }).waitFor();
}
