// Counts the React components a production build renders, through React's DevTools hook (React calls it on
// every commit as the browser extension would). Counting renders is deterministic where timing is not: the
// browser specs hold the tag switch to its budget with it, and the benchmark prints it.
import type { BrowserContext, Page } from 'playwright-core';

export interface RenderCount {
  components: number;
  commits: number;
}

// Installed before the page's scripts: React looks for this hook when it starts. A function component
// (or class, forwardRef, memo) rendered in a commit is one that is new in the committed tree and either
// mounted or carries React's PerformedWork flag (1); fibers of an untouched subtree are the previous
// commit's own objects. Plain JavaScript text, so that tsx cannot wrap anything in helpers.
const COUNT_RENDERS = `(() => {
  let previous = new Set(); let recording = false; let components = 0; let commits = 0;
  const COMPONENT_TAGS = [0, 1, 11, 14, 15];
  const walk = (fiber, seen) => {
    for (let f = fiber; f; f = f.sibling) {
      seen.add(f);
      const rendered = COMPONENT_TAGS.includes(f.tag) && !previous.has(f) && (f.alternate === null || (f.flags & 1));
      if (recording && rendered) components += 1;
      walk(f.child, seen);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {},
    onCommitFiberRoot(_id, root) { const seen = new Set(); walk(root.current.child, seen); previous = seen; if (recording) commits += 1; },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
  };
  window.renderCount = {
    start() { components = 0; commits = 0; recording = true; },
    stop() { recording = false; return { components, commits }; },
  };
})();`;

interface CounterWindow {
  renderCount: { start(): void; stop(): RenderCount };
}

/** Call before the first page load of the context. */
export async function installRenderCounter(context: BrowserContext): Promise<void> {
  await context.addInitScript(COUNT_RENDERS);
}

/** The components rendered by `act` and whatever follows it until the page has settled for `settleMs`. */
export async function countRenders(page: Page, act: () => Promise<void>, settleMs = 500): Promise<RenderCount> {
  await page.evaluate(() => (window as unknown as CounterWindow).renderCount.start());
  await act();
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as CounterWindow).renderCount.stop());
}
