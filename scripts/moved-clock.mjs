// npm run test:moved-clock: the domain, unit and gateway tests once more with the clock moved, so that a test
// pinning the day it was written (a fixed date expected from a clock taken from the day it runs), or a Beijing
// day taken for the UTC one, fails here rather than on some later morning. Debian's faketime moves the clock of
// the whole run: once a year on, and once starting 30 s before a Beijing midnight (16:00 UTC) that is also the
// turn of a month and of a year, so the Beijing day, month and year change while the tests run and the UTC day
// differs from the Beijing one throughout. Only the wall clock moves (FAKETIME_DONT_FAKE_MONOTONIC): timers and
// timeouts keep real time. PGlite only: a PostgreSQL server's clock stays where it is.
// Not part of npm test (it runs the same tests twice more). MOVED_CLOCK=<which> runs one moment: 'year' or
// 'midnight'. Extra arguments go to Vitest (e.g. a file to run alone).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

function hasFaketime() {
  return spawnSync('faketime', ['-f', '+0', 'true']).status === 0;
}

function ensureFaketime() {
  if (hasFaketime()) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    console.error('移动时钟的测试需要 faketime（libfaketime）：请以 root 运行 apt-get install -y faketime');
    process.exit(1);
  }
  console.log('安装 faketime (apt-get)…');
  const r = spawnSync(
    '/bin/bash',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0 || !hasFaketime()) process.exit(1);
}

const realNow = Date.now();
const DAY = 86_400_000;
const nextYear = new Date(realNow).getUTCFullYear() + 1;
const moments = [
  { key: 'year', name: 'a year on', at: realNow + 365 * DAY },
  // 31 December 15:59:30 UTC is 23:59:30 in Beijing: 30 s later it is 1 January there.
  { key: 'midnight', name: 'before a Beijing midnight', at: Date.UTC(nextYear, 11, 31, 15, 59, 30) },
].filter((m) => !process.env.MOVED_CLOCK || m.key === process.env.MOVED_CLOCK);

ensureFaketime();
mkdirSync('.tmp', { recursive: true });
const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
delete env.TEST_DATABASE_URL;

const results = [];
for (const moment of moments) {
  // A relative offset in seconds: libfaketime reads an absolute start in the local zone, an offset in none.
  const offset = `${Math.round((moment.at - Date.now()) / 1000)}`;
  const label = `${moment.name} (from ${new Date(moment.at).toISOString()})`;
  console.log(`\n▶ moved clock: ${label}`);
  const report = `.tmp/vitest-moved-clock-${moment.key}.json`;
  rmSync(report, { force: true });
  const started = performance.now();
  const run = spawnSync(
    'faketime',
    [
      '-f',
      `+${offset}`,
      process.execPath,
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'domain',
      '--project',
      'unit',
      '--project',
      'gateway',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env },
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    // A file that failed without a failing test (it did not import, or a hook threw) counts as one failure.
    const broken = json.testResults
      .filter((f) => f.status === 'failed' && !f.assertionResults.some((t) => t.status === 'failed'))
      .map((f) => relative(process.cwd(), f.name));
    results.push({
      label,
      ok: run.status === 0,
      line: `${json.numPassedTests} passed, ${json.numFailedTests + broken.length} failed, ${json.numPendingTests + json.numTodoTests} skipped, ${seconds} s${broken.length ? ` (failed outside a test: ${broken.join(', ')})` : ''}`,
    });
  } catch {
    results.push({ label, ok: false, line: `no report (exit ${run.status}), ${seconds} s` });
  }
}

console.log('');
for (const r of results) console.log(`moved clock, ${r.label}: ${r.line}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
