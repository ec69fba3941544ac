// `npm start` runs the gateway compiled to plain JavaScript (scripts/gateway-build.mjs), not its sources: the
// compiled tree must find by file name what the sources find — every module's routes, the migrations, the
// seeds and the database thread — so a fresh data directory is migrated, seeded and served from it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, gatewayEnv } from '../../scripts/gateway-build.mjs';
import { PROJECT_NODE } from '../../scripts/runtime.mjs';
import { LISTENING_PREFIX } from './config';

describe('the gateway as npm start runs it (compiled)', () => {
  const work = mkdtempSync(join(tmpdir(), 'gw-compiled-'));
  // Inside the repository, as npm start's own: the compiled files find their packages in its node_modules.
  const compiledDir = join(process.cwd(), '.tmp', `gateway-js-test-${process.pid}`);
  let child: ChildProcess | undefined;
  let url = '';
  let node = '';

  beforeAll(async () => {
    const server = await buildGateway(process.cwd(), compiledDir);
    expect(existsSync(server)).toBe(true);
    child = spawn(process.execPath, [server], {
      env: { ...gatewayEnv(), DATA_DIR: join(work, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const listening = await new Promise<{ port: number; node: string }>((resolve, reject) => {
      let seen = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const line = seen.split('\n').find((l) => l.startsWith(LISTENING_PREFIX));
        if (line) resolve(JSON.parse(line.slice(LISTENING_PREFIX.length)));
      });
      child!.once('exit', (code) => reject(new Error(`the compiled gateway exited with ${code}`)));
    });
    url = `http://127.0.0.1:${listening.port}`;
    node = listening.node;
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
    rmSync(compiledDir, { recursive: true, force: true });
  });

  it("runs on the project's own Node", () => {
    expect(node).toBe(`v${PROJECT_NODE}`);
  });

  it('migrates, seeds and serves every module from the compiled tree', async () => {
    const login = await fetch(`${url}/api/authcenter/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${data.token}` };
    // One module's routes, and a lifecycle module's with its seeded rows (a feature seed of its own).
    const users = await fetch(`${url}/api/authcenter/base/user/page?current=1&size=10`, { headers });
    expect(((await users.json()) as { data: { total: number } }).data.total).toBeGreaterThan(10);
    const menus = await fetch(`${url}/api/authcenter/authority/menu/list?loadOp=1`, { headers });
    expect(((await menus.json()) as { code: number }).code).toBe(0);
  });

  it('carries the holiday calendar that business days are read from', async () => {
    const days = (await import(join(compiledDir, 'src/domain/calendar/business-day.js'))) as {
      isBusinessDay(date: string): boolean;
    };
    expect([days.isBusinessDay('2026-10-01'), days.isBusinessDay('2026-10-10')]).toEqual([false, true]);
  });
});
