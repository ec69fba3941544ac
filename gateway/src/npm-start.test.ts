// `npm start` as the README's quick start runs it: once it serves, npm's own process and the gateway are all
// that run (no launcher and no compiler left beside the gateway, which held some 200 MB between them), Ctrl-C
// stops both with the database closed, and the next start finds what the last one wrote. It runs the gateway
// compiled to plain JavaScript (scripts/gateway-build.mjs), not its sources: the compiled tree must find by file
// name what the sources find — every module's routes, the migrations, the seeds, the database thread and the
// holiday calendar — so a fresh data directory is migrated, seeded and served from it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_NODE } from '../../scripts/runtime.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTree, type TreeProcess } from '../../scripts/process-tree.mjs';
import { type NpmStarted, npmStart } from '../../tests/support/npm-start';
import { runStatements, withDatabase } from './testing/pg-server';
import { copyPgTemplate, PG_TEMPLATE_SCHEMA } from './testing/pglite-template';
import { databasesUnderTest } from './testing/test-gateway';

// Generous: a first start migrates and seeds, and on a loaded two-core machine that has taken minutes.
const START_MS = 300_000;

/**
 * Whether a process still runs: one that has ended but that nobody has reaped yet (a zombie: its parent ended
 * first, and this machine's first process does not reap what it inherits) holds nothing and runs nothing.
 */
const running = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/** The processes of `tree` still running, once they have had `ms` to finish ending. */
async function stillRunning(tree: TreeProcess[], ms = 5000) {
  const until = Date.now() + ms;
  let left = tree.filter((p) => running(p.pid));
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = left.filter((p) => running(p.pid));
  }
  return left;
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/authcenter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function menuCode(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/authcenter/authority/menu/list?loadOp=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { code: number }).code;
}

describe.each(databasesUnderTest())('npm start on $name', ({ databaseUrl }) => {
  const work = mkdtempSync(join(tmpdir(), 'npm-start-'));
  const database = `npm_start_${randomBytes(6).toString('hex')}`;
  // The client is served from an empty folder of its own, so the quick start builds none here (the browser
  // tests build it).
  const env: Record<string, string> = { STATIC_DIR: join(work, 'static') };
  let first: NpmStarted | undefined;
  let again: NpmStarted | undefined;
  let tree: TreeProcess[] = [];

  beforeAll(async () => {
    if (databaseUrl) {
      // A copy of the run's migrated, seeded database when there is one (its tables in a schema of their own),
      // else an empty database that the start migrates and seeds.
      const copy = await copyPgTemplate(databaseUrl, database);
      if (!copy) await runStatements(databaseUrl, `create database ${database}`);
      env.DATABASE_URL = copy
        ? `${copy}?options=${encodeURIComponent(`-c search_path=${PG_TEMPLATE_SCHEMA}`)}`
        : withDatabase(databaseUrl, database);
    } else {
      env.DATA_DIR = join(work, 'data');
    }
    first = await npmStart(env, START_MS);
    tree = processTree(first.npm.pid!);
  }, START_MS);

  afterAll(async () => {
    await first?.ctrlC();
    await again?.ctrlC();
    if (databaseUrl) await runStatements(databaseUrl, `drop database if exists ${database} with (force)`);
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('leaves one Node process serving under npm: the gateway, with no launcher, shell or compiler', () => {
    const [npm, ...below] = tree;
    expect(npm!.pid).toBe(first!.npm.pid);
    const serving = below.filter((p) => p.ppid === npm!.pid);
    expect(serving.map((p) => ({ name: p.name, server: p.argv.at(-1) }))).toEqual([
      { name: 'node', server: expect.stringMatching(/\.tmp\/gateway-js\/gateway\/src\/server\.js$/) },
    ]);
    // Beneath it, at most the gateway's own document renderer, kept while the seed's documents are drawn.
    for (const p of below.filter((x) => x.ppid !== npm!.pid)) {
      expect({ name: p.name, ppid: p.ppid, child: p.argv.at(-1) }).toEqual({
        name: 'node',
        ppid: serving[0]!.pid,
        child: expect.stringMatching(/gateway\/src\/documents\/pdf-document\.child\.js$/),
      });
    }
  });

  it("runs on the project's own Node", () => {
    expect(first!.node).toBe(`v${PROJECT_NODE}`);
  });

  it('migrates, seeds and serves every module from the compiled tree', async () => {
    const token = await login(first!.url);
    // One module's routes with the seeded users, and the menu every other module hangs its pages on.
    const users = await fetch(`${first!.url}/api/authcenter/base/user/page?current=1&size=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await users.json()) as { data: { total: number } }).data.total).toBeGreaterThan(10);
    expect(await menuCode(first!.url, token)).toBe(0);
  });

  it('carries the holiday calendar that business days are read from', async () => {
    const days = (await import(join(process.cwd(), '.tmp/gateway-js/src/domain/calendar/business-day.js'))) as {
      isBusinessDay(date: string): boolean;
    };
    expect([days.isBusinessDay('2026-10-01'), days.isBusinessDay('2026-10-10')]).toEqual([false, true]);
  });

  it(
    'stops npm and the gateway on Ctrl-C, the data kept for the next start',
    async () => {
      const token = await login(first!.url);
      expect(await menuCode(first!.url, token)).toBe(0);
      // npm passes Ctrl-C on and returns once the gateway has closed its database and exited.
      expect(await first!.ctrlC()).toEqual({ code: 0, signal: null });
      expect(await stillRunning(tree)).toEqual([]);
      // PostgreSQL keeps what was committed however a gateway ends; PGlite's data directory is whole only when
      // the gateway closed it: the session the first start wrote is read by the second.
      if (databaseUrl) return;
      again = await npmStart(env, START_MS);
      expect(await menuCode(again.url, token)).toBe(0);
      expect(await again.ctrlC()).toEqual({ code: 0, signal: null });
    },
    START_MS,
  );
});
