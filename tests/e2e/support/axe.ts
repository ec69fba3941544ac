// Accessibility checks in the browser specs: axe-core's own run in the page, with its default rules (WCAG 2.x A
// and AA and axe's best practices).
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** A serious or critical violation axe found: its rule, and the first few elements it names. */
export interface Violation {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The page's serious and critical violations. axe-core is put into the page once per document: a walk that moves
 * inside the app is served by one copy for every screen. (@axe-core/playwright sent the half-megabyte source again
 * for each check and finished each one in a blank page it opened, for cross-origin frames, which no screen has:
 * five to ten times the time of the check itself.)
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // Checked as a person sees the screen: once its transitions (a menu item's highlight fading in, a panel
    // sliding open) have ended, not halfway through a colour, where contrast is neither the old nor the new one.
    // Endless animations (a spinner) are not waited for.
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      if (!running.length) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    // Fluent's focus trap keeps 1-px sentinels (`data-tabster-dummy`) that are focusable and aria-hidden by
    // design: focus landing on one is moved on at once, so a reader never meets them. Only the violations are
    // gathered: collecting every passing node of a large screen and sending it out of the page is most of a
    // run's work.
    const result = await inPage.run({ exclude: [['[data-tabster-dummy]']] }, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: `${v.id}: ${v.help}`,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

/**
 * Where axe's `rule` fails on the page, every element it names, nothing left out (the focus sentinels of Fluent's
 * focus manager included): for a rule a check above runs with an exception, looked at where it must hold whole.
 */
export async function ruleFailures(page: Page, rule: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (id) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const result = await inPage.run(document, { runOnly: [id], resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`));
  }, rule);
}
