// Accessibility in Chromium: the bank's back office is used by keyboard and by screen readers, so every screen
// of the menu (as admin, who sees them all), the home page, and the sign-in and register pages are run through
// axe (WCAG 2.x A and AA rules and axe's best practices) and fail on any serious or critical violation.
// Each list is also looked at at 1440 px: a table wider than its frame draws its scrollbar always, so no
// column hides unseen under the pinned 操作. Admin signs in once and goes from screen to screen inside the
// app, as a person does, rather than loading the whole client again for each one.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE, flattenRoutes } from '../../src/domain/menu/route-catalogue';
import { ruleFailures, seriousViolations, type Violation } from './support/axe';
import { signInThroughForm } from './support/browser';
import { journey, useBrowserSuite } from './support/suite';
import { signInByToken } from './support/token-sign-in';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite({ viewport: { width: 1440, height: 900 } });

const MENU_ROUTES = [
  '/',
  DASHBOARD_ROUTE.path,
  ...flattenRoutes()
    .filter((r) => !r.hidden)
    .map((r) => r.path),
].map((p) => (p.startsWith('/') ? p : `/${p}`));

interface Finding extends Violation {
  route: string;
}

/** The page once its data has arrived: no request in flight and no list still loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await nothingBusyShown(page, '[aria-busy="true"]');
}

/** Quiet: no request for as long as Playwright's `networkidle` waits after a page load. */
const QUIET_MS = 500;

/**
 * Requests in flight on the page, for a move inside the app: `networkidle` is a state of a page load and
 * is reached once, so after a move it would answer at once, before the screen has asked for its data.
 */
function trackRequests(page: Page) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const change = () => {
    lastChange = Date.now();
  };
  page.on('request', (r) => {
    inFlight.add(r);
    change();
  });
  const done = (r: unknown) => {
    inFlight.delete(r);
    change();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** A move starts the quiet period afresh: the screen's first request may come a moment later. */
    moved: change,
    quiet: () => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS,
  };
}

/** Goes to a route inside the app, as its own links do: the router moves, the client is not loaded again. */
async function goInside(page: Page, route: string, requests: ReturnType<typeof trackRequests>) {
  requests.moved();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await expect.poll(() => requests.quiet(), { timeout: 30_000, interval: 100 }).toBe(true);
  await nothingBusyShown(page, '[aria-busy="true"]');
}

/**
 * A screen left stays mounted behind its tag (keep-alive), hidden in the content area. Axe walks the whole
 * document, so every one kept would slow each later check, and a full page load never had them: the tags of
 * the screens left are closed, as a person tidies the tag bar, which unmounts them. Axe then sees what it saw
 * after a full load: the shell and the screen shown.
 */
async function closeOtherTags(page: Page) {
  const others = page.locator('[data-tag-scroller] > span:not([data-active-tag]) [aria-label^="关闭 "]');
  for (let n = await others.count(); n > 0; n = await others.count()) await others.first().click();
  await expect.poll(() => page.locator('main > *').count()).toBe(1);
}

async function serious(page: Page, route: string): Promise<Finding[]> {
  return (await seriousViolations(page)).map((v) => ({ route, ...v }));
}

/** A frame that scrolls sideways but whose scrollbar is drawn only while scrolling (overlay scrollbars). */
async function hiddenSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .map((t) => t.parentElement!)
      .filter((f) => f.scrollWidth > f.clientWidth + 1)
      .filter((f) => getComputedStyle(f, '::-webkit-scrollbar').height === 'auto')
      .map((f) => f.querySelector('table')?.getAttribute('aria-label') ?? '(表格)'),
  );
}

describe('accessibility', () => {
  it('the sign-in and register pages have no serious or critical violation', async () => {
    const page = suite.page;
    const findings: Finding[] = [];
    for (const route of ['/login', '/register']) {
      await page.goto(`${suite.gateway.url}${route}`);
      await settled(page);
      findings.push(...(await serious(page, route)));
    }
    expect(findings).toEqual([]);
  });

  // Lighthouse's phone run fails the first screen on axe's aria-hidden-focus alone, with none of the checks'
  // exceptions. Fluent's focus manager (Tabster) keeps two aria-hidden sentinels in the page's tab order for as
  // long as it sees focus outside the app (to catch it coming back in): signing in removes the focused 登录, and
  // the shell then takes focus to the screen, so that they are not needed — also on a page loaded signed in.
  it('the first screen after signing in on a phone has no focusable element hidden from assistive technology', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 412, height: 823 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await settled(page);
    expect(await ruleFailures(page, 'aria-hidden-focus')).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // Lighthouse's own case: the page loaded already signed in, the focus manager set up after the first paint.
    await page.goto(`${suite.gateway.url}/`);
    await settled(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(await ruleFailures(page, 'aria-hidden-focus')).toEqual([]);
  });

  // At desktop width the menu is inline beside the screen; its arrow keys are the sidebar's own (sidebar.tsx),
  // without the focus manager's sentinels at its ends.
  it('the first screen at desktop width has no focusable element hidden from assistive technology', async () => {
    const page = suite.page;
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');
    await settled(page);
    expect(await ruleFailures(page, 'aria-hidden-focus')).toEqual([]);
    const items = page.getByRole('navigation', { name: '主菜单' }).locator('.fui-NavDrawerBody button');
    await items.first().focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(await items.nth(1).textContent());
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(await items.last().textContent());
  });

  it(
    'no screen of the menu has a serious or critical violation, and no list hides a scrollbar',
    journey(50),
    async () => {
      const page = suite.page;
      // Signed in by token: the form's own page and the first screen after it are the tests above.
      await signInByToken(page, suite.gateway.url, 'admin');
      const requests = trackRequests(page);
      const findings: Finding[] = [];
      const unseen: string[] = [];
      // Where a move did not arrive: the checks below would look at the screen before it again.
      const elsewhere: string[] = [];
      for (const route of MENU_ROUTES) {
        await goInside(page, route, requests);
        const at = await page.evaluate(() => window.location.pathname);
        if (at !== route) elsewhere.push(`${route} → ${at}`);
        await closeOtherTags(page);
        findings.push(...(await serious(page, route)));
        unseen.push(...(await hiddenSideways(page)).map((t) => `${route} ${t}`));
      }
      expect(MENU_ROUTES.length).toBeGreaterThan(40);
      expect(elsewhere).toEqual([]);
      expect(findings).toEqual([]);
      expect(unseen).toEqual([]);
    },
  );
});
