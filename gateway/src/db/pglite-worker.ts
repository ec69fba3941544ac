// The embedded database's own thread (started by pglite-client.ts): PGlite runs its statements inside
// WebAssembly, synchronously, so on the gateway's thread one slow statement (a count over 100,000 users, the
// hourly vacuum) stopped every other request — health checks and sign-ins included — until it finished. Here
// it stalls only this thread; the gateway keeps serving what needs no database, and queues the rest.
//
// PGlite is one session. Statements run one at a time in arrival order, except that while a transaction is
// open only its own statements run (the others wait for its COMMIT or ROLLBACK): the isolation a pool of
// connections gives on PostgreSQL. A transaction left idle longer than the statement limit is rolled back,
// as PostgreSQL's idle_in_transaction_session_timeout does, so a forgotten one cannot stop the database.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { collectWhenIdle } from '../idle-collect';

export interface WorkerSetup {
  /** PGlite keeps its files here; in memory when absent. */
  dataDir?: string;
  /** A data directory dumped by dumpDataDir, loaded instead of creating a cluster (tests' template). */
  from?: ArrayBuffer;
  /** Compiled once by the gateway's thread and shared by every worker it starts. */
  pgliteWasmModule: WebAssembly.Module;
  /** Only when PGlite creates the cluster (no data directory holding one, no dump to load). */
  initdbWasmModule?: WebAssembly.Module;
  /** One Int32: the number of the statement running, 0 when none (the gateway's watchdog reads it). */
  running: SharedArrayBuffer;
  idleInTransactionMs: number;
  /** Channels to LISTEN on from the start (a worker started again after a crash keeps its listeners). */
  channels: string[];
}

export type WorkerRequest =
  | {
      id: number;
      kind: 'query';
      /** The connection that sent it; a transaction's statements all carry its connection's number. */
      session: number;
      sql: string;
      params: unknown[];
      /** BEGIN opens the session's transaction; COMMIT and ROLLBACK close it. */
      transaction?: 'begin' | 'end';
    }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' }
  /** The caller gave up waiting: drop the request if it has not started. */
  | { id: number; kind: 'cancel' };

/** What a failed statement carries across: PostgreSQL's fields (code, constraint …) besides the message. */
export type WorkerError = { message: string; fields: Record<string, unknown> };

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; rows: unknown[]; affectedRows?: number }
  | { kind: 'dump'; id: number; data: ArrayBuffer }
  | { kind: 'error'; id: number; error: WorkerError }
  | { kind: 'notification'; channel: string; payload: string };

// pg_trgm for 用户管理's name search (migration 0014). The rest sizes PostgreSQL for one embedded session:
// WebAssembly memory never shrinks, so whatever PostgreSQL touches once (its shared memory as it starts, the
// peak of a statement) stays in the gateway's resident memory for good.
//  - shared_buffers: PostgreSQL's shared memory is zeroed as it starts, all of it resident at once. The data
//    directory is read through the operating system's page cache anyway; 16 MB holds the hot pages of a
//    100,000-user tenant (the user page's indexes and the rows of its first pages).
//  - max_connections: one session, not PostgreSQL's hundred; the lock and process tables scale with it.
//  - default_statistics_target: ANALYZE (on start and hourly, db/prepare.ts) samples 300 rows per unit; at
//    PostgreSQL's 100 the 30,000 sampled users raise the WebAssembly heap by 20 MB for good, at 30 by 6 MB,
//    and 9,000 sampled rows still tell the planner a 100,000-row table's shape.
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'max_connections=4'],
  ...['-c', 'default_statistics_target=30'],
];

const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

const IDLE_MESSAGE = 'terminating connection due to idle-in-transaction timeout';

export function describeError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  return { message: error.message, fields };
}

async function main(port: NonNullable<typeof parentPort>, setup: WorkerSetup): Promise<void> {
  const running = new Int32Array(setup.running);
  const pg = await PGlite.create({
    ...(setup.dataDir ? { dataDir: setup.dataDir } : {}),
    ...(setup.from ? { loadDataDir: new Blob([setup.from]) } : {}),
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
    pgliteWasmModule: setup.pgliteWasmModule,
    ...(setup.initdbWasmModule ? { initdbWasmModule: setup.initdbWasmModule } : {}),
  });
  // Every notification, posted before the answer to the statement that committed it (PGlite queues the
  // listeners while it reads that answer): the gateway hears of a change before its writer resumes.
  pg.onNotification((channel, payload) => port.postMessage({ kind: 'notification', channel, payload }));
  for (const channel of setup.channels) await pg.query(`listen "${channel}"`);

  const pending: WorkerRequest[] = [];
  let holder: number | null = null;
  /** Sessions whose transaction was rolled back for idling: their later statements are refused. */
  const abandoned = new Set<number>();
  let busy = false;
  let sequence = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  const next = (): WorkerRequest | undefined => {
    const at = holder === null ? 0 : pending.findIndex((r) => r.kind === 'query' && r.session === holder);
    return at < 0 ? undefined : pending.splice(at, 1)[0];
  };

  const run = async (request: WorkerRequest): Promise<void> => {
    if (request.kind === 'dump') {
      const dump = await pg.dumpDataDir('none');
      const data = await dump.arrayBuffer();
      post({ kind: 'dump', id: request.id, data }, [data]);
      return;
    }
    if (request.kind === 'close') {
      await pg.close();
      post({ kind: 'result', id: request.id, rows: [] });
      port.close();
      return;
    }
    if (request.kind !== 'query') return;
    if (abandoned.has(request.session)) {
      if (request.transaction === 'end') abandoned.delete(request.session);
      post({ kind: 'error', id: request.id, error: { message: IDLE_MESSAGE, fields: { code: '25P03' } } });
      return;
    }
    try {
      const result = await pg.query(request.sql, request.params);
      if (request.transaction === 'begin') holder = request.session;
      post({
        kind: 'result',
        id: request.id,
        rows: result.rows,
        ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}),
      });
    } catch (error) {
      // A WebAssembly trap leaves PGlite unusable: let the worker die so that the gateway starts another.
      if (error instanceof WebAssembly.RuntimeError) throw error;
      post({ kind: 'error', id: request.id, error: describeError(error) });
    } finally {
      // A failed COMMIT ends the transaction too (PostgreSQL rolls it back).
      if (request.transaction === 'end') holder = null;
    }
  };

  const pump = (): void => {
    if (busy) return;
    const request = next();
    if (!request) {
      watchIdleTransaction();
      return;
    }
    clearTimeout(idleTimer);
    idleTimer = undefined;
    busy = true;
    sequence = (sequence % 0x7fffffff) + 1;
    Atomics.store(running, 0, sequence);
    void run(request).then(
      () => {
        Atomics.store(running, 0, 0);
        busy = false;
        pump();
      },
      (error: unknown) => {
        throw error;
      },
    );
  };

  const watchIdleTransaction = (): void => {
    if (holder === null || idleTimer !== undefined) return;
    const idle = holder;
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (holder !== idle || busy) return;
      holder = null;
      abandoned.add(idle);
      busy = true;
      void pg.query('rollback').finally(() => {
        busy = false;
        pump();
      });
    }, setup.idleInTransactionMs);
  };

  port.on('message', (request: WorkerRequest) => {
    if (request.kind === 'cancel') {
      const at = pending.findIndex((r) => r.id === request.id);
      if (at >= 0) pending.splice(at, 1);
      return;
    }
    pending.push(request);
    pump();
  });
  post({ kind: 'ready' });
  collectWhenIdle();
}

if (parentPort) await main(parentPort, workerData as WorkerSetup);
