// Signing in where the sign-in is not what a spec is about: the session the gateway gives over its API, handed
// to the client in the URL as another sub-system hands one over (the client takes it and clears the address
// bar; sign-in.spec covers that path and the login form). The login page, its bundle and the form's round
// trips are skipped, and the page asked for is the first one loaded, not the home screen before it.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { demoPassword } from '../../../gateway/src/testing/demo-passwords';
import { apiLogin } from './gateway-process';

/**
 * Opens `path` (the home screen unless given; a whole URL of the gateway too) signed in as `userName`, and resolves once the client has taken
 * the session from the URL and shows the signed-in header. A path's own screen is the caller's to wait for;
 * the home screen's greeting is waited for here.
 */
export async function signInByToken(
  page: Page,
  baseUrl: string,
  userName: string,
  { password = demoPassword(userName), path = '/' }: { password?: string; path?: string } = {},
): Promise<void> {
  const { token, tenantId } = await apiLogin(baseUrl, userName, password);
  const at = new URL(path, baseUrl);
  at.searchParams.set('token', token);
  at.searchParams.set('tenantId', tenantId);
  await page.goto(at.toString());
  // The client clears the handed-over session from the address bar once it has it.
  await page.waitForURL((url) => !url.searchParams.has('token'));
  // includeHidden: a modal that opens on entry (the supplier's authorization prompt) hides the page from
  // assistive technology, but the header is there and visible behind it.
  await page.getByRole('button', { name: /^你好，/, includeHidden: true }).waitFor();
  if (path === '/') await page.getByRole('heading', { name: /^你好，/, includeHidden: true }).waitFor();
}

/** As sessionAs (a context of its own at 1440 wide, `context` added to its options), signed in by token. */
export async function tokenSessionAs(
  browser: Browser,
  baseUrl: string,
  userName: string,
  context: BrowserContextOptions = {},
  path = '/',
): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, ...context });
  const page = await ctx.newPage();
  await signInByToken(page, baseUrl, userName, { path });
  return page;
}
