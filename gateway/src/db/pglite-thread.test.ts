// PGlite on a thread of its own (pglite-client.ts): a slow statement does not stop the gateway, errors keep
// PostgreSQL's fields, a transaction stays isolated, and a statement over its limit or a dead database thread
// is answered 503 (DESIGN.md §2), never a dead process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/envelope';
import { createTestGateway, type TestGateway } from '../testing/test-gateway';
import type { Database } from './database';
import { changeSourceOf, openDatabase } from './database';
import { isDatabaseUnavailable } from './engine';

// The statement that keeps the database thread busy: a count over 100,000 rows, forty times over, so that it
// runs for seconds even on a fast machine and what must answer meanwhile has time to.
const SLOW_COUNT = sql<{ n: number }>`select count(*) as n from big_rows, generate_series(1, 40)`;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error & { code?: string },
  );

describe('PGlite on its own thread', () => {
  let gw: TestGateway;
  let db: Kysely<Database>;

  beforeAll(async () => {
    gw = await createTestGateway();
    db = gw.db;
    await sql`create table big_rows as select g from generate_series(1, 100000) g`.execute(db);
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('answers the health check while a 100,000-row count runs, and signs in once the count is done', async () => {
    const login = () =>
      gw.app.inject({
        method: 'POST',
        url: '/api/authcenter/login',
        payload: { username: 'operator', password: 'Operator@2026' },
      });
    let started = performance.now();
    expect((await login()).json().code).toBe(0);
    const signInAlone = performance.now() - started;

    started = performance.now();
    let countDone = 0;
    const counting = SLOW_COUNT.execute(db).then((result) => {
      countDone = performance.now();
      return Number(result.rows[0]!.n);
    });
    const health = await gw.app.inject({ method: 'GET', url: '/api/health' });
    const healthDone = performance.now();
    const signIn = await login();
    const signInDone = performance.now();

    expect(await counting).toBe(4_000_000);
    expect(health.statusCode).toBe(200);
    // The event loop was free: the health check answered while the count still ran.
    expect(healthDone).toBeLessThan(countDone);
    // Sign-in's statements waited for the running one only, then took their usual time.
    expect(signIn.json().code).toBe(0);
    expect(signInDone - countDone).toBeLessThan(3 * signInAlone + 1_000);
  });

  it('keeps the fields of a PostgreSQL error: a unique violation names its code and constraint', async () => {
    await sql`create table unique_names (name text constraint unique_names_uq unique)`.execute(db);
    await sql`insert into unique_names values ('甲')`.execute(db);
    const error = await failureOf(sql`insert into unique_names values ('甲')`.execute(db));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'unique_names_uq' });
    expect(error.message).toContain('unique_names_uq');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('streams a large result in chunks, and the database answers after', async () => {
    const chunks: number[] = [];
    let sum = 0;
    const query = (db as unknown as Kysely<{ big_rows: { g: number } }>)
      .selectFrom('big_rows')
      .select('g')
      .where('g', '<=', 2_500)
      .orderBy('g');
    for await (const row of query.stream(1_000)) {
      sum += row.g;
      if (row.g % 1_000 === 1) chunks.push(row.g);
    }
    expect(sum).toBe((2_500 * 2_501) / 2);
    expect(chunks).toEqual([1, 1_001, 2_001]);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('answers 503 once its database thread has died, and keeps the process serving', async () => {
    const source = changeSourceOf(db);
    if (source?.kind !== 'pglite') throw new Error('expected PGlite');
    await source.client.crash();
    const login = await gw.app.inject({
      method: 'POST',
      url: '/api/authcenter/login',
      payload: { username: 'operator', password: 'Operator@2026' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect((await gw.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  });
});

describe('PGlite on disk, with short limits', () => {
  let dataDir: string;
  let db: Kysely<Database>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wsf-pglite-limits-'));
    ({ db } = await openDatabase({ dataDir, limits: { statementTimeoutMs: 1_000, queryTimeoutMs: 60_000 } }));
    await sql`create table kept (id int primary key)`.execute(db);
    await sql`insert into kept values (1)`.execute(db);
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rolls back a transaction left idle past the limit, so the statements behind it run', async () => {
    let waited = false;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into kept values (2)`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      waited = true;
      await sql`insert into kept values (3)`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Queued behind the idle transaction, answered once it is rolled back, before the transaction wakes.
    const rows = await sql<{ id: number }>`select id from kept order by id`.execute(db);
    expect(waited).toBe(false);
    expect(rows.rows).toEqual([{ id: 1 }]);
    const error = await failureOf(transaction);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await sql<{ id: number }>`select id from kept order by id`.execute(db)).rows).toEqual([{ id: 1 }]);
  });

  it('stops a statement over its limit with 503, and opens the database again for the next one', async () => {
    const started = performance.now();
    const error = await failureOf(sql`select count(*) from generate_series(1, 2000000000)`.execute(db));
    expect(error.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await sql<{ id: number }>`select id from kept order by id`.execute(db)).rows).toEqual([{ id: 1 }]);
  });
});
