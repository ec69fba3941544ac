// The hooks every browser spec needs: one real gateway and one Chromium per file, a fresh context and page
// per test. The returned object's fields are filled in by the hooks, so read them inside tests.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { startGateway, type RunningGateway } from './gateway-process';

/** Longer than the gateway's own start deadline, so that a slow start fails with the gateway's output. */
const START_HOOK_MS = 150_000;

export interface BrowserSuite {
  gateway: RunningGateway;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export function useBrowserSuite(contextOptions: BrowserContextOptions = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.gateway, suite.browser] = await Promise.all([startGateway(), launchBrowser()]);
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
