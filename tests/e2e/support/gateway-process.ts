// Starts the real gateway the way `npm start` does (a child process serving dist/ and /api) with a fresh data
// directory, for the browser tests, the benchmark and the port stress run. The gateway binds port 0 and
// prints the port the system gave it (gateway/src/server.ts): no port is chosen here and bound there, so none
// can be taken in between — neither by another spec's gateway nor by an outgoing connection, whose local
// port the kernel draws from the same ephemeral range.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { LISTENING_PREFIX } from '../../../gateway/src/config';
import type { Database } from '../../../gateway/src/db/database';
import { gatewayEnv } from '../../../scripts/gateway-build.mjs';
import { copyTemplate, databaseName, dropDatabase, pgTemplateOfRun } from './pg-databases';

export interface RunningGateway {
  url: string;
  dataDir: string;
  /** The gateway process (the benchmark reads its memory). */
  pid: number;
  stop(): Promise<void>;
  /**
   * Stops the gateway (closing its database) and starts it again on the same data, its wall clock `clockOffsetMs`
   * ahead of the real one: the days between have passed while no gateway ran, and its daily job catches them up
   * at start as a real one does. `url` and `pid` are the new process's.
   */
  restart(options: { clockOffsetMs: number }): Promise<void>;
}

/**
 * A port nobody listens on right now, for the benchmark's other servers (run one at a time). Free only until
 * someone binds it: the gateways themselves never use it.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A migrated, seeded data directory to start from (set by the browser tests' global setup). When the run has a
 * PostgreSQL template (./pg-databases.ts), a gateway runs on a copy of that instead, unless it asks for the
 * embedded database.
 */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';
/** Beside the data template once it is ready (the global setup may still be making it when specs start). */
export const templateReadyFile = (template: string) => `${template}.ready`;
/** Beside the data template when making it failed, with the error. */
export const templateFailedFile = (template: string) => `${template}.failed`;

/** Waits until the global setup has finished the data template. */
async function templateMade(template: string, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  while (!existsSync(templateReadyFile(template))) {
    if (existsSync(templateFailedFile(template)))
      throw new Error(`the data template could not be made:\n${readFileSync(templateFailedFile(template), 'utf8')}`);
    if (Date.now() > until) throw new Error(`the data template was not made within ${waitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The compiled server every spec's gateway runs (built once by the browser tests' global setup). */
export const COMPILED_SERVER_ENV = 'E2E_COMPILED_SERVER';

// Generous: on a loaded two-core machine a start has taken a minute.
const START_MS = 120_000;
/** The gateway's last output kept for the error of a failed start. */
const OUTPUT_KEPT = 16_000;

export interface StartOptions {
  /** How long the gateway may take to listen (START_MS unless given). */
  startMs?: number;
  /**
   * The compiled server (scripts/gateway-build.mjs) to run as npm start does; unless given, the one the browser
   * tests' global setup built, else the sources through tsx.
   */
  compiledServer?: string;
  /**
   * Work on the database of the gateway's own copy of the data template before it starts (a business walked by
   * the seeded people to where a spec begins).
   */
  prepare?: (db: Kysely<Database>, where: { filesDir: string }) => Promise<void>;
  /**
   * On the embedded database (PGlite, a copy of the data template) even when the run has a PostgreSQL template:
   * for the spec that shows that what `npm start` runs on a fresh checkout serves the client.
   */
  embedded?: boolean;
}

/**
 * A file to which each gateway's start (spawn to a healthy answer, in ms) is appended as a JSON line, with the
 * spec that started it and its database: for measuring where a browser run spends its time. Nothing unless set.
 */
export const START_TIMES_ENV = 'E2E_GATEWAY_START_TIMES';

async function noteStart(file: string | undefined, engine: string, ms: number) {
  if (!file) return;
  // Only when measuring: the benchmark starts gateways outside Vitest.
  const { expect } = await import('vitest');
  const spec = expect.getState().testPath?.split('/').pop() ?? 'other';
  appendFileSync(file, `${JSON.stringify({ spec, engine, ms: Math.round(ms), at: new Date().toISOString() })}\n`);
}

const MOVED_CLOCK = fileURLToPath(new URL('./moved-clock.mjs', import.meta.url));

export async function startGateway(
  env: Record<string, string> = {},
  { startMs = START_MS, compiledServer: given, prepare, embedded = false }: StartOptions = {},
): Promise<RunningGateway> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wsf-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  // On the run's PostgreSQL server unless the caller chose a database (or the embedded one) itself.
  const pgTemplate = env.DATA_DIR || env.DATABASE_URL || embedded ? null : pgTemplateOfRun();
  const database = pgTemplate ? databaseName('spec') : null;
  const ownEnv: Record<string, string> = {};
  let removed = false;
  const removeData = async () => {
    if (removed) return;
    removed = true;
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    if (pgTemplate && database) await dropDatabase(pgTemplate.server, database);
  };
  try {
    if (pgTemplate && database) {
      // The data directory holds only the files folder: the template's documents, which its rows name.
      cpSync(pgTemplate.files, join(dataDir, 'files'), { recursive: true });
      ownEnv.DATABASE_URL = await copyTemplate(pgTemplate, database);
    } else if (!env.DATA_DIR && template && existsSync(template)) {
      await templateMade(template, startMs);
      // The copy carries the template's prepared marker: the gateway does not migrate, seed and vacuum it again.
      cpSync(template, dataDir, { recursive: true });
    }
    if (prepare) {
      if (env.DATA_DIR || env.DATABASE_URL || !(template || pgTemplate))
        throw new Error('prepare works on a copy of the data template the global setup made');
      // Loaded only here: the benchmark's and the other specs' gateways need no database of their own.
      const { openDatabase } = await import('../../../gateway/src/db/database');
      const { appExtensions } = await import('../../../gateway/src/app-extensions');
      const { bindExtensions } = await import('../../../gateway/src/stage/extensions');
      const { db } = await openDatabase(ownEnv.DATABASE_URL ? { url: ownEnv.DATABASE_URL } : { dataDir });
      // The walks move businesses through the aggregate, which reads the rules an app's extensions carry.
      bindExtensions(db, appExtensions());
      try {
        await prepare(db, { filesDir: env.FILES_DIR ?? join(dataDir, 'files') });
      } finally {
        await db.destroy();
      }
    }
  } catch (error) {
    await removeData();
    throw error;
  }
  const compiledServer = given ?? (process.env[COMPILED_SERVER_ENV] || undefined);
  const engine = env.DATABASE_URL || ownEnv.DATABASE_URL ? 'postgres' : 'pglite';

  /** The gateway process on the data directory, its clock `clockOffsetMs` ahead; listening when it resolves. */
  async function launch(clockOffsetMs: number) {
    const moved = clockOffsetMs ? ['--import', MOVED_CLOCK] : [];
    const command = compiledServer ? [compiledServer] : ['--import', 'tsx', 'gateway/src/server.ts'];
    const child: ChildProcess = spawn(process.execPath, [...moved, ...command], {
      env: {
        ...(compiledServer ? gatewayEnv() : process.env),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: 'dist',
        LOG_LEVEL: 'warn',
        ...env,
        ...ownEnv,
        ...(clockOffsetMs ? { E2E_CLOCK_OFFSET_MS: String(clockOffsetMs) } : {}),
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const spawnedAt = performance.now();

    // Everything the gateway prints is passed on as before, and its tail kept for a failed start.
    let output = '';
    let pending = '';
    let port: number | undefined;
    const keep = (text: string) => {
      output = (output + text).slice(-OUTPUT_KEPT);
    };
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk.toString());
    });
    const listening = new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        keep(text);
        pending += text;
        let newline = pending.indexOf('\n');
        while (newline >= 0) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (port === undefined && line.startsWith(LISTENING_PREFIX)) {
            port = (JSON.parse(line.slice(LISTENING_PREFIX.length)) as { port: number }).port;
            resolve(port);
          } else {
            process.stdout.write(`${line}\n`);
          }
          newline = pending.indexOf('\n');
        }
      });
      child.once('exit', (code, signal) => reject(new Error(`the gateway exited with ${code ?? signal}`)));
      child.once('error', reject);
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the gateway did not listen within ${startMs / 1000} s`)), startMs);
    });
    try {
      await Promise.race([listening, timeout]);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (!res.ok) throw new Error(`the gateway's /api/health answered ${res.status}`);
      await noteStart(process.env[START_TIMES_ENV], engine, performance.now() - spawnedAt);
    } catch (error) {
      child.kill('SIGKILL');
      await exited;
      await removeData();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason}; its output:\n${output || '(none)'}`);
    } finally {
      clearTimeout(timer);
    }
    return { child, exited, url: `http://127.0.0.1:${port}` };
  }

  /** Ends the process with `signal` (SIGTERM: its database closed), then SIGKILL if it lasts over `waitMs`. */
  async function end(gw: Awaited<ReturnType<typeof launch>>, signal: 'SIGTERM' | 'SIGKILL', waitMs = 5000) {
    gw.child.kill(signal);
    await Promise.race([gw.exited, new Promise((r) => setTimeout(r, waitMs))]);
    if (gw.child.exitCode === null && gw.child.signalCode === null) {
      gw.child.kill('SIGKILL');
      await gw.exited;
    }
  }

  let current = await launch(0);
  const running: RunningGateway = {
    url: current.url,
    dataDir,
    pid: current.child.pid!,
    async stop() {
      // A gateway on a data directory (or a database) of its own is thrown away with it: closing its database
      // first (a PGlite checkpoint, seconds on a busy machine at the end of every spec) would write what nobody
      // reads again. A PostgreSQL database is dropped with its sessions.
      await end(current, env.DATA_DIR ? 'SIGTERM' : 'SIGKILL');
      await removeData();
    },
    async restart({ clockOffsetMs }) {
      // The data is kept: the database closed as a stopped server closes it.
      await end(current, 'SIGTERM', 30_000);
      current = await launch(clockOffsetMs);
      running.url = current.url;
      running.pid = current.child.pid!;
    },
  };
  return running;
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
