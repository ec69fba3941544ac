// Waiting for the page shown to finish loading, in one place. Every tag's page stays in the document while
// another is shown (the shell keeps it alive, hidden, with its effects paused): a page left while its list was
// still loading cancels that request and keeps its list marked busy until it is shown again, when it asks
// once more. So a wait for "no busy list anywhere in the document" may wait for a hidden page that will never
// answer; these waits look only at what is shown.
import type { Page } from 'playwright-core';

/**
 * Waits until nothing the person sees matching `busy` is marked busy: by default the lists (a table with
 * aria-busy); `[aria-busy="true"]` takes every busy region.
 */
export async function nothingBusyShown(page: Page, busy = 'table[aria-busy]'): Promise<void> {
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].every((element) => !element.checkVisibility()),
    busy,
    // Read every 100 ms rather than on every animation frame, which keeps a loaded machine's pages drawing.
    { polling: 100 },
  );
}
