// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The form login.html draws before the app's scripts load, as the page has it. */
const DRAWN_FORM = /<main id="drawn-login">[\s\S]*?<\/main>/.exec(
  readFileSync(resolve(import.meta.dirname, '../../../login.html'), 'utf8'),
)![0];

// What the build holds back in the page (vite.config.ts, preload-login): the preloads and the entry's script. The
// script's type is one the test's DOM does not run.
const HELD =
  '<template id="app"><link rel="modulepreload" href="/assets/index.js"><link rel="modulepreload" href="/assets/login-screen.js">' +
  '<script type="text/x-held" src="/assets/index.js"></script></template>';

const live = () => ({
  preloads: document.head.querySelectorAll('link[rel="modulepreload"]').length,
  started: document.head.querySelector('script[src="/assets/index.js"]') !== null,
});

async function openLoginPage() {
  document.body.innerHTML = `${DRAWN_FORM}<div id="root"></div>${HELD}`;
  vi.resetModules();
  await import('./boot-login');
  // The first frame, and the task after it.
  await vi.advanceTimersByTimeAsync(50);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the login page's first script", () => {
  it('fetches the app once the form is drawn, and runs it only when the form is used', async () => {
    await openLoginPage();
    expect(live()).toEqual({ preloads: 2, started: false });

    document.querySelector<HTMLInputElement>('#drawn-username')!.focus();

    expect(live()).toEqual({ preloads: 2, started: true });
    expect(document.getElementById('app')).toBeNull();
  });

  it('runs the app on the click of 登录 pressed first, not on the press, and remembers the sign-in', async () => {
    await openLoginPage();
    const button = document.querySelector<HTMLButtonElement>('#drawn-login button')!;

    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button.focus();
    expect(live().started).toBe(false);

    button.click();
    expect(live().started).toBe(true);
    expect(document.getElementById('drawn-login')!.dataset.submit).toBe('true');
  });

  it('runs the app after a while on a page nobody touches', async () => {
    await openLoginPage();
    await vi.advanceTimersByTimeAsync(4000);
    expect(live().started).toBe(false);

    await vi.advanceTimersByTimeAsync(2500);
    expect(live().started).toBe(true);
  });
});
