// The choice of engine: embedded PGlite (a folder on disk, or memory for tests) or PostgreSQL through a pg
// Pool. Both speak the same SQL, so one set of migrations and one set of repositories serve both.
//
// On PostgreSQL the pool is built to outlive the database going away (DESIGN.md §2: every answer in the
// envelope, never a dead process): an `error` listener on the pool, because an idle client whose backend is
// terminated or whose server restarts emits 'error' and an unheard 'error' kills Node; time limits on
// connecting, on each statement (server side) and on each answer (client side), so a server that stops
// answering costs a request seconds, not forever; and a client that failed at the connection level is
// destroyed on release rather than lent to the next request.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PgliteClient } from './pglite-client';
import { pgliteDialect } from './pglite-dialect';

export type DatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL pool's limits; every one has a default fit for the product. */
export interface PoolSettings {
  /** Open connections at most. */
  max?: number;
  /** Waiting for a new connection (or a free one), ms. */
  connectionTimeoutMs?: number;
  /** The server cancels a statement running longer, ms. */
  statementTimeoutMs?: number;
  /** The client gives up on an answer that does not come (a server that went silent), ms. */
  queryTimeoutMs?: number;
  /** Shown in pg_stat_activity; lets an operator (or a test) find the gateway's own backends. */
  applicationName?: string;
  /** Told of connection errors the pool survived; a process warning on stderr unless given. */
  onError?: (error: Error) => void;
  /** Settings each connection's session starts with (`-c name=value` at connect): none unless given. */
  sessionSettings?: Readonly<Record<string, string>>;
}

export const DEFAULT_POOL_SETTINGS = {
  max: 10,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
  applicationName: 'scf-gateway',
} as const;

/** The embedded database's limits: the pool's statement and answer limits mean the same there (pglite-client.ts). */
export type PgliteSettings = Pick<PoolSettings, 'statementTimeoutMs' | 'queryTimeoutMs'>;

export type DatabaseTarget =
  /** `from`: a data directory dumped by `dumpDataDir`, loaded instead of creating a cluster (tests' template). */
  | { memory: true; from?: Blob; limits?: PgliteSettings }
  /** PGlite keeps its files in `<dataDir>/pgdata`. */
  | { dataDir: string; limits?: PgliteSettings }
  /** `schema` puts every table in that (existing) schema; the test harness uses it to isolate runs. */
  | { url: string; schema?: string; pool?: PoolSettings };

export interface OpenedEngine<DB> {
  db: Kysely<DB>;
  kind: DatabaseKind;
}

/** Generic over the tables so this file needs not know them (database.ts binds it to `Database`). */
export async function openEngine<DB>(target: DatabaseTarget): Promise<OpenedEngine<DB>> {
  if ('url' in target) {
    if (target.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(target.schema)) {
      throw new Error(`Invalid schema name '${target.schema}'`);
    }
    const pool = resilientPool(target.url, target.schema, target.pool ?? {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    changeSources.set(db, { kind: 'postgres', url: target.url, ...(target.schema ? { schema: target.schema } : {}) });
    return { db, kind: 'postgres' };
  }
  const limits = {
    statementTimeoutMs: target.limits?.statementTimeoutMs ?? DEFAULT_POOL_SETTINGS.statementTimeoutMs,
    queryTimeoutMs: target.limits?.queryTimeoutMs ?? DEFAULT_POOL_SETTINGS.queryTimeoutMs,
  };
  let client: PgliteClient;
  if ('dataDir' in target) {
    const dataDir = join(target.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    client = await PgliteClient.open({ dataDir }, limits);
  } else {
    client = await PgliteClient.open({ memory: true, ...(target.from ? { from: target.from } : {}) }, limits);
  }
  const db = new Kysely<DB>({ dialect: pgliteDialect(client) });
  changeSources.set(db, { kind: 'pglite', client });
  return { db, kind: 'pglite' };
}

/**
 * A second pool on the same PostgreSQL database as `db` (its schema too), whose sessions start with the settings
 * given: for statements that want a planner of their own without a round trip to ask for it each time. Null on
 * PGlite, whose one session cannot hold two sets of settings.
 */
export function openSiblingPool<DB>(db: object, settings: PoolSettings): Kysely<DB> | null {
  const source = changeSources.get(db);
  if (source?.kind !== 'postgres') return null;
  const pool = resilientPool(source.url, source.schema, settings);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Throws when the database does not answer. On PGlite it asks the database thread's state rather than queue a
 * statement, so a health check answers while a long statement runs, as it does beside a busy pool on PostgreSQL.
 */
export async function pingEngine<DB>(db: Kysely<DB>): Promise<void> {
  const source = changeSources.get(db);
  if (source?.kind === 'pglite') await source.client.ping();
  else await sql`select 1`.execute(db);
}

/** Where a handle's changes can be listened to (the access cache's LISTEN, see db/change-feed.ts). */
export type ChangeSource =
  | { kind: 'postgres'; url: string; schema?: string }
  | { kind: 'pglite'; client: PgliteClient };
const changeSources = new WeakMap<object, ChangeSource>();
export function changeSourceOf(db: object): ChangeSource | undefined {
  return changeSources.get(db);
}

function resilientPool(url: string, schema: string | undefined, settings: PoolSettings): PostgresPool {
  const s = { ...DEFAULT_POOL_SETTINGS, ...settings };
  const pool = new pg.Pool({
    connectionString: url,
    max: s.max,
    connectionTimeoutMillis: s.connectionTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    query_timeout: s.queryTimeoutMs,
    // A transaction left open by a request that lost its connection must not hold its locks for long.
    idle_in_transaction_session_timeout: s.statementTimeoutMs,
    application_name: s.applicationName,
    keepAlive: true,
    ...startupOptions(schema, s.sessionSettings),
  });
  const report =
    settings.onError ??
    ((error: Error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`, 'DatabaseWarning'));
  // The pool removes the broken idle client by itself; the listener only keeps the process alive.
  pool.on('error', (error) => report(error));
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let lent = wrapped.get(client);
      if (!lent) {
        lent = discardingClient(client, report);
        wrapped.set(client, lent);
      }
      return lent;
    },
    end: () => pool.end(),
    options: pool.options,
  };
}

/** The `options` a connection starts its session with: the schema searched, and any settings asked for. */
function startupOptions(schema: string | undefined, settings: Readonly<Record<string, string>> = {}) {
  const options = [...(schema ? [['search_path', schema]] : []), ...Object.entries(settings)].map(([k, v]) => {
    if (!/^[a-z_][a-z0-9_.]*$/.test(k as string) || !/^[A-Za-z0-9_.]+$/.test(v as string)) {
      throw new Error(`Invalid session setting ${k}=${v}`);
    }
    return `-c ${k}=${v}`;
  });
  return options.length ? { options: options.join(' ') } : {};
}

/**
 * A pool client that is destroyed on release once one of its queries failed for a reason of the connection
 * (the backend went away, the answer never came): such a client may still be waiting on its old query.
 */
function discardingClient(client: pg.PoolClient, report: (error: Error) => void): PostgresPoolClient {
  let broken = false;
  client.on('error', (error) => {
    broken = true;
    report(error);
  });
  const lent = {
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    async query(sql: string, parameters: ReadonlyArray<unknown>) {
      try {
        return await client.query(sql, parameters as unknown[]);
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken = true;
        throw error;
      }
    },
    release(destroy?: boolean) {
      client.release(destroy || broken);
    },
  };
  return lent as unknown as PostgresPoolClient;
}

// SQLSTATE classes and codes that mean "the database is not there right now", not "the request is wrong":
// 08 connection exception, 57P01-57P03 admin/crash shutdown and cannot-connect-now, 57014 statement
// cancelled (our statement_timeout), 53300 too many connections.
// 25P03: a transaction left idle past the limit was rolled back and its session ended.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03']);
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Connection terminated unexpectedly/,
];

/** Whether an error means the database is away or too slow (answered 503), rather than a fault of ours. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((m) => m.test(error.message))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
