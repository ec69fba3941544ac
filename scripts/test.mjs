// npm test: the type check, the import-direction check, Biome's lint and format check, unit and component
// tests, gateway tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), Pact consumer tests, provider
// verification against the real gateway, and the browser tests in Debian's Chromium. Everything except the
// benchmark. The checks and the client build run side by side, then the test steps. It prints each step's wall
// time (and, for the test steps, each project's), the databases the gateway suite ran on, the Node every step
// ran on, and one closing line with the counts (CI reads `tests: N passed, N failed, N skipped`). A test file
// that failed without a failing test — it did not import, or a hook threw and its tests were skipped — counts
// as one failed test, so the line never reads green.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { CHROMIUM_INSTALLING, chromiumInstallCommand } from './browser.mjs';
import { clientIsStale } from './client-build.mjs';
import { PROJECT_NODE, sayWhenAnotherNode } from './runtime.mjs';

const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Gateway tests run per database: those named after PostgreSQL ran on it, the others on PGlite. */
const gatewayTests = { pglite: 0, postgres: 0 };
const brokenFiles = [];

/** Each step's wall time in seconds, in the order run: the closing lines say where the time went. */
const stepTimes = [];

function timed(name, work) {
  const started = performance.now();
  try {
    return work();
  } finally {
    stepTimes.push(`${name} ${Math.round((performance.now() - started) / 1000)} s`);
  }
}

function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const result = timed(name, () => spawnSync(command, args, { stdio: 'inherit', env: process.env }));
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

/**
 * A step run beside others: its output is kept and printed whole when it ends, under its name, so that the
 * lines of steps running at once do not interleave. Resolves when it ends, with its wall time recorded.
 */
function stepBeside(name, command, args, { shell = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env, shell });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const end = (status) => {
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      if (status !== 0) failures.push(name);
      stepTimes.push(`${name} ${Math.round((performance.now() - started) / 1000)} s`);
      resolve(status === 0);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(1);
    });
    child.once('close', (code) => end(code ?? 1));
  });
}

/** The project a test file belongs to, by where it lives (vite.config.ts). */
function projectOf(path) {
  if (path.startsWith('src/domain/')) return 'domain';
  if (path.startsWith('src/')) return 'unit';
  if (path.startsWith('gateway/')) return 'gateway';
  if (path.startsWith('tests/contract/')) return path.endsWith('.verify.test.ts') ? 'provider' : 'contract';
  if (path.startsWith('tests/e2e/')) return 'e2e';
  return 'other';
}

/** Per project, from its first test's start to its last test's end: projects of one step run side by side. */
function projectSpans(files) {
  const spans = new Map();
  for (const { path, startTime, endTime } of files) {
    if (!startTime || !endTime) continue; // a file that did not import ran no test
    const project = projectOf(path);
    const span = spans.get(project) ?? { start: startTime, end: endTime };
    spans.set(project, { start: Math.min(span.start, startTime), end: Math.max(span.end, endTime) });
  }
  return [...spans].map(([project, { start, end }]) => `${project} ${Math.round((end - start) / 1000)} s`).join(', ');
}

function vitest(name, projects) {
  const report = `.tmp/vitest-${name}.json`;
  rmSync(report, { force: true });
  step(name, process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    const files = json.testResults.map((file) => ({ ...file, path: relative(process.cwd(), file.name) }));
    const spans = projectSpans(files);
    if (spans) stepTimes.push(`${stepTimes.pop()} (${spans})`);
    for (const file of files) {
      const { path } = file;
      if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
        totals.failed += 1;
        brokenFiles.push(path);
      }
      if (!path.startsWith('gateway/')) continue;
      for (const test of file.assertionResults) {
        if (test.status !== 'passed') continue;
        gatewayTests[/postgres/i.test(test.fullName) ? 'postgres' : 'pglite'] += 1;
      }
    }
  } catch {
    failures.push(`${name} (no report)`);
  }
}

sayWhenAnotherNode('npm test');
const runStarted = performance.now();
mkdirSync('.tmp', { recursive: true });
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL not set: gateway tests run on PGlite only');

// The checks that read the tree, the client build and the install of what the browser and document tests need
// depend on nothing of each other: run side by side they take about as long as the longest of them (each one
// waits on its disk or the network part of the time, and Biome and the type check have short bursts).
const installCommand = chromiumInstallCommand();
if (installCommand) console.log(CHROMIUM_INSTALLING);
const buildStale = clientIsStale();
if (buildStale) console.log('正在构建前端 (vite build)…');
const besideStarted = performance.now();
await Promise.all([
  installCommand ? stepBeside('browser', installCommand, [], { shell: '/bin/bash' }) : null,
  stepBeside('typecheck', process.execPath, ['node_modules/typescript-native/bin/tsc', '--noEmit', '-p', '.']),
  stepBeside('boundaries', process.execPath, [
    'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
    'src',
    'gateway',
    '--config',
    '.dependency-cruiser.cjs',
  ]),
  // One linter and formatter for the whole tree (lines of at most 120 characters): an error fails the run.
  stepBeside('lint', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '.']),
  // The client the browser tests are served, built when it is missing or older than its sources.
  buildStale
    ? stepBeside('build', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
    : null,
]);
// One entry for the steps run side by side: their wall time together, and each one's own.
stepTimes.splice(
  0,
  stepTimes.length,
  `side by side ${Math.round((performance.now() - besideStarted) / 1000)} s (${stepTimes.join(', ')})`,
);
// Consumer tests write contracts/pacts and the provider verification replays them, after them in the same run
// (vite.config.ts: groupOrder), from the same database templates as the gateway's own tests; then the browser.
vitest('unit-and-pacts', ['domain', 'unit', 'gateway', 'contract', 'provider']);
vitest('browser-tests', ['e2e']);

if (process.env.TEST_DATABASE_URL && !gatewayTests.postgres) failures.push('gateway suite on PostgreSQL (none ran)');
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
if (brokenFiles.length) console.log(`test files that failed outside a test: ${brokenFiles.join(', ')}`);
const databases = [
  gatewayTests.pglite && `PGlite (${gatewayTests.pglite} passed)`,
  gatewayTests.postgres && `PostgreSQL (${gatewayTests.postgres} passed)`,
].filter(Boolean);
console.log(`gateway suite: ${databases.length ? databases.join(' + ') : 'no database (no gateway test passed)'}`);
// Every step runs on this process's Node (process.execPath), the vitest workers and the gateways they start too.
const runtime = process.versions.node === PROJECT_NODE ? "the project's" : `not the project's ${PROJECT_NODE}`;
console.log(`node: ${process.version} (${runtime}) for every step`);
console.log(`steps: ${stepTimes.join(', ')}; total ${Math.round((performance.now() - runStarted) / 1000)} s`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
