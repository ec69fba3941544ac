// PGlite gets a dialect of our own rather than kysely-pglite's: that package's entry point imports
// `Migrator` from 'kysely', which kysely 0.29 moved to 'kysely/migration', so it no longer loads; and our
// PGlite runs on a thread of its own (pglite-client.ts), spoken to by messages.
//
// PGlite is one session, and handing that session to every caller at once would let a transaction (BEGIN …
// COMMIT) in one request swallow the statements of requests running meanwhile. Each connection Kysely takes
// is therefore a session number: the database thread runs a transaction's statements alone until it ends,
// the isolation a pool gives on PostgreSQL, and interleaves everything else. The price: inside
// `db.transaction()` use only the transaction's handle — a query on `db` there would wait for the
// transaction, which waits for it (until the idle-transaction limit rolls it back).
import type { DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { type CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { PgliteClient } from './pglite-client';

export function pgliteDialect(client: PgliteClient): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PGliteDriver implements Driver {
  constructor(private readonly client: PgliteClient) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.client, this.client.newSession());
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).run('begin', 'begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).run('commit', 'end');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).run('rollback', 'end');
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly client: PgliteClient,
    private readonly session: number,
  ) {}

  run(statement: string, transaction: 'begin' | 'end') {
    return this.client.query(statement, [], this.session, transaction);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query(compiledQuery.sql, compiledQuery.parameters, this.session);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  /**
   * The rows in chunks, read through a cursor inside a transaction of this connection's own (PostgreSQL's
   * driver streams the same way), so a large result never crosses between the threads in one piece.
   */
  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 1_000): AsyncIterableIterator<QueryResult<R>> {
    const size = Math.max(1, Math.floor(chunkSize));
    await this.run('begin', 'begin');
    let done = false;
    try {
      await this.client.query(
        `declare kysely_stream no scroll cursor for ${compiledQuery.sql}`,
        compiledQuery.parameters,
        this.session,
      );
      for (;;) {
        const { rows } = await this.client.query(`fetch forward ${size} from kysely_stream`, [], this.session);
        if (rows.length === 0) break;
        yield { rows: rows as R[] };
        if (rows.length < size) break;
      }
      done = true;
    } finally {
      await this.run(done ? 'commit' : 'rollback', 'end');
    }
  }
}
