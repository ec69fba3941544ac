// npm test: the type check, the import-direction check, Biome's lint and format check, unit and component
// tests, gateway tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), Pact consumer tests, provider
// verification against the real gateway, and the browser tests in Debian's Chromium. Everything except the benchmark. It runs every
// step, then prints the databases the gateway suite ran on and one closing line with the counts (CI reads
// `tests: N passed, N failed, N skipped`). A test file that failed without a failing test — it did not import,
// or a hook threw and its tests were skipped — counts as one failed test, so the line never reads green then.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { ensureChromium } from './browser.mjs';
import { buildClientIfStale } from './client-build.mjs';

const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Gateway tests run per database: those named after PostgreSQL ran on it, the others on PGlite. */
const gatewayTests = { pglite: 0, postgres: 0 };
const brokenFiles = [];

function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
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
    for (const file of json.testResults) {
      const path = relative(process.cwd(), file.name);
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

mkdirSync('.tmp', { recursive: true });
ensureChromium();
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL not set: gateway tests run on PGlite only');

step('typecheck', process.execPath, ['node_modules/typescript-native/bin/tsc', '--noEmit', '-p', '.']);
step('boundaries', process.execPath, [
  'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
  'src',
  'gateway',
  '--config',
  '.dependency-cruiser.cjs',
]);
// One linter and formatter for the whole tree (lines of at most 120 characters): an error fails the run.
step('lint', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'ci', '.']);
try {
  buildClientIfStale();
} catch {
  failures.push('build');
}
// Consumer tests write contracts/pacts; verification and the browser tests run after them.
vitest('unit-and-consumer', ['domain', 'unit', 'gateway', 'contract']);
vitest('provider-and-browser', ['provider', 'e2e']);

if (process.env.TEST_DATABASE_URL && !gatewayTests.postgres) failures.push('gateway suite on PostgreSQL (none ran)');
console.log(`\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}`);
if (brokenFiles.length) console.log(`test files that failed outside a test: ${brokenFiles.join(', ')}`);
const databases = [
  gatewayTests.pglite && `PGlite (${gatewayTests.pglite} passed)`,
  gatewayTests.postgres && `PostgreSQL (${gatewayTests.postgres} passed)`,
].filter(Boolean);
console.log(`gateway suite: ${databases.length ? databases.join(' + ') : 'no database (no gateway test passed)'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
