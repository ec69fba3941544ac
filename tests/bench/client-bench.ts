// The client's figures (npm run bench, or alone with `npx tsx tests/bench/client-bench.ts`, some of them with
// BENCH_CLIENT_PARTS=wire,lighthouse,signin,switch): what the login page and the shell weigh on the wire,
// Lighthouse's mobile run (lighthouse-bench.ts), sign-in → first screen, and the tag switch, each printed beside
// its goal. Weights are the bytes the browser was sent, as the gateway compressed them; times are taken inside
// the page, so that Playwright's own round trips are not counted. A figure over its goal is marked ✗ and the exit code stays 0,
// except for the one structural check: a screen's code in the shell chunks (shell-chunks.ts) fails the run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH, ensureChromium } from '../../scripts/browser.mjs';
import type { RunningGateway } from '../e2e/support/gateway-process';
import { countRenders, installRenderCounter } from '../e2e/support/render-counter';
import { measureLighthouse } from './lighthouse-bench';
import type { BuiltChunk } from '../../vite.config';
import { screensInShell } from './shell-chunks';
import { type Row, speedTable } from './speed-table';
import { benchGateway } from './speed-bench';

type Recorder = (name: string, value: string, goal?: string) => void;

const FIRST_LIST_SCREEN = '/business/financingBusinessManage';
const TODO_COUNT = '/api/business/workbench/todo/count';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (met: boolean) => (met ? '✓' : '✗');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Builds the client into `outDir` (the benchmark serves a build of its own, so that a build beside it cannot
 * change the files under measurement) and fails the run, loudly, when a screen's code landed in the shell.
 */
export function buildClient(outDir: string): void {
  const report = join(outDir, '.chunks.json');
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
    { stdio: 'inherit', env: { ...process.env, CHUNKS_REPORT: report } },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const strays = screensInShell(JSON.parse(readFileSync(report, 'utf8')) as BuiltChunk[]);
  if (strays.length > 0) {
    console.error(`A screen's code is in the shell (load it from the screen's own chunk):\n  ${strays.join('\n  ')}`);
    process.exit(1);
  }
}

async function signIn(page: Page, user = 'admin', password = 'Admin@2026') {
  await page.getByLabel('用户名').fill(user);
  await page.getByLabel(/^密码/).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('heading', { name: /^你好，/ }).waitFor();
}

/** One response as it came over the network: its URL, its kind, its encoding, and the bytes it took. */
interface WireResponse {
  path: string;
  type: string;
  encoding: string;
  bytes: number;
  /** Of `bytes`, the response's header lines (HTTP/1.1 sends them whole with every response). */
  headerBytes: number;
}

/**
 * What a page is sent, as Chromium counts it (Network.loadingFinished's encodedDataLength: the body as it came,
 * compressed or not, with its headers), for every response whatever its kind: documents, scripts, styles,
 * fonts and API answers. The browser sends Accept-Encoding as it always does ("gzip, deflate, br, zstd").
 * A response taken from the browser's cache counts what it fetched, nothing.
 */
async function trackWire(page: Page): Promise<() => WireResponse[]> {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, Omit<WireResponse, 'bytes' | 'headerBytes'>>();
  const headerBytes = new Map<string, number>();
  const sent: WireResponse[] = [];
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, headersText }) => {
    if (headersText) headerBytes.set(requestId, Buffer.byteLength(headersText));
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    seen.set(requestId, { path: new URL(response.url).pathname, type, encoding: encoding?.[1] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = seen.get(requestId);
    if (response) sent.push({ ...response, bytes: encodedDataLength, headerBytes: headerBytes.get(requestId) ?? 0 });
  });
  await cdp.send('Network.enable');
  return () => [...sent];
}

/** The responses' bytes by kind, largest first, and the encodings the scripts came in. */
function wireSummary(responses: WireResponse[]): string {
  const byType = new Map<string, { bytes: number; count: number }>();
  for (const r of responses) {
    const t = byType.get(r.type) ?? { bytes: 0, count: 0 };
    byType.set(r.type, { bytes: t.bytes + r.bytes, count: t.count + 1 });
  }
  const kinds = [...byType]
    .sort((x, y) => y[1].bytes - x[1].bytes)
    .map(([type, t]) => `${type} ${kb(t.bytes)} in ${t.count}`);
  const encodings = [...new Set(responses.filter((r) => r.type === 'Script').map((r) => r.encoding))];
  const headers = responses.reduce((sum, r) => sum + (r.bytes > 0 ? r.headerBytes : 0), 0);
  return `${kinds.join(', ')}; ${kb(headers)} of it headers; scripts as ${encodings.join(' / ') || 'none'}`;
}

const wireTotal = (responses: WireResponse[]) => responses.reduce((sum, r) => sum + r.bytes, 0);

/**
 * Bytes on the wire from a fresh browser (empty cache): /login until the network is quiet, then signing in and
 * opening the first list screen, counted from the first byte of /login on.
 */
async function measureWeights(browser: Browser, gateway: RunningGateway, record: Recorder) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const wire = await trackWire(page);
  await page.goto(`${gateway.url}/login`, { waitUntil: 'networkidle' });
  const login = wire();
  record(
    'everything /login is sent until the network is quiet (bytes on the wire)',
    `${kb(wireTotal(login))} (${wireSummary(login)})`,
    `≤ 230 KB ${mark(wireTotal(login) <= 230 * 1024)}`,
  );

  await signIn(page);
  await page.goto(`${gateway.url}${FIRST_LIST_SCREEN}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: '融资业务管理' }).waitFor();
  const shell = wire();
  record(
    'shell + first list screen, from /login on (bytes on the wire)',
    `${kb(wireTotal(shell))} (${wireSummary(shell)})`,
    `≤ 350 KB ${mark(wireTotal(shell) <= 350 * 1024)}`,
  );
  // What they were, largest first: where a budget went is the first question when it is over.
  const largest = shell
    .filter((r) => r.type === 'Script')
    .sort((x, y) => y.bytes - x.bytes)
    .map((r) => `${r.path.replace('/assets/', '')} ${kb(r.bytes)}`);
  console.log(`    ${largest.length} scripts: ${largest.join(', ')}`);
  await context.close();
}

/**
 * Sign-in → first screen: from the form's submit to the end of the last API call the first screen makes
 * (its heading must be in the DOM by then), once the network has been quiet for 500 ms. The to-do count is
 * not one of them: the shell asks for it once the first screen shows (SPEC's one call, after the screen), so
 * it ends a round trip after the screen whatever the sign-in costs; its own row says it was asked once and
 * after, and the figure names how long the sign-in took until it came back too.
 */
async function measureSignIn(browser: Browser, gateway: RunningGateway, record: Recorder) {
  const times: number[] = [];
  const withTodo: number[] = [];
  let todoCalls = 0;
  let todoCancelled = 0;
  let todoBeforeScreen = 0;
  const RUNS = 5;
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${gateway.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel(/^密码/).fill('Admin@2026');
    // The page runs the app once the form is used (boot-login.ts): a person typing has it by the time they
    // press 登录, so the press waits for the login screen to have taken the drawn form over.
    await page.locator('#drawn-login').waitFor({ state: 'detached' });
    await page.evaluate(() => {
      const w = window as unknown as { signIn: { submittedAt: number; shownAt: number } };
      w.signIn = { submittedAt: 0, shownAt: 0 };
      document.addEventListener(
        'submit',
        () => {
          w.signIn.submittedAt = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent?.startsWith('你好'))) {
          observer.disconnect();
          w.signIn.shownAt = performance.now();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    let pending = 0;
    let lastSettled = Date.now();
    const settle = () => {
      pending -= 1;
      lastSettled = Date.now();
    };
    page.on('request', (req) => {
      if (!new URL(req.url()).pathname.startsWith('/api/')) return;
      pending += 1;
      if (new URL(req.url()).pathname === TODO_COUNT) todoCalls += 1;
    });
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) settle();
    });
    page.on('requestfailed', (req) => {
      if (!new URL(req.url()).pathname.startsWith('/api/')) return;
      settle();
      if (new URL(req.url()).pathname === TODO_COUNT) todoCancelled += 1;
    });
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('heading', { name: /^你好，/ }).waitFor();
    while (pending > 0 || Date.now() - lastSettled < 500) await page.waitForTimeout(50);
    const { submittedAt, shownAt, lastCallEnd, todoStart, todoEnd } = await page.evaluate(() => {
      const w = window as unknown as { signIn: { submittedAt: number; shownAt: number } };
      const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => new URL(e.name).pathname.startsWith('/api/') && e.startTime >= w.signIn.submittedAt,
      );
      // No named inner functions: tsx would wrap them in a helper that the page does not have.
      const todoPath = '/api/business/workbench/todo/count';
      const todo = calls.find((e) => new URL(e.name).pathname === todoPath);
      return {
        ...w.signIn,
        lastCallEnd: Math.max(0, ...calls.filter((e) => e !== todo).map((e) => e.responseEnd)),
        todoStart: todo ? todo.startTime : Number.POSITIVE_INFINITY,
        todoEnd: todo ? todo.responseEnd : 0,
      };
    });
    if (todoStart < shownAt) todoBeforeScreen += 1;
    times.push(Math.max(shownAt, lastCallEnd) - submittedAt);
    withTodo.push(Math.max(shownAt, lastCallEnd, todoEnd) - submittedAt);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const m = median(times);
  record(
    `sign-in → first screen (Enter to the last call of the first screen, median of ${RUNS})`,
    `${m.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}; to-do count back at ${median(withTodo).toFixed(0)})`,
    `≤ 300 ms ${mark(m <= 300)}`,
  );
  const once = todoCalls === RUNS && todoCancelled === 0 && todoBeforeScreen === 0;
  record(
    'to-do count calls per sign-in (cancelled; sent before the first screen showed)',
    `${(todoCalls / RUNS).toFixed(1)} (${todoCancelled}; ${todoBeforeScreen} of ${RUNS})`,
    `one, after the first screen ${mark(once)}`,
  );
}

/**
 * Switching back to a cached tag: from the click on the tag to the moment its page is shown again (the
 * DOM mutation that makes its heading visible), inside the page; goal: one frame. Beside it, how many
 * components render for one switch, counted through React's DevTools hook (the production build calls it
 * as the browser extension would): a switch should re-render the highlight and the shown page only.
 */
async function measureTagSwitch(browser: Browser, gateway: RunningGateway, record: Recorder) {
  const context: BrowserContext = await browser.newContext();
  await installRenderCounter(context);
  const page = await context.newPage();
  await page.goto(`${gateway.url}/login`);
  await signIn(page);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.getByText('业务管理', { exact: true }).click();
  for (const title of ['融资业务管理', '业务审核']) {
    await nav.getByText(title, { exact: true }).click();
    await page.getByRole('heading', { name: title }).waitFor();
  }
  await page.waitForLoadState('networkidle');
  const tagBar = page.getByRole('navigation', { name: '已打开的页面' });
  // A kept-alive page has what it shows: showing it again asks the gateway for nothing.
  let requests = 0;
  const countRequest = (req: { url(): string }) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) requests += 1;
  };
  page.on('request', countRequest);
  const times: number[] = [];
  const frames: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const target = i % 2 === 0 ? '融资业务管理' : '业务审核';
    // No named inner functions: tsx would wrap them in a helper that the page does not have.
    // Beside the figure, when the next frame was drawn: a rAF callback runs before that frame's style, layout
    // and paint, and a task queued from it runs after them.
    const timing = page.evaluate(
      (title) =>
        new Promise<[number, number]>((resolve) => {
          const tags = document.querySelector('nav[aria-label="已打开的页面"]')!;
          let clickedAt = 0;
          tags.addEventListener(
            'click',
            () => {
              clickedAt = performance.now();
            },
            { capture: true, once: true },
          );
          const observer = new MutationObserver(() => {
            if (
              clickedAt &&
              [...document.querySelectorAll('h1')].some((h) => h.textContent === title && h.checkVisibility())
            ) {
              observer.disconnect();
              const shown = performance.now() - clickedAt;
              requestAnimationFrame(() => setTimeout(() => resolve([shown, performance.now() - clickedAt])));
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        }),
      target,
    );
    await tagBar.getByText(target, { exact: true }).click();
    const [shown, drawn] = await timing;
    times.push(shown);
    frames.push(drawn);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const m = median(times);
  record(
    'switch back to a cached tag (median of 10)',
    `${m.toFixed(1)} ms (max ${sorted.at(-1)!.toFixed(1)}; next frame drawn at ${median(frames).toFixed(1)})`,
    `≤ 16 ms ${mark(m <= 16)}`,
  );

  const renders = await countRenders(page, async () => {
    await tagBar.getByText('融资业务管理', { exact: true }).click();
    await page.getByRole('heading', { name: '融资业务管理' }).waitFor();
  });
  record(
    'components rendered by one tag switch',
    `${renders.components} in ${renders.commits} commits`,
    `≤ 60 ${mark(renders.components <= 60)}`,
  );
  // The render count waited for the page to settle after the eleventh switch: a late request is in.
  page.off('request', countRequest);
  record(
    'requests sent by switching back to cached tags',
    `${requests} in 11 switches`,
    `none ${mark(requests === 0)}`,
  );
  await context.close();
}

/** Which client parts to run (comma-separated): wire, lighthouse, signin, switch; all unless given. */
const PARTS = new Set((process.env.BENCH_CLIENT_PARTS ?? 'wire,lighthouse,signin,switch').split(','));

/** Every client figure of the speed table, against a gateway serving the benchmark's build. */
export async function measureClient(gateway: RunningGateway, record: Recorder): Promise<void> {
  // Lighthouse in a browser of its own (lighthouse-bench.ts), before the others load the machine.
  if (PARTS.has('lighthouse')) await measureLighthouse(gateway, record, signIn);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    if (PARTS.has('wire')) await measureWeights(browser, gateway, record);
    if (PARTS.has('signin')) await measureSignIn(browser, gateway, record);
    if (PARTS.has('switch')) await measureTagSwitch(browser, gateway, record);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = '.tmp/bench-dist';
  buildClient(dist);
  ensureChromium();
  const rows: Row[] = [];
  const gateway = await benchGateway({ STATIC_DIR: dist });
  try {
    await measureClient(gateway, (name, value, goal = '') => {
      rows.push([name, value, goal]);
      console.log(`  ${name}: ${value}${goal ? `  (goal ${goal})` : ''}`);
    });
  } finally {
    await gateway.stop();
  }
  console.log(`\n${speedTable(rows)}`);
}
