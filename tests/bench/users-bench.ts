// 用户管理 (issue 5): the paged user list at 100,000 users, p99 at 50 connections — the first page, a page
// deep in the list, and a name search — on a gateway whose database was seeded with `npm run seed -- --scale
// 100` beforehand. Run alone with `npx tsx tests/bench/users-bench.ts`, or as part of `npm run bench`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { apiLogin, startGateway } from '../e2e/support/gateway-process';

type Record = (name: string, value: string, budget?: string) => void;

const SCALE = 100;
const AMOUNT = Number(process.env.BENCH_USER_REQUESTS ?? 2000);

/** Seeds the demo tenant plus SCALE×1000 staff into DATA_DIR or DATABASE_URL (the seed CLI, a process of its own). */
function seed(env: { DATA_DIR?: string; DATABASE_URL?: string }): number {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/db/seed/cli.ts', '--scale', String(SCALE)], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error('seeding the benchmark users failed');
  return (Date.now() - started) / 1000;
}

export async function measureUserPage(label: string, record: Record, env: { DATABASE_URL?: string } = {}): Promise<void> {
  const dataDir = env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'wsf-bench-users-'));
  const seconds = seed(dataDir ? { DATA_DIR: dataDir } : env);
  record(`${label} seed ${SCALE},000 users`, `${seconds.toFixed(0)} s`);
  const gateway = await startGateway(dataDir ? { DATA_DIR: dataDir } : { ...env });
  try {
    const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
    const headers = { authorization: `Bearer ${token}` };
    const cases: Array<[string, string]> = [
      ['first page', 'current=1&size=10'],
      ['page 5,000', 'current=5000&size=10'],
      ['name search', `nickName=${encodeURIComponent('王')}&current=1&size=10`],
    ];
    for (const [name, query] of cases) {
      const result = await autocannon({ url: `${gateway.url}/api/authcenter/base/user/page?${query}`, headers, connections: 50, amount: AMOUNT });
      const failures = result.non2xx + result.errors + result.timeouts;
      record(`${label} user page, ${name} (100k users, 50 connections, ${AMOUNT} requests)`,
        `${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms${failures ? `, ${failures} failed` : ''}`);
    }
  } finally {
    await gateway.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows: string[][] = [];
  await measureUserPage(process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', (name, value, budget = '') => {
    rows.push([name, value, budget]);
    console.log(`  ${name}: ${value}`);
  }, process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
}
