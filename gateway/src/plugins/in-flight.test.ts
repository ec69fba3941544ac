// A gateway that stops lets the requests under way finish before the database is closed, even those whose
// caller has gone: Fastify's own close waits for open connections only, and the handler of a request whose
// connection closed went on to a database already destroyed.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../testing/test-gateway';
import { ok } from './envelope';

describe.each(databasesUnderTest())('stopping the gateway on $name', ({ name, databaseUrl }) => {
  let gw: TestGateway;
  let patient: SlowApp;
  let bounded: SlowApp;

  // Building an app is most of these tests' time (every module's schemas): done here, where the limit is long.
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    patient = await appWithSlowRoute(gw.db);
    bounded = await appWithSlowRoute(gw.db, 300);
  }, 240_000);
  afterAll(async () => {
    patient?.release();
    bounded?.release();
    await gw?.close();
  });

  interface SlowApp {
    app: FastifyInstance;
    release(): void;
    read: { userName?: string; error?: unknown };
    /** Sends the slow request and goes away while its handler is under way. */
    callAndLeave(): Promise<void>;
  }

  /** A second app on the test gateway's database, with a route that waits for `release` and then reads. */
  async function appWithSlowRoute(db: TestGateway['db'], drainMs?: number): Promise<SlowApp> {
    const app = await buildApp({ db, database: name, ...(drainMs ? { drainMs } : {}) });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read: SlowApp['read'] = {};
    app.get('/api/test/slow', { config: { access: 'session' } }, async () => {
      entered();
      await gate;
      try {
        const row = await db
          .selectFrom('app_user')
          .select('user_name')
          .where('user_name', '=', 'admin')
          .executeTakeFirstOrThrow();
        read.userName = row.user_name;
      } catch (error) {
        read.error = error;
      }
      return ok(null);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { headers } = await signIn(app, 'admin', 'Admin@2026');
    const { port } = app.server.address() as { port: number };
    const callAndLeave = async () => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/test/slow', headers });
      request.on('error', () => undefined);
      await inHandler;
      request.destroy();
    };
    return { app, release, read, callAndLeave };
  }

  it('waits for a request whose caller has gone before it lets the database close', async () => {
    const { app, release, read, callAndLeave } = patient;
    await callAndLeave();
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    release();
    await closing;
    // What server.ts does next: the database closes only now, and the request read it before.
    expect(read).toEqual({ userName: 'admin' });
  });

  it('waits no longer than its bound for a request that does not finish', async () => {
    const { app, callAndLeave } = bounded;
    await callAndLeave();
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
