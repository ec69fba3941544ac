// 数据看板 in Chromium as the README's admin: a loan book of 200 businesses past 放款 (the lifecycle scale of the
// seed, on a copy of the data template) drawn as the six widgets' charts, each with its table, the KPI cards
// summed from it, and axe finding nothing serious on the screen. Screens at 1440 and 390 px go to .tmp.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLifecycleScale } from '../../gateway/src/db/seed/lifecycle-scale';
import { WIDGET_NAMES } from '../../src/domain/statistics/dashboard';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshots, sessionAs } from './support/browser';
import { type RunningGateway, startGateway } from './support/gateway-process';
import { journey } from './support/suite';

let gateway: RunningGateway;
let browser: Browser;

beforeAll(async () => {
  [gateway, browser] = await Promise.all([
    startGateway({}, { prepare: (db) => seedLifecycleScale(db, 200) }),
    launchBrowser(),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.stop();
});

describe('数据看板', () => {
  it('draws every widget as a chart and a table, with the KPI cards', journey(10), async () => {
    const page = await sessionAs(browser, gateway.url, 'admin');
    await page.goto(`${gateway.url}/dashboard`);
    await page.getByRole('heading', { name: '数据看板', level: 1 }).waitFor();
    for (const name of WIDGET_NAMES) {
      await page.locator(`[data-chart="${name}"] svg`).first().waitFor();
    }
    const tables = page.getByRole('table');
    expect(await tables.count()).toBe(WIDGET_NAMES.length);
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: /^供应商排名/ })
          .getByRole('row')
          .count(),
      )
      .toBeGreaterThan(1);
    const outstanding = page.locator('[data-kpi="outstanding"]');
    await expect.poll(() => outstanding.textContent()).toMatch(/在贷余额[1-9][\d,]*\.\d{2} 元/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'dashboard');
  });
});
