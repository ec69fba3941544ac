// The gateway's side of the embedded database: PGlite runs on a worker thread of its own (pglite-worker.ts)
// and this client talks to it by messages, so that the gateway's event loop never waits on a statement.
//
// It holds to the same limits as the PostgreSQL pool (engine.ts, DESIGN.md §2: every answer in the envelope,
// never a dead process):
//  - a statement running longer than `statementTimeoutMs` is stopped, and the only way to stop a statement
//    inside WebAssembly is to stop its thread: the worker is terminated and its callers answered 503;
//  - a caller waiting longer than `queryTimeoutMs` for its answer (behind other statements) gives up, 503;
//  - a worker that dies (a WebAssembly trap, out of memory) fails what it was running with 503, not the
//    process. A database on disk is opened again by the next statement, as PostgreSQL recovers from a crash;
//    a database in memory died with its thread, and every later statement answers 503.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sourceExtension } from '../source-files';
import type { WorkerError, WorkerMessage, WorkerRequest, WorkerSetup } from './pglite-worker';

export interface PgliteLimits {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
}

export type PgliteTarget = { dataDir: string } | { memory: true; from?: Blob };

export interface QueryAnswer {
  rows: unknown[];
  affectedRows?: number;
}

type Query = Omit<Extract<WorkerRequest, { kind: 'query' }>, 'id' | 'kind'>;

interface Waiting {
  resolve(message: WorkerMessage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
}

/** An error as PostgreSQL reports it: its message, and its fields (code, constraint …) on the error itself. */
function databaseError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error.fields);
}

/** The database thread is gone or stopped: a connection failure (SQLSTATE class 08), answered 503. */
function unavailable(message: string): Error {
  return Object.assign(new Error(message), { code: '08006' });
}

// PGlite's WebAssembly, compiled once per process and handed to every worker (compiling it costs each
// worker about a second on a small machine; a compiled module is shared between threads). initdb's is
// compiled only for a database that PGlite must create: a data directory that holds one never runs it.
const compiled = new Map<'pglite' | 'initdb', Promise<WebAssembly.Module>>();
function wasmModule(name: 'pglite' | 'initdb'): Promise<WebAssembly.Module> {
  let module = compiled.get(name);
  if (!module) {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    module = WebAssembly.compile(readFileSync(join(dist, `${name}.wasm`)));
    compiled.set(name, module);
  }
  return module;
}

/** Whether PGlite runs initdb for this setup: neither a cluster on disk nor a dump to load. */
function createsCluster(setup: { dataDir?: string; from?: ArrayBuffer }): boolean {
  if (setup.from) return false;
  return !setup.dataDir || !existsSync(join(setup.dataDir, 'PG_VERSION'));
}

// From the sources, the thread's entry registers tsx first (pglite-worker-entry.mjs); compiled, it is the
// worker's own file.
const WORKER_ENTRY =
  sourceExtension(import.meta.url) === '.js'
    ? new URL('./pglite-worker.js', import.meta.url)
    : new URL('./pglite-worker-entry.mjs', import.meta.url);
/** How often the watchdog looks at the statement running. */
const WATCH_MS = 250;

class WorkerThread {
  readonly #waiting = new Map<number, Waiting>();
  readonly #running = new Int32Array(new SharedArrayBuffer(4));
  #worker: Worker | undefined;
  #ready: Promise<void>;
  #lastId = 0;
  #failure: Error | undefined;
  #watch: { statement: number; since: number } = { statement: 0, since: 0 };
  #watchdog: NodeJS.Timeout | undefined;

  constructor(
    setup: Omit<WorkerSetup, 'pgliteWasmModule' | 'initdbWasmModule' | 'running'>,
    private readonly limits: PgliteLimits,
    private readonly onMessage: (message: WorkerMessage) => void,
  ) {
    this.#ready = this.#start(setup);
  }

  get failure(): Error | undefined {
    return this.#failure;
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  async #start(setup: Omit<WorkerSetup, 'pgliteWasmModule' | 'initdbWasmModule' | 'running'>): Promise<void> {
    // Nothing else may hold the process open while the database starts (a script's first await): this does.
    const starting = setInterval(() => undefined, 60_000);
    try {
      await this.#spawn(setup);
    } finally {
      clearInterval(starting);
    }
    this.#watchdog = setInterval(() => this.#look(), WATCH_MS);
    this.#watchdog.unref();
  }

  async #spawn(setup: Omit<WorkerSetup, 'pgliteWasmModule' | 'initdbWasmModule' | 'running'>): Promise<void> {
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      wasmModule('pglite'),
      createsCluster(setup) ? wasmModule('initdb') : undefined,
    ]);
    const workerData: WorkerSetup = {
      ...setup,
      pgliteWasmModule,
      ...(initdbWasmModule ? { initdbWasmModule } : {}),
      running: this.#running.buffer as SharedArrayBuffer,
    };
    const worker = new Worker(WORKER_ENTRY, {
      workerData,
      ...(setup.from ? { transferList: [setup.from] } : {}),
    });
    this.#worker = worker;
    const started = new Promise<void>((resolve, reject) => {
      worker.once('message', (message: WorkerMessage) => {
        if (message.kind === 'ready') resolve();
      });
      worker.once('exit', () => reject(this.#failure ?? unavailable('PGlite stopped while it was starting')));
    });
    worker.on('message', (message: WorkerMessage) => this.#answer(message));
    worker.on('error', (error) => {
      this.#failure ??= unavailable(`PGlite stopped: ${error.message}`);
    });
    worker.once('exit', () => {
      this.#failure ??= unavailable('PGlite stopped');
      clearInterval(this.#watchdog);
      for (const [id, waiting] of this.#waiting) {
        this.#waiting.delete(id);
        clearTimeout(waiting.timer);
        waiting.reject(this.#failure);
      }
    });
    await started;
    if (this.#waiting.size === 0) worker.unref();
  }

  /** Stops the thread when one statement has been running longer than the statement limit. */
  #look(): void {
    const statement = Atomics.load(this.#running, 0);
    const now = performance.now();
    if (statement === 0 || statement !== this.#watch.statement) {
      this.#watch = { statement, since: now };
      return;
    }
    if (now - this.#watch.since > this.limits.statementTimeoutMs) {
      this.#failure = Object.assign(
        new Error(`canceling statement due to statement timeout (${this.limits.statementTimeoutMs} ms)`),
        { code: '57014' },
      );
      void this.#worker?.terminate();
    }
  }

  #answer(message: WorkerMessage): void {
    if (message.kind === 'notification') {
      this.onMessage(message);
      return;
    }
    if (message.kind === 'ready') return;
    const waiting = this.#settle(message.id);
    if (!waiting) return;
    if (message.kind === 'error') waiting.reject(databaseError(message.error));
    else waiting.resolve(message);
  }

  #settle(id: number): Waiting | undefined {
    const waiting = this.#waiting.get(id);
    if (!waiting) return undefined;
    this.#waiting.delete(id);
    clearTimeout(waiting.timer);
    if (this.#waiting.size === 0) this.#worker?.unref();
    return waiting;
  }

  /** Sends a request and waits for its answer, at most `queryTimeoutMs` (unless `patient`: closing, dumping). */
  send<K extends WorkerRequest['kind']>(
    request: Omit<Extract<WorkerRequest, { kind: K }>, 'id'>,
    patient = false,
  ): Promise<WorkerMessage> {
    const worker = this.#worker;
    if (this.#failure || !worker) return Promise.reject(this.#failure ?? unavailable('PGlite is not running'));
    const id = ++this.#lastId;
    return new Promise<WorkerMessage>((resolve, reject) => {
      const timer = patient
        ? undefined
        : setTimeout(() => {
            this.#settle(id);
            worker.postMessage({ id, kind: 'cancel' } satisfies WorkerRequest);
            reject(new Error('Query read timeout'));
          }, this.limits.queryTimeoutMs);
      // Keeps the process alive while an answer is due, and only then (an idle database holds nothing open).
      if (this.#waiting.size === 0) worker.ref();
      this.#waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ ...request, id });
    });
  }

  async terminate(): Promise<void> {
    await this.#worker?.terminate();
  }

  /** Resolves once the thread has ended, holding the process open until then. */
  waitForExit(): Promise<void> {
    const worker = this.#worker;
    if (!worker || this.#failure) return Promise.resolve();
    worker.ref();
    return new Promise((resolve) => worker.once('exit', () => resolve()));
  }
}

/**
 * One embedded database on a thread of its own. Statements of one `session` that opened a transaction
 * (`transaction: 'begin'`) run alone until it ends; everything else runs in arrival order.
 */
export class PgliteClient {
  #thread: WorkerThread;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #resets = new Set<() => void>();
  #closed = false;
  #lastSession = 0;

  private constructor(
    private readonly target: PgliteTarget,
    private readonly limits: PgliteLimits,
    from: ArrayBuffer | undefined,
  ) {
    this.#thread = this.#spawn(from);
  }

  static async open(target: PgliteTarget, limits: PgliteLimits): Promise<PgliteClient> {
    const from = 'memory' in target && target.from ? await target.from.arrayBuffer() : undefined;
    const client = new PgliteClient(target, limits, from);
    await client.#thread.ready();
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** A number for a new connection: the statements it sends are its session's. */
  newSession(): number {
    return ++this.#lastSession;
  }

  #spawn(from?: ArrayBuffer): WorkerThread {
    const thread = new WorkerThread(
      {
        ...('dataDir' in this.target ? { dataDir: this.target.dataDir } : {}),
        ...(from ? { from } : {}),
        idleInTransactionMs: this.limits.statementTimeoutMs,
        channels: [...this.#listeners.keys()],
      },
      this.limits,
      (message) => {
        if (message.kind !== 'notification') return;
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      },
    );
    // A failed start is answered to whoever waits on ready(); nothing else must hear of it.
    thread.ready().catch(() => undefined);
    return thread;
  }

  /** The thread to send to: after a crash, a database on disk is opened again; one in memory is gone. */
  async #current(): Promise<WorkerThread> {
    if (this.#closed) throw unavailable('PGlite is closed');
    const failure = this.#thread.failure;
    if (failure && !('dataDir' in this.target)) throw failure;
    if (failure) {
      this.#thread = this.#spawn();
      // The statement the old thread died in may or may not have committed, unheard: forget what was kept.
      for (const reset of this.#resets) reset();
    }
    await this.#thread.ready();
    return this.#thread;
  }

  async query(sql: string, params: readonly unknown[], session: number, transaction?: Query['transaction']) {
    const thread = await this.#current();
    const answer = await thread.send<'query'>({
      kind: 'query',
      session,
      sql,
      params: [...params],
      ...(transaction ? { transaction } : {}),
    });
    return answer as QueryAnswer;
  }

  /**
   * Whether the database is up, without waiting behind the statements queued: the thread is running (started
   * again when it had stopped) and the watchdog stops any statement stuck past its limit.
   */
  async ping(): Promise<void> {
    await this.#current();
  }

  /** Like PGlite's listen(): calls `listener` with each payload notified on `channel`; answers the unlisten. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.query(`listen "${channel}"`, [], this.newSession());
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.#listeners.get(channel) !== set) return;
      this.#listeners.delete(channel);
      if (!this.#closed) await this.query(`unlisten "${channel}"`, [], this.newSession());
    };
  }

  /** Calls `reset` whenever the database thread is started again: notifications may have been lost. */
  onRestart(reset: () => void): () => void {
    this.#resets.add(reset);
    return () => this.#resets.delete(reset);
  }

  /** The data directory as a tar (tests' template). */
  async dumpDataDir(): Promise<Blob> {
    const thread = await this.#current();
    const answer = await thread.send<'dump'>({ kind: 'dump' }, true);
    if (answer.kind !== 'dump') throw new Error('PGlite answered a dump with something else');
    return new Blob([answer.data]);
  }

  /** Lets the statements already sent finish, closes the database and ends its thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const thread = this.#thread;
    if (thread.failure) return;
    const exited = thread.waitForExit();
    try {
      await thread.send<'close'>({ kind: 'close' }, true);
    } catch {
      // Gone already: nothing left to close.
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
    clearTimeout(timer);
    await thread.terminate();
  }

  /** For tests: ends the thread at once, the way a crash would. */
  async crash(): Promise<void> {
    await this.#thread.terminate();
  }
}
