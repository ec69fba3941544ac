// The lists and the business page as a person sees them in Chromium: at 1440 wide 融资业务管理 shows both
// amounts, the project company and the columns up to 更新时间 without a sideways scroll (经办人, the first of
// its optional columns to go, may wait for a wider window) and 融资决议管理's 状态 is not under the pinned 操作
// column; at 390 wide the stage bar of 业务详情 stays within the screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import { useBrowserSuite } from './support/suite';
import { nothingBusyShown } from './support/settled';
import { shot } from './support/shots';

const suite = useBrowserSuite();

async function openList(page: Page, path: string, heading: string, table: string) {
  await page.goto(`${suite.gateway.url}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.getByRole('table', { name: table }).getByRole('row').nth(1).waitFor();
  await nothingBusyShown(page);
}

/** The frame's overflow and where each header cell sits, relative to the frame's visible box. */
function headerBoxes(page: Page, table: string) {
  return page.getByRole('region', { name: `${table}（可滚动）` }).evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    const cells = [...frame.querySelectorAll('thead th')].map((th) => {
      const r = th.getBoundingClientRect();
      return { title: th.textContent ?? '', left: r.left - box.left, right: r.right - box.left };
    });
    return { overflow: frame.scrollWidth - frame.clientWidth, width: frame.clientWidth, cells };
  });
}

describe('list and detail layout', () => {
  it('fits 融资业务管理 and 融资决议管理 at 1440, and wraps the stage bar at 390', async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, suite.gateway.url, 'admin', 'Admin@2026');

    await openList(page, '/business/financingBusinessManage', '融资业务管理', '融资业务列表');
    const business = await headerBoxes(page, '融资业务列表');
    expect(business.overflow).toBeLessThanOrEqual(0);
    for (const title of ['申请金额(元)', '批复金额(元)', '项目公司', '资金方/产品', '更新时间', '操作']) {
      const cell = business.cells.find((c) => c.title === title);
      expect(cell, title).toBeDefined();
      expect(cell!.right).toBeLessThanOrEqual(business.width + 1);
    }
    await shot(page, { path: '.tmp/e2e-list-layout-business-1440.png' });

    await openList(page, '/business/financingDecisionManage', '融资决议管理', '融资决议列表');
    const decision = await headerBoxes(page, '融资决议列表');
    const state = decision.cells.find((c) => c.title === '状态')!;
    const actions = decision.cells.find((c) => c.title === '操作')!;
    expect(decision.overflow).toBeLessThanOrEqual(0);
    expect(state.right).toBeLessThanOrEqual(actions.left + 1);
    await shot(page, { path: '.tmp/e2e-list-layout-decision-1440.png' });

    // The first business of the list, on a phone.
    await openList(page, '/business/financingBusinessManage', '融资业务管理', '融资业务列表');
    await page
      .getByRole('table', { name: '融资业务列表' })
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: '详情' })
      .click();
    await page.getByRole('heading', { name: '业务详情' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.getByRole('list', { name: '业务阶段' });
    await bar.waitFor();
    const fit = await bar.evaluate((ol) => {
      const box = ol.getBoundingClientRect();
      const steps = [...ol.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
      return {
        overflow: ol.scrollWidth - ol.clientWidth,
        outside: steps.filter((s) => s.right > box.right + 1 || s.left < box.left - 1).length,
        steps: steps.length,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(fit).toEqual({ overflow: 0, outside: 0, steps: fit.steps, pageOverflow: 0 });
    expect(fit.steps).toBeGreaterThan(8);
    await shot(page, { path: '.tmp/e2e-list-layout-detail-390.png', fullPage: true });
  });
});
