// The test harness for the gateway's own tests and for the client's contract and e2e tests: a migrated,
// demo-seeded database (in-memory PGlite, or a fresh schema in a PostgreSQL) and the app, not listening.
// PGlite takes seconds to start on a small machine, so share one gateway per test file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed/demo-seed';
import { hashToken, insertToken } from '../modules/auth/repository';
import { demoPassword } from './demo-passwords';
import { copyPgTemplate, copyTemplateFiles, migratedTemplate, PG_TEMPLATE_SCHEMA, seededAt } from './pglite-template';

export interface TestGatewayOptions {
  /** A PostgreSQL to test against; the gateway gets a schema of its own there, dropped on close. */
  databaseUrl?: string;
  now?: () => Date;
  /** Captures the log (level info) when given; otherwise the log is silent. */
  logStream?: NodeJS.WritableStream;
  staticDir?: string;
  encryptEnabled?: boolean;
  /** The parameter encryption key (SPEC §7.1) instead of the one made at first start, e.g. the pacts' own. */
  encryptKey?: string;
  /** Stored files: a temporary folder of its own unless given (removed on close only when it made it). */
  filesDir?: string;
  maxUploadBytes?: number;
  sofficePath?: string;
  cjkFont?: { path: string; family: string };
  /** The database's limit on a statement and on a transaction left idle, ms (a short one finds work held inside). */
  statementTimeoutMs?: number;
}

export interface TestGateway {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** PostgreSQL: the database the gateway uses (a copy of the template, or the given one with its own schema). */
  databaseUrl?: string;
  filesDir: string;
  close(): Promise<void>;
}

export async function createTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const name = `gw_test_${randomBytes(6).toString('hex')}`;
  // On PostgreSQL: a copy of the run's migrated, seeded template database when there is one, otherwise a fresh
  // schema migrated and seeded here.
  const copyUrl = options.databaseUrl ? await copyPgTemplate(options.databaseUrl, name) : null;
  const schema = copyUrl ? PG_TEMPLATE_SCHEMA : options.databaseUrl ? name : undefined;
  if (options.databaseUrl && !copyUrl) await runOnce(options.databaseUrl, `create schema ${name}`);
  const dropDatabase = async () => {
    if (!options.databaseUrl) return;
    await runOnce(
      options.databaseUrl,
      copyUrl ? `drop database if exists ${name} with (force)` : `drop schema if exists ${name} cascade`,
    );
  };
  const filesDir = options.filesDir ?? mkdtempSync(join(tmpdir(), 'gw-files-'));
  copyTemplateFiles(filesDir);
  const removeFiles = () => {
    if (!options.filesDir) rmSync(filesDir, { recursive: true, force: true });
  };
  const template = options.databaseUrl ? null : migratedTemplate();
  const limit = options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : null;
  const { db, kind } = await openDatabase(
    options.databaseUrl
      ? { url: copyUrl ?? options.databaseUrl, schema, ...(limit ? { pool: limit } : {}) }
      : { memory: true, ...(template ? { from: template } : {}), ...(limit ? { limits: limit } : {}) },
  );
  try {
    if (!template && !copyUrl) {
      await migrate(db);
      await seedDemo(db, seededAt(), { filesDir });
    }
    if (options.encryptKey !== undefined) {
      const value = options.encryptKey;
      await db
        .insertInto('setting')
        .values({ key: 'encrypt_key', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
    const app = await buildApp({
      db,
      database: kind,
      ...(options.now ? { now: options.now } : {}),
      ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      ...(options.encryptEnabled !== undefined ? { encryptEnabled: options.encryptEnabled } : {}),
      filesDir,
      ...(options.maxUploadBytes !== undefined ? { maxUploadBytes: options.maxUploadBytes } : {}),
      ...(options.sofficePath !== undefined ? { sofficePath: options.sofficePath } : {}),
      ...(options.cjkFont !== undefined ? { cjkFont: options.cjkFont } : {}),
      ...(options.logStream ? { logStream: options.logStream, logLevel: 'info' } : {}),
    });
    await app.ready();
    return {
      app,
      db,
      ...(options.databaseUrl ? { databaseUrl: copyUrl ?? options.databaseUrl } : {}),
      filesDir,
      async close() {
        await app.close();
        await db.destroy();
        removeFiles();
        await dropDatabase();
      },
    };
  } catch (error) {
    await db.destroy();
    removeFiles();
    await dropDatabase();
    throw error;
  }
}

/** One statement on its own connection to the PostgreSQL at `databaseUrl` (a schema or database made or dropped). */
export async function runOnce(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A session token with a known raw value for a seeded user (contract provider states use it). It lives
 * for the default 12 hours from `now` (the current time unless given).
 */
export async function issueToken(
  db: Kysely<Database>,
  options: { userName: string; token: string; tenantId?: string; now?: Date },
): Promise<{ userId: string; tenantId: string }> {
  const user = await db
    .selectFrom('app_user')
    .select(['user_id', 'tenant_id'])
    .where('user_name', '=', options.userName)
    .executeTakeFirstOrThrow(() => new Error(`No user named '${options.userName}'`));
  const tenantId = options.tenantId ?? user.tenant_id;
  const now = options.now ?? new Date();
  await db.deleteFrom('session_token').where('token_hash', '=', hashToken(options.token)).execute();
  await insertToken(db, {
    tokenHash: hashToken(options.token),
    userId: user.user_id,
    tenantId,
    now,
    expiresAt: new Date(now.getTime() + 12 * 3_600_000),
  });
  return { userId: user.user_id, tenantId };
}

let announced = false;

/** PGlite always, plus PostgreSQL when TEST_DATABASE_URL is set. For `describe.each`. */
export function databasesUnderTest(): Array<{ name: 'pglite' | 'postgres'; databaseUrl?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (!announced) console.log('TEST_DATABASE_URL not set: gateway tests run on PGlite only');
    announced = true;
    return [{ name: 'pglite' }];
  }
  return [{ name: 'pglite' }, { name: 'postgres', databaseUrl: url }];
}

/**
 * Uploads a file through the file service as the signed-in person whose headers are given, as the web client's
 * multipart form sends it; answers the whole envelope (the caller checks its code).
 */
export async function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  bytes: Buffer,
): Promise<{ code: number; message: string; data: { keyId: string } }> {
  const boundary = '----test-upload-7f3a';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/file',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.json();
}

/** Signs in through the API and returns the token and the headers the web client would send with it. */
export async function signIn(
  app: FastifyInstance,
  userName: string,
  password: string,
): Promise<{ token: string; userId: string; tenantId: string; headers: Record<string, string> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/authcenter/login',
    payload: { username: userName, password },
  });
  const body = response.json<{
    code: number;
    message: string;
    data: { token: string; userId: string; tenantId: string; clientId: string };
  }>();
  if (body.code !== 0) throw new Error(`Sign-in of ${userName} failed: ${body.code} ${body.message}`);
  const { token, userId, tenantId, clientId } = body.data;
  return {
    token,
    userId,
    tenantId,
    headers: { authorization: `Bearer ${token}`, token, operatorid: userId, tenantid: tenantId, client: clientId },
  };
}

/**
 * What most gateway tests start with: a test gateway on the database under test (`databasesUnderTest`), its
 * caller, and the named seeded people signed in — each one's headers (`as`) and user id (`idOf`).
 */
export async function openSignedIn<Name extends string>(databaseUrl: string | undefined, people: readonly Name[]) {
  const gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  const as = {} as Record<Name, Record<string, string>>;
  const idOf = {} as Record<Name, string>;
  for (const name of people) {
    const signed = await signIn(gw.app, name, demoPassword(name));
    as[name] = signed.headers;
    idOf[name] = signed.userId;
  }
  return { gw, call: callerOf(gw.app), as, idOf };
}

/** What one call answered: its HTTP status and the envelope (a download's bytes as `data`). */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever data a route answers
export type GatewayAnswer = { status: number; code: number; message: string; data: any };

/** One call to the app, answered as status and envelope, for the gateway's own tests. */
/** The answer's data when the gateway answered 0 (success); otherwise the test fails with its code and message. */
export function dataOf(res: GatewayAnswer) {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.message}`);
  return res.data;
}

export function callerOf(app: FastifyInstance) {
  return async (
    method: string,
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<GatewayAnswer> => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    const body = res.headers['content-type']?.includes('json')
      ? res.json()
      : { code: 0, message: '', data: res.rawPayload };
    return { status: res.statusCode, ...body };
  };
}
