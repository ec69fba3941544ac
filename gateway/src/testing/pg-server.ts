// A PostgreSQL server as the tests reach it outside any gateway: an address naming another of its databases, and
// statements run on a connection of their own (creating, copying and dropping test databases). Kept apart from
// the templates' module, which loads the gateway's migrations and seed, so that the browser tests' support can
// use it without them.
import pg from 'pg';

/** The same server address naming another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs the statements in order on a connection of their own; the last one's rows. */
export async function runStatements(url: string, ...statements: string[]): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Array<Record<string, unknown>> = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } finally {
    await client.end();
  }
}
