// Where a gateway request's time goes: runs the gateway under `node --cpu-prof` on PostgreSQL (100k users)
// or PGlite, loads one URL with autocannon, and prints the functions with the most self time, grouped by
// package. `npx tsx tests/bench/profile-gateway.ts [postgres|pglite] [path?query]`; the .cpuprofile stays in
// .tmp/profile/ to open in Chrome DevTools. PROFILE_DATABASE_URL: an already seeded PostgreSQL to use as is;
// PROFILE_DATA_DIR: an already seeded PGlite data directory, copied. On PGlite the database thread writes a
// profile of its own: each is printed.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiLogin, freePort } from '../e2e/support/gateway-process';
import { dropPostgres, freshPostgres, seedUsers, settle } from './speed-bench';

const engine = process.argv[2] ?? 'postgres';
const path = process.argv[3] ?? '/api/authcenter/base/user/page?current=1&size=10';
const OUT = '.tmp/profile';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const env: Record<string, string> = {};
let dataDir: string | undefined;
const keep = process.env.PROFILE_DATABASE_URL;
if (keep) {
  env.DATABASE_URL = keep;
} else if (engine === 'postgres') {
  const url = await freshPostgres('wsf_bench_profile');
  if (!url) throw new Error('PostgreSQL does not answer');
  seedUsers({ DATABASE_URL: url }, 100);
  await settle(url);
  env.DATABASE_URL = url;
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'wsf-profile-'));
  if (process.env.PROFILE_DATA_DIR) cpSync(process.env.PROFILE_DATA_DIR, dataDir, { recursive: true });
  else seedUsers({ DATA_DIR: dataDir }, 100);
  env.DATA_DIR = dataDir;
}
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const port = await freePort();
const args = ['--cpu-prof', `--cpu-prof-dir=${OUT}`, '--import', 'tsx', 'gateway/src/server.ts'];
const child = spawn(process.execPath, args, {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir ?? mkdtempSync(join(tmpdir(), 'wsf-profile-')),
    ...env,
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 300; i += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}
const { token } = await apiLogin(base, 'admin', 'Admin@2026');
const result = await autocannon({
  url: `${base}${path}`,
  headers: { authorization: `Bearer ${token}` },
  connections: 50,
  amount: Number(process.env.PROFILE_REQUESTS ?? 5000),
});
console.log(`${(result.requests.total / result.duration).toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
const exited = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM');
await exited;
if (engine === 'postgres' && !keep) await dropPostgres('wsf_bench_profile');
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
for (const file of readdirSync(OUT).filter((f) => f.endsWith('.cpuprofile'))) {
  console.log(`\n${file}`);
  report(JSON.parse(readFileSync(join(OUT, file), 'utf8')) as Profile);
}

function report(profile: Profile) {
  // Only the samples of the load itself: the last `duration` seconds before shutdown, not the start's
  // module loading and schema compiling.
  const times: number[] = [];
  let t = 0;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const windowStart = t - (result.duration + 0.3) * 1e6;
  const hitsOf = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (times[i]! >= windowStart) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  });
  for (const n of profile.nodes) n.hitCount = hitsOf.get(n.id) ?? 0;
  const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const n of profile.nodes) {
    const url = n.callFrame.url;
    const own = url.includes('/gateway/src/') ? 'gateway/src' : url.startsWith('node:') ? 'node' : undefined;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? own ?? (n.callFrame.functionName || '(native)');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n.hitCount);
    const where = url.replace(/.*node_modules\//, '').replace(/.*\/gateway\//, 'gateway/');
    const key = `${n.callFrame.functionName || '(anonymous)'} ${where}:${n.callFrame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n.hitCount);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  console.log(`self time by package:\n${top(byPackage, 15)}\nself time by function:\n${top(byFunction, 25)}`);
}
