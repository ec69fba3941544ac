// The gateway's speed against a yardstick measured in the same run (npm run bench, or alone with
// `npx tsx tests/bench/speed-bench.ts`). The yardstick is reference-server.ts: a bare Fastify + pg route doing
// one indexed `select … order by id limit 10` on the same PostgreSQL, and a constant route. Every gateway
// figure is printed beside its absolute value as a ratio of the yardstick and beside its goal, so that a
// figure means the same on a quiet laptop and on a shared, busy machine: read the ratios, not the req/s.
// Everything runs on loopback with bounded request counts; the databases it makes are dropped after.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildGateway } from '../../scripts/gateway-build.mjs';
import { processTree } from '../../scripts/process-tree.mjs';
import { apiLogin, freePort, startGateway, type RunningGateway } from '../e2e/support/gateway-process';
import { npmStart } from '../support/npm-start';

type Recorder = (name: string, value: string, budget?: string) => void;

let compiled: Promise<string> | undefined;
/**
 * A gateway as `npm start` runs it (compiled to JavaScript, scripts/gateway-build.mjs), from a tree of the
 * benchmark's own built once per run, so that a build beside it cannot change what is measured.
 */
export async function benchGateway(env: Record<string, string>): Promise<RunningGateway> {
  compiled ??= buildGateway(process.cwd(), join(process.cwd(), '.tmp', 'bench-gateway'));
  return startGateway(env, { compiledServer: await compiled });
}

export interface Figure {
  rps: number;
  p99: number;
  failed: number;
  requests: number;
  /**
   * CPU time the server process spent per request (user + system, from /proc), when its pid is known. Unlike
   * a time, it hardly moves with the machine's load; at c concurrent requests a server on one thread cannot
   * answer faster than c × this per request at the median (Little's law), whatever the database does.
   */
  cpuMs?: number;
}

function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime (fields 14 and 15 of stat, 12 and 13 after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
/** Seconds of load a figure is taken over (each of a paired case's rounds, each side, gets this). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Which parts to run (comma-separated): postgres, pglite, scale; all unless given. */
const PARTS = new Set((process.env.BENCH_SPEED_PARTS ?? 'postgres,pglite,scale').split(','));

// Runs are bounded by time, not by a request count: autocannon ends a counted run only at its next
// one-second tick, which makes a short counted run's req/s a whole number of seconds' worth.
export async function hit(
  url: string,
  headers: Record<string, string> = {},
  seconds = SECONDS,
  pid?: number,
): Promise<Figure> {
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const cpu = pid ? cpuMsOf(pid) - cpuBefore : undefined;
  return {
    rps: result.requests.total / Math.max(result.duration, 0.01),
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    ...(cpu !== undefined ? { cpuMs: cpu / Math.max(result.requests.total, 1) } : {}),
  };
}

export const describe = (f: Figure) =>
  `${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms${f.cpuMs !== undefined ? `, CPU ${f.cpuMs.toFixed(2)} ms/request` : ''}${
    f.failed ? `, ${f.failed} of ${f.requests} failed` : ''
  }`;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

/**
 * BENCH_DB_SUFFIX is added to every database name the benchmark makes, so that two benchmarks (or parts of one)
 * run at once on one PostgreSQL server do not drop each other's.
 */
const dbName = (name: string) => `${name}${process.env.BENCH_DB_SUFFIX ?? ''}`;

/** A database of the benchmark's own on the local PostgreSQL, or null when none answers. */
export async function freshPostgres(base: string): Promise<string | null> {
  const name = dbName(base);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

export async function dropPostgres(base: string): Promise<void> {
  const name = dbName(base);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export interface Reference {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startReference(databaseUrl: string): Promise<Reference> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/reference-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export interface Yardstick {
  query: Figure;
  constant: Figure;
}

/** The reference's two routes, each warmed and then measured at 50 connections. */
export async function measureReference(reference: Reference, record: Recorder, when: string): Promise<Yardstick> {
  await hit(`${reference.url}/ref/query`, {}, 1);
  const query = await hit(`${reference.url}/ref/query`, {}, 3, reference.pid);
  const constant = await hit(`${reference.url}/ref/constant`, {}, 3, reference.pid);
  record(`reference: bare Fastify + pg, indexed select … limit 10 (${when})`, describe(query));
  record(`reference: bare Fastify, constant route (${when})`, describe(constant));
  return { query, constant };
}

/**
 * A gateway case and the reference's query route measured in turns (ROUNDS rounds of the reference, then the
 * case), so that whatever else loads the machine at a moment weighs on both alike. Answers the case's and
 * the reference's figures over all rounds, and the median of the rounds' ratios.
 */
export interface Measured {
  figure: Figure;
  ref: Figure;
  ratio: number;
}

export async function paired(
  reference: Reference,
  url: string,
  headers: Record<string, string> = {},
  pid?: number,
): Promise<Measured> {
  await hit(url, headers, 1);
  const refs: Figure[] = [];
  const figures: Figure[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    refs.push(await hit(`${reference.url}/ref/query`, {}, SECONDS, reference.pid));
    figures.push(await hit(url, headers, SECONDS, pid));
  }
  const ratios = figures.map((f, i) => f.rps / refs[i]!.rps).sort((x, y) => x - y);
  return { figure: combined(figures), ref: combined(refs), ratio: ratios[Math.floor(ratios.length / 2)]! };
}

/** Several runs as one: requests over time, the worst p99, failures summed. */
function combined(runs: Figure[]): Figure {
  const seconds = runs.reduce((sum, f) => sum + f.requests / Math.max(f.rps, 0.01), 0);
  const requests = runs.reduce((sum, f) => sum + f.requests, 0);
  const failed = runs.reduce((sum, f) => sum + f.failed, 0);
  const timed = runs.filter((f) => f.cpuMs !== undefined);
  const cpu =
    timed.length === runs.length
      ? { cpuMs: timed.reduce((sum, f) => sum + f.cpuMs! * f.requests, 0) / Math.max(requests, 1) }
      : {};
  return { rps: requests / seconds, p99: Math.max(...runs.map((f) => f.p99)), failed, requests, ...cpu };
}

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * What compressing API answers costs the gateway (plugins/compression.ts): CPU per request of large answers (the
 * menu tree, which the gateway keeps and so compresses once; a user page of 100, compressed every time) and of a
 * small one (a user page of 10, sent as it is), each asked as it is and with a browser's Accept-Encoding, and the
 * bytes each way. CPU per request hardly moves with the machine's load, unlike req/s.
 */
export async function measureCompression(
  label: string,
  gateway: RunningGateway,
  token: string,
  record: Recorder,
): Promise<void> {
  const authorization = `Bearer ${token}`;
  for (const [name, path] of [
    ['menu list', '/api/authcenter/authority/menu/list?loadOp=1'],
    ['user page of 100', '/api/authcenter/base/user/page?current=1&size=100'],
    ['user page of 10', '/api/authcenter/base/user/page?current=1&size=10'],
  ] as const) {
    const url = `${gateway.url}${path}`;
    const sent = async (headers: Record<string, string>) =>
      Number((await fetch(url, { headers })).headers.get('content-length'));
    // Node's fetch asks for gzip unless told otherwise.
    const identity = { authorization, 'accept-encoding': 'identity' };
    const browser = { authorization, 'accept-encoding': BROWSER_ENCODINGS };
    await hit(url, browser, 1);
    const plain = await hit(url, identity, SECONDS, gateway.pid);
    const compressed = await hit(url, browser, SECONDS, gateway.pid);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    record(
      `${label} ${name}, as it is / as a browser asks (${BROWSER_ENCODINGS})`,
      `CPU ${plain.cpuMs!.toFixed(2)} / ${compressed.cpuMs!.toFixed(2)} ms/request, ${plain.rps.toFixed(0)} / ` +
        `${compressed.rps.toFixed(0)} req/s; ${kb(await sent(identity))} / ${kb(await sent(browser))} sent`,
    );
  }
}

/** Prints a gateway figure as value, ratio of the reference, and goal (with ✓ or ✗). */
export function recordAgainst(
  record: Recorder,
  name: string,
  measured: Measured,
  goal: { minRatio?: number; maxP99?: number; text: string },
) {
  const { figure, ref, ratio } = measured;
  const met =
    figure.failed === 0 &&
    (goal.minRatio === undefined || ratio >= goal.minRatio) &&
    (goal.maxP99 === undefined || figure.p99 <= goal.maxP99);
  const p99Times = (figure.p99 / Math.max(ref.p99, 1)).toFixed(1);
  record(
    name,
    `${describe(figure)} — ${pct(ratio)} of the reference's req/s, p99 ${p99Times}× the reference's${
      ref.cpuMs !== undefined ? ` (its CPU ${ref.cpuMs.toFixed(2)} ms/request)` : ''
    }`,
    `${goal.text} ${met ? '✓' : '✗'}`,
  );
  return ratio;
}

/** Seeds the demo tenant plus `scale`×1000 staff (the seed CLI, a process of its own). */
export function seedUsers(env: { DATA_DIR?: string; DATABASE_URL?: string }, scale: number): number {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/db/seed/cli.ts', '--scale', String(scale)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error('seeding the benchmark users failed');
  return (Date.now() - started) / 1000;
}

/**
 * What autovacuum does within a minute of a bulk load (vacuum sets the visibility map that index-only scans
 * need, analyze gives the planner the table's size), done at once so the figures do not depend on when it
 * happens to run. PGlite has no autovacuum; the gateway does this itself on start (server.ts).
 */
export async function settle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

export function rssMb(pid: number): number {
  return statusMb(pid, 'VmRSS');
}

function statusMb(pid: number, field: 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/**
 * What `npm start` keeps resident once it has been quiet for a while (the gateway's threads empty their heaps
 * after five quiet seconds, gateway/src/idle-collect.ts): every process in its tree, read from /proc — npm's
 * own, and below it what the command started, which the goal is about (the gateway alone, unless a launcher or
 * a compiler is left beside it). Of the gateway, what is its own (anonymous: JavaScript heaps, PGlite's
 * WebAssembly memory, malloc) and what is mapped from files (mostly the node binary's code, shared with every
 * other node process on the machine).
 */
async function idleRss(npmPid: number, gatewayPid: number): Promise<{ total: number; text: string }> {
  await new Promise((r) => setTimeout(r, 8000));
  const [npm, ...started] = processTree(npmPid);
  const total = started.reduce((sum, p) => sum + p.rssMb, 0);
  const each = started.map((p) => `${p.name} ${p.rssMb.toFixed(0)}`).join(' + ');
  const split = `anon ${statusMb(gatewayPid, 'RssAnon').toFixed(0)} + file ${statusMb(gatewayPid, 'RssFile').toFixed(0)}`;
  return {
    total,
    text:
      `${total.toFixed(0)} MB in ${started.length} process${started.length === 1 ? '' : 'es'} (${each}; the ` +
      `gateway's ${split}), ${(total + (npm?.rssMb ?? 0)).toFixed(0)} MB with npm's own`,
  };
}

const USER_CASES = [
  ['first page', 'current=1&size=10'],
  ['page 5,000', 'current=5000&size=10'],
  ['name search', `nickName=${encodeURIComponent('王')}&current=1&size=10`],
] as const;
type UserCase = (typeof USER_CASES)[number][0];

/** The user page cases, each with the reference measured just before it when there is one. */
type CaseFigures = { figure: Figure; ref: Figure | null; ratio: number | null };
type UserPages = Record<UserCase, CaseFigures> & { coldDeepMs: number };

async function userPages(
  gateway: Pick<RunningGateway, 'url' | 'pid'>,
  reference: Reference | null,
): Promise<UserPages> {
  const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
  const headers = { authorization: `Bearer ${token}` };
  const out = {} as UserPages;
  // A deep page nobody read in the last seconds has no bookmark to seek from: one request alone, three
  // different deep pages, the median.
  const cold: number[] = [];
  for (const current of [5000, 4000, 3000]) {
    const started = performance.now();
    await fetch(`${gateway.url}/api/authcenter/base/user/page?current=${current}&size=10`, { headers });
    cold.push(performance.now() - started);
  }
  out.coldDeepMs = cold.sort((x, y) => x - y)[1]!;
  for (const [name, query] of USER_CASES) {
    const url = `${gateway.url}/api/authcenter/base/user/page?${query}`;
    if (reference) {
      out[name] = await paired(reference, url, headers, gateway.pid);
    } else {
      await hit(url, headers, 1);
      out[name] = { figure: await hit(url, headers, SECONDS * ROUNDS, gateway.pid), ref: null, ratio: null };
    }
  }
  return out;
}

/**
 * PostgreSQL: the gateway's menu list and user pages at 100k users, each right after a short run of the
 * reference; PGlite: the same user pages and the gateway's idle memory. Every figure is printed against
 * its goal.
 */
export async function measureSpeed(record: Recorder, staticDir?: string): Promise<void> {
  const base: Record<string, string> = staticDir ? { STATIC_DIR: staticDir } : {};
  const pgUrl = PARTS.has('postgres') || PARTS.has('pglite') ? await freshPostgres('wsf_bench_speed') : null;
  // PostgreSQL's page 1 as a ratio of the reference, for PGlite's to be compared with (both paired with it).
  let pgFirst: Measured | null = null;
  // The reference stays up for the PGlite part, so that PGlite is paired with it too.
  const reference = pgUrl ? await startReference(pgUrl) : null;
  try {
    if (pgUrl && reference && PARTS.has('postgres')) pgFirst = await measurePostgres(record, base, pgUrl, reference);
    else if (PARTS.has('postgres')) record('PostgreSQL', 'does not answer on 127.0.0.1:5432: skipped');
    if (PARTS.has('pglite')) await measurePglite(record, base, pgFirst, reference);
  } finally {
    await reference?.stop();
    if (pgUrl) await dropPostgres('wsf_bench_speed');
  }
  if (PARTS.has('scale')) {
    const { measureScale } = await import('./scale-bench');
    await measureScale(record);
  }
}

async function measurePostgres(
  record: Recorder,
  base: Record<string, string>,
  pgUrl: string,
  reference: Reference,
): Promise<Measured> {
  await measureReference(reference, record, 'alone, at the start');
  record('PostgreSQL seed 100,000 users', `${seedUsers({ DATABASE_URL: pgUrl }, 100).toFixed(0)} s`);
  await settle(pgUrl);
  const gateway = await benchGateway({ DATABASE_URL: pgUrl, ...base });
  try {
    const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
    const menuUrl = `${gateway.url}/api/authcenter/authority/menu/list?loadOp=1`;
    const menu = await paired(reference, menuUrl, { authorization: `Bearer ${token}` }, gateway.pid);
    recordAgainst(record, `PostgreSQL menu list (c=${CONNECTIONS})`, menu, {
      minRatio: 1 / 3,
      text: '≥ 33 % of the reference',
    });
    const pages = await userPages(gateway, reference);
    const first = pages['first page'];
    const measured = (c: UserPages[UserCase]): Measured => ({ figure: c.figure, ref: c.ref!, ratio: c.ratio! });
    const firstRatio = recordAgainst(
      record,
      `PostgreSQL user page, first page (100k users, c=${CONNECTIONS})`,
      measured(first),
      { minRatio: 1 / 3, maxP99: 30, text: '≥ 33 % of the reference, p99 ≤ 30 ms' },
    );
    const deep = pages['page 5,000'];
    recordAgainst(record, 'PostgreSQL user page, page 5,000', measured(deep), {
      minRatio: firstRatio / 2,
      text: 'within 2× of page 1',
    });
    record(
      'PostgreSQL user page, a deep page without a bookmark (one request alone)',
      `${pages.coldDeepMs.toFixed(0)} ms`,
    );
    const search = pages['name search'];
    recordAgainst(record, 'PostgreSQL user page, name search 王', measured(search), { text: '(no goal)' });
    return measured(first);
  } finally {
    await gateway.stop();
    await measureReference(reference, record, 'alone, at the end');
  }
}

async function measurePglite(
  record: Recorder,
  base: Record<string, string>,
  pgFirst: Measured | null,
  reference: Reference | null,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wsf-bench-speed-'));
  try {
    record('PGlite seed 100,000 users', `${seedUsers({ DATA_DIR: dataDir }, 100).toFixed(0)} s`);
    // Started as the README's quick start does, `npm start` itself, so that the memory counted is all that the
    // command keeps running (npm start compiles the gateway into .tmp/gateway-js and serves the bench's build).
    const started = await npmStart({ DATA_DIR: dataDir, ...base });
    const server = processTree(started.npm.pid!).find((p) => p.argv.at(-1)?.endsWith('/gateway/src/server.js'));
    const gateway = { url: started.url, pid: server!.pid };
    try {
      const idle = await idleRss(started.npm.pid!, gateway.pid);
      const pages = await userPages(gateway, reference);
      const after = await idleRss(started.npm.pid!, gateway.pid);
      const met = Math.max(idle.total, after.total) <= 250;
      record(
        'gateway RSS idle on PGlite (100k users; npm start, every process it started; 8 s after start / 8 s after the user pages)',
        `${idle.text} / ${after.text}`,
        `≤ 250 MB both ${met ? '✓' : '✗'}`,
      );
      const first = pages['first page'].figure;
      // Each engine's req/s as a ratio of the reference measured beside it, then the one over the other: the
      // machine's load at either moment cancels out.
      const firstRatio = pages['first page'].ratio;
      const vsPg = pgFirst ? (firstRatio ?? NaN) / pgFirst.ratio : NaN;
      record(
        'PGlite user page, first page (100k users)',
        `${describe(first)} — ${pct(vsPg)} of PostgreSQL's (each paired with the reference)`,
        `≥ 40 % of the PostgreSQL figure ${vsPg >= 0.4 && !first.failed ? '✓' : '✗'}`,
      );
      const deep = pages['page 5,000'].figure;
      record(
        'PGlite user page, page 5,000',
        `${describe(deep)} — ${pct(deep.rps / first.rps)} of page 1`,
        `within 2× of page 1, none failed ${deep.rps * 2 >= first.rps && !deep.failed ? '✓' : '✗'}`,
      );
      record(
        'PGlite user page, a deep page without a bookmark (one request alone)',
        `${pages.coldDeepMs.toFixed(0)} ms`,
      );
      const search = pages['name search'].figure;
      const searchMet = search.p99 <= 100 && !search.failed;
      record('PGlite user page, name search 王', describe(search), `p99 ≤ 100 ms ${searchMet ? '✓' : '✗'}`);
    } finally {
      await started.ctrlC();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows: string[][] = [];
  await measureSpeed((name, value, budget = '') => {
    rows.push([name, value, budget]);
    console.log(`  ${name}: ${value}${budget ? `  (goal ${budget})` : ''}`);
  });
  console.log('\n| figure | value | goal |\n|---|---|---|');
  for (const [name, value, budget] of rows) console.log(`| ${name} | ${value} | ${budget} |`);
}
