// What a switch back to a kept-alive tag may cost, in counts rather than times (times are the benchmark's):
// the page shown again asks the browser for no layout inside the click, and the collapsed sidebar (the icon
// rail) renders only the marks that move, as the open sidebar does.
import { describe, expect, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import { openMenuItem } from './support/menu';
import { countRenders, installRenderCounter } from './support/render-counter';
import { useBrowserSuite } from './support/suite';
import { nothingBusyShown } from './support/settled';

const suite = useBrowserSuite({ viewport: { width: 1440, height: 900 } });

const tagBar = () => suite.page.getByRole('navigation', { name: '已打开的页面' });

async function openFromSidebar(area: string, item: string) {
  await openMenuItem(suite.page, area, item);
  await suite.page.getByRole('heading', { name: item }).waitFor();
}

/** The page shown has settled: no request in flight and no list of it still loading. */
async function settled() {
  await suite.page.waitForLoadState('networkidle');
  await nothingBusyShown(suite.page, '[aria-busy="true"]');
}

// Counts, by name, the reads of a box's size or place (each makes the browser lay the page out there and then
// when the page has just changed) made between a click on the tag bar reaching it and the end of that click's
// dispatch, which holds React's whole commit with its effects. Plain JavaScript text, for addInitScript.
const COUNT_LAYOUT_READS = `(() => {
  const reads = {};
  let counting = false;
  const count = (name) => { if (counting) reads[name] = (reads[name] || 0) + 1; };
  const getters = [
    [Element.prototype, ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTop', 'scrollLeft']],
    [HTMLElement.prototype, ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'innerText']],
  ];
  for (const [proto, names] of getters) {
    for (const name of names) {
      const desc = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, { ...desc, get() { count(name); return desc.get.call(this); } });
    }
  }
  for (const name of ['getBoundingClientRect', 'getClientRects']) {
    const original = Element.prototype[name];
    Element.prototype[name] = function (...args) { count(name); return original.apply(this, args); };
  }
  const computed = window.getComputedStyle;
  window.getComputedStyle = function (...args) { count('getComputedStyle'); return computed.apply(this, args); };
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('nav[aria-label="已打开的页面"]')) counting = true;
  }, { capture: true });
  window.addEventListener('click', () => { counting = false; });
  window.layoutReads = { take() { const taken = { ...reads }; for (const k of Object.keys(reads)) delete reads[k]; return taken; } };
})();`;

describe('switching back to a kept-alive tag', () => {
  it('reads no size or place inside the click, either way', async () => {
    await suite.context.addInitScript(COUNT_LAYOUT_READS);
    await signInThroughForm(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await openFromSidebar('业务管理', '融资业务管理');
    await suite.page.getByRole('main').getByRole('row').nth(1).waitFor();
    await openFromSidebar('业务管理', '业务审核');
    await settled();
    await suite.page.evaluate(() => (window as unknown as { layoutReads: { take(): unknown } }).layoutReads.take());
    for (const title of ['融资业务管理', '业务审核', '融资业务管理']) {
      await tagBar().getByText(title, { exact: true }).click();
      await suite.page.getByRole('heading', { name: title }).waitFor();
      const reads = await suite.page.evaluate(() =>
        (window as unknown as { layoutReads: { take(): Record<string, number> } }).layoutReads.take(),
      );
      expect(reads, `reads while switching to ${title}`).toEqual({});
    }
    // The list shown again still has its rows (its width came from the observer, not from the switch).
    expect(await suite.page.getByRole('main').getByRole('row').count()).toBeGreaterThan(1);
  });

  it('renders, in the collapsed sidebar, only the marks that move', async () => {
    await installRenderCounter(suite.context);
    await signInThroughForm(suite.page, suite.gateway.url, 'admin', 'Admin@2026');
    await openFromSidebar('业务管理', '融资业务管理');
    await openFromSidebar('业务管理', '业务审核');
    await openFromSidebar('风险管理', '负面舆情');
    await suite.page.getByRole('button', { name: '收起菜单' }).click();
    const rail = suite.page.getByRole('navigation', { name: '主菜单' });
    await rail.getByRole('button', { name: '风险管理' }).waitFor();
    // Each page shown once since the sidebar narrowed, so that each has fitted its table to the wider frame.
    for (const title of ['融资业务管理', '业务审核', '负面舆情']) {
      await tagBar().getByText(title, { exact: true }).click();
      await suite.page.getByRole('heading', { name: title }).waitFor();
      await settled();
    }
    // Within an area the rail's marks stay put; across areas two icons change their mark. The rest of the
    // switch (tags, breadcrumb, the content frame) renders about thirty components; the rail's every icon,
    // tooltip and flyout would add some ninety.
    for (const [title, area] of [
      ['融资业务管理', '业务管理'],
      ['业务审核', '业务管理'],
      ['负面舆情', '风险管理'],
    ] as const) {
      const renders = await countRenders(suite.page, async () => {
        await tagBar().getByText(title, { exact: true }).click();
        await suite.page.getByRole('heading', { name: title }).waitFor();
      });
      expect(renders.components, `switching to ${title}`).toBeGreaterThan(0);
      expect(renders.components, `switching to ${title}`).toBeLessThanOrEqual(50);
      await expect
        .poll(() =>
          rail.locator('[aria-current]').evaluateAll((marked) => marked.map((b) => b.getAttribute('aria-label'))),
        )
        .toEqual([area]);
    }
  });
});
