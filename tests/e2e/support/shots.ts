// Screenshots are for a person to look at (README: looking at a screen at 1440 and 390), not for a test to
// assert: taking them costs every run seconds of full-page capture and relayout, so a run takes them only when
// asked, `E2E_SCREENSHOTS=1 npx vitest run --project e2e …`, into .tmp/e2e-*.png.
import type { Page } from 'playwright-core';

export const screenshotsWanted = (): boolean => process.env.E2E_SCREENSHOTS === '1';

/** `page.screenshot(options)` when a run asks for screenshots; nothing otherwise. */
export async function shot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (screenshotsWanted()) await page.screenshot(options);
}
