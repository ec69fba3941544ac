// The hooks every browser spec needs: one real gateway and one Chromium per file, a fresh context and page
// per test. The returned object's fields are filled in by the hooks, so read them inside tests.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningGateway, type StartOptions, startGateway } from './gateway-process';

/**
 * Longer than the gateway's own start deadline, so that a slow start fails with the gateway's output; and, for a
 * gateway on PGlite in a run on PostgreSQL, as long again for the data template the global setup is still making.
 */
const START_HOOK_MS = 270_000;

/**
 * The budget of a journey: a spec that carries a business, or every screen, through several people's sessions
 * and many pages, given the seconds it takes alone on a quiet machine. Each step keeps Playwright's own 30 s
 * wait, so a step that hangs still fails where it hangs; the test's budget only has to hold the honest sum of its
 * steps, and on two cores with a second test run beside it that sum has been up to four times what it is alone.
 * Eight times leaves room; other specs keep the project's 60 s. Use as `it(name, journey(17), async () => …)`.
 */
export function journey(secondsAlone: number): { timeout: number } {
  return { timeout: Math.max(60, secondsAlone * 8) * 1000 };
}

export interface BrowserSuite {
  gateway: RunningGateway;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** `gateway`: how its gateway starts (on the embedded database, say, when the run has a PostgreSQL one). */
export function useBrowserSuite(contextOptions: BrowserContextOptions = {}, gateway: StartOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.gateway, suite.browser] = await Promise.all([startGateway({}, gateway), launchBrowser()]);
  }, START_HOOK_MS);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.gateway?.stop();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ locale: 'zh-CN', ...contextOptions });
    suite.page = await suite.context.newPage();
  });
  afterEach(async () => {
    await suite.context?.close();
  });
  return suite;
}
