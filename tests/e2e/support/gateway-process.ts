// Starts the real gateway the way `npm start` does (a child process serving dist/ and /api) on a free
// port with a fresh data directory, for the browser tests and the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningGateway {
  url: string;
  dataDir: string;
  /** The gateway process (the benchmark reads its memory). */
  pid: number;
  stop(): Promise<void>;
}

function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port nobody listens on. Browser specs run two at a time: a port the OS hands out is free only until the
 * gateway binds it, so two workers could pick the same one and one spec would talk to the other's gateway.
 * Each Vitest worker therefore draws from a range of its own.
 */
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID ?? 0);
  if (!pool) return tryPort(0);
  const base = 31000 + pool * 1000;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await tryPort(base + Math.floor(Math.random() * 1000));
    } catch {
      // taken: draw again
    }
  }
  return tryPort(0);
}

/** A migrated, seeded data directory to start from (set by the browser tests' global setup). */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

export async function startGateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wsf-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  // The gateway still migrates and seeds on start; on a copy of the template both find nothing to do.
  if (!env.DATA_DIR && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('gateway did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API, as another client would. */
export async function apiLogin(
  url: string,
  username: string,
  password: string,
): Promise<{ token: string; tenantId: string }> {
  const res = await fetch(`${url}/api/authcenter/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string; tenantId: string } };
  if (body.code !== 0) throw new Error(body.message);
  return body.data;
}
