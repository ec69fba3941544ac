// What the access cache hears of changes to sessions, users and grants (SPEC §5: a revoked token, a disabled
// user or a changed grant counts on the very next request, whichever gateway process serves it). Triggers
// (migration 0011) call pg_notify on the channel `wsf_cache_<schema>`; this module listens there.
//
// PostgreSQL: one dedicated connection, apart from the pool. Notifications reach it a moment after the
// writer's commit, so a request first waits for `sync()`: a `select 1` on that connection. PostgreSQL
// sends every notification committed before a query started ahead of that query's ReadyForQuery, so once
// the ping answers, every change committed before the request arrived has been delivered. One ping serves
// every request that arrived before it was sent, so under load it costs one round trip, not one a request.
// A dropped connection is reopened on the next sync, and the whole cache is dropped then (`onReset`): what
// was notified meanwhile is lost.
//
// PGlite: one session, on the database thread of this process (pglite-client.ts). The thread posts each
// notification before the answer to the statement that committed it, and the messages arrive in order, so
// the change is heard before the writer resumes; sync() has nothing to wait for.
import type { Kysely } from 'kysely';
import pg from 'pg';
import { changeSourceOf, type Database } from './database';

export interface ChangeFeed {
  /** True once every change committed before the call has been passed to onChange; false: cannot tell. */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ChangeHandlers {
  onChange(payload: string): void;
  /** Notifications may have been missed: forget everything. */
  onReset(): void;
}

const channelOf = (schema: string) => `wsf_cache_${schema}`;

/** The feed for the handle, or null when the handle was not opened by openDatabase (then nothing is cached). */
export async function openChangeFeed(db: Kysely<Database>, handlers: ChangeHandlers): Promise<ChangeFeed | null> {
  const source = changeSourceOf(db);
  if (!source) return null;
  if (source.kind === 'pglite') {
    const unlisten = await source.client.listen(channelOf('public'), (payload) => handlers.onChange(payload));
    const forget = source.client.onRestart(() => handlers.onReset());
    return {
      sync: async () => true,
      close: async () => {
        forget();
        // A database thread that died took its LISTEN with it.
        if (!source.client.closed) await unlisten().catch(() => undefined);
      },
    };
  }
  const feed = new PostgresFeed(source.url, source.schema, handlers);
  await feed.sync();
  return feed;
}

class PostgresFeed implements ChangeFeed {
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #current: Promise<boolean> | null = null;
  #next: Promise<boolean> | null = null;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly schema: string | undefined,
    private readonly handlers: ChangeHandlers,
  ) {}

  sync(): Promise<boolean> {
    // A request must wait for a ping sent after it arrived: join the queued one, or queue one behind the
    // one in flight.
    if (this.#next) return this.#next;
    if (!this.#current) return this.#start();
    this.#next = this.#current.then(() => {
      this.#next = null;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<boolean> {
    const ping = this.#ping().finally(() => {
      if (this.#current === ping) this.#current = null;
    });
    this.#current = ping;
    return ping;
  }

  async #ping(): Promise<boolean> {
    if (this.#closed) return false;
    try {
      const client = this.#client ?? (await this.#connect());
      await client.query('select 1');
      return true;
    } catch {
      return false;
    }
  }

  #connect(): Promise<pg.Client> {
    this.#connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: `wsf-change-feed ${this.schema ?? 'public'}`.slice(0, 63),
        ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}),
      });
      const lost = () => {
        if (this.#client === client) this.#client = null;
        this.handlers.onReset();
        client.end().catch(() => undefined);
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
        const channel = channelOf(rows[0]!.schema);
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) this.handlers.onChange(message.payload);
        });
        await client.query(`listen "${channel}"`);
      } catch (error) {
        lost();
        throw error;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        throw new Error('change feed closed');
      }
      // Whatever was cached before this connection listened may have changed unheard.
      this.handlers.onReset();
      this.#client = client;
      return client;
    })().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    await this.#connecting?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  }
}
