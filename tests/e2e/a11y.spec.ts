// Accessibility in Chromium: the bank's back office is used by keyboard and by screen readers, so every screen
// of the menu (as admin, who sees them all), the home page, and the sign-in and register pages are run through
// axe (WCAG 2.x A and AA rules and axe's best practices) and fail on any serious or critical violation.
// Each list is also looked at at 1440 px: a table wider than its frame draws its scrollbar always, so no
// column hides unseen under the pinned 操作.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTE, flattenRoutes } from '../../src/domain/menu/route-catalogue';
import { signIn } from './support/browser';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite({ viewport: { width: 1440, height: 900 } });

const MENU_ROUTES = [
  '/',
  DASHBOARD_ROUTE.path,
  ...flattenRoutes()
    .filter((r) => !r.hidden)
    .map((r) => r.path),
].map((p) => (p.startsWith('/') ? p : `/${p}`));

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The page once its data has arrived: no request in flight and no list still loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

async function serious(page: Page, route: string): Promise<Finding[]> {
  // Fluent's focus trap keeps 1-px sentinels (`data-tabster-dummy`) that are focusable and aria-hidden by design:
  // focus landing on one is moved on at once, so a reader never meets them.
  const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: `${v.id}: ${v.help}`,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
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

  it('no screen of the menu has a serious or critical violation, and no list hides a scrollbar', async () => {
    const page = suite.page;
    await signIn(page, suite.gateway.url, 'admin', 'Admin@2026');
    const findings: Finding[] = [];
    const unseen: string[] = [];
    for (const route of MENU_ROUTES) {
      await page.goto(`${suite.gateway.url}${route}`);
      await settled(page);
      findings.push(...(await serious(page, route)));
      unseen.push(...(await hiddenSideways(page)).map((t) => `${route} ${t}`));
    }
    expect(MENU_ROUTES.length).toBeGreaterThan(40);
    expect(findings).toEqual([]);
    expect(unseen).toEqual([]);
  }, 900_000);
});
