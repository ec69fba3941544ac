// Two gateways on one PostgreSQL (DESIGN.md §2: the database is the one truth, so gateways scale out):
// a write through one is seen through the other at once, the sign-in lockout counts across both, the file
// store stays consistent, and neither serves a grant or a session the other has taken away.
// Two app instances on one schema stand for two processes. Runs where TEST_DATABASE_URL is set (CI).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../src/domain/gateway/result-codes';
import { buildApp } from './app';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed/demo-seed';
import { MAX_FAILURES } from './modules/auth/lockout';
import { signIn } from './testing/test-gateway';
import { copyPgTemplate, copyTemplateFiles, PG_TEMPLATE_SCHEMA, seededAt } from './testing/pglite-template';

const databaseUrl = process.env.TEST_DATABASE_URL;

async function direct(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('two gateways on one PostgreSQL', () => {
  const schema = `gw_two_${randomBytes(5).toString('hex')}`;
  const filesDir = mkdtempSync(join(tmpdir(), 'gw-two-files-'));
  const dbs: Kysely<Database>[] = [];
  let copy: string | null = null;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    // A copy of the run's migrated, seeded template database (a database named like the schema), when the run
    // made one; otherwise a schema of the server's database, migrated and seeded here.
    copy = await copyPgTemplate(databaseUrl!, schema);
    if (!copy) await direct(`create schema ${schema}`);
    const target = copy ? { url: copy, schema: PG_TEMPLATE_SCHEMA } : { url: databaseUrl!, schema };
    for (let i = 0; i < 2; i++) dbs.push((await openDatabase(target)).db);
    if (copy) {
      copyTemplateFiles(filesDir);
    } else {
      await migrate(dbs[0]!);
      await seedDemo(dbs[0]!, seededAt());
    }
    a = await buildApp({ db: dbs[0]!, database: 'postgres', filesDir });
    b = await buildApp({ db: dbs[1]!, database: 'postgres', filesDir });
    await Promise.all([a.ready(), b.ready()]);
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const db of dbs) await db.destroy();
    await direct(copy ? `drop database if exists ${schema} with (force)` : `drop schema if exists ${schema} cascade`);
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('shows a write through one gateway through the other at once', async () => {
    const onA = (await signIn(a, 'admin', 'Admin@2026')).headers;
    const onB = (await signIn(b, 'admin', 'Admin@2026')).headers;
    const created = await a.inject({
      method: 'POST',
      url: '/api/authcenter/base/role',
      headers: onA,
      payload: { roleName: '双网关角色', roleCode: 'TWO_GATEWAYS' },
    });
    expect(created.json().code).toBe(0);
    const all = await b.inject({ method: 'GET', url: '/api/authcenter/base/role/wsf/all', headers: onB });
    expect(JSON.stringify(all.json().data)).toContain('双网关角色');
  });

  it('counts sign-in failures across both gateways', async () => {
    const attempts = Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? a : b).inject({
        method: 'POST',
        url: '/api/authcenter/login',
        payload: { username: 'supplier', password: 'wrong-password' },
      }),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.json().code);
    expect(codes.filter((c) => c === ResultCode.badCredentials)).toHaveLength(MAX_FAILURES - 1);
    const right = await a.inject({
      method: 'POST',
      url: '/api/authcenter/login',
      payload: { username: 'supplier', password: 'Supplier@2026' },
    });
    expect(right.json().code).toBe(ResultCode.accountLocked);
  });

  it('keeps one file store: uploaded through one, read and deleted through the other', async () => {
    const onA = (await signIn(a, 'admin', 'Admin@2026')).headers;
    const onB = (await signIn(b, 'admin', 'Admin@2026')).headers;
    const boundary = 'two-gateways';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="共用.txt"\r\n\r\n` +
        `shared bytes ${schema}\r\n--${boundary}--\r\n`,
    );
    const up = await a.inject({
      method: 'POST',
      url: '/api/business/contract/upload',
      payload,
      headers: { ...onA, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const keyId = up.json().data.keyId as string;
    const read = await b.inject({ method: 'GET', url: `/api/file/file/download?keyId=${keyId}`, headers: onB });
    expect(read.body).toBe(`shared bytes ${schema}`);
    expect(
      (await b.inject({ method: 'DELETE', url: `/api/business/contract/delete?keyId=${keyId}`, headers: onB })).json()
        .code,
    ).toBe(0);
    expect(
      (await a.inject({ method: 'GET', url: `/api/file/file/download?keyId=${keyId}`, headers: onA })).json().code,
    ).toBe(ResultCode.notFound);
  });

  it('never leaves a row without its blob when one gateway deletes the bytes another is uploading again', async () => {
    const onA = (await signIn(a, 'admin', 'Admin@2026')).headers;
    const onB = (await signIn(b, 'admin', 'Admin@2026')).headers;
    const boundary = 'two-gateways-race';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="同一份.txt"\r\n\r\n` +
        `same ${schema}\r\n--${boundary}--\r\n`,
    );
    const uploadOn = (app: FastifyInstance, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/business/contract/upload',
        payload,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    let keyId = (await uploadOn(a, onA)).json().data.keyId as string;
    for (let round = 0; round < 15; round++) {
      const [, again] = await Promise.all([
        b.inject({ method: 'DELETE', url: `/api/business/contract/delete?keyId=${keyId}`, headers: onB }),
        uploadOn(a, onA),
      ]);
      keyId = again.json().data.keyId as string;
      const read = await b.inject({ method: 'GET', url: `/api/file/file/download?keyId=${keyId}`, headers: onB });
      expect(read.body, `round ${round}`).toBe(`same ${schema}`);
    }
  });

  it('serves no grant or session the other gateway has taken away', async () => {
    const admin = (await signIn(a, 'admin', 'Admin@2026')).headers;
    const auditor = await signIn(a, 'auditor', 'Auditor@2026');
    const page = () =>
      b.inject({ method: 'GET', url: '/api/authcenter/base/user/page?size=10', headers: auditor.headers });
    expect((await page()).json().code).toBe(0);
    const taken = await a.inject({
      method: 'POST',
      url: '/api/authcenter/base/user/role?isAuthData=false',
      headers: admin,
      payload: { userId: auditor.userId, roleIds: [] },
    });
    expect(taken.json().code).toBe(0);
    expect((await page()).json().code).toBe(ResultCode.forbidden);
    const session = await signIn(b, 'operator', 'Operator@2026');
    expect(
      (await a.inject({ method: 'POST', url: '/api/authcenter/logout', headers: session.headers })).json().code,
    ).toBe(0);
    expect(
      (await b.inject({ method: 'GET', url: '/api/authcenter/base/user', headers: session.headers })).json().code,
    ).toBe(ResultCode.sessionExpired);
  });
});
