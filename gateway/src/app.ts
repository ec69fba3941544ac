// The gateway as a Fastify instance, not yet listening: server.ts listens, tests call `app.inject`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import type { FastifyInstance } from 'fastify';
import Fastify, { errorCodes } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, DatabaseKind } from './db/database';
import { appExtensions } from './app-extensions';
import { type Clock, systemClock } from './clock';
import type { GatewayDeps } from './deps';
import { keepPgliteVacuumed } from './db/maintenance';
import { inboundCallbacksPlugin } from './inbound/callback-routes';
import { DailyJob } from './jobs/daily-job';
import { type ScheduledJob, scheduleDailyJob } from './jobs/schedule';
import { ensureEncryptKey } from './modules/gateway/repository';
import { authGuardPlugin } from './plugins/auth-guard';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { handlerTimeoutPlugin } from './plugins/handler-timeout';
import { inFlightPlugin } from './plugins/in-flight';
import { BAD_URL_MESSAGE, envelopePlugin, formatSchemaErrors } from './plugins/envelope';
import { ResultCode } from '../../src/domain/gateway/result-codes';
import { DEFAULT_CJK_FONT } from './modules/file/pdf-convert';
import { paramDecryptionPlugin } from './plugins/param-decryption';
import { MULTI_LINE_KEYWORD, plainInputPlugin } from './plugins/plain-input';
import { lazySchemaCompilers } from './plugins/schema-compilers';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticClientPlugin } from './plugins/static-client';
import { SCHEMA_FORMATS } from './schemas/common';
import { bindExtensions, type Extensions } from './stage/extensions';

export interface BuildAppOptions {
  db: Kysely<Database>;
  database: DatabaseKind;
  /**
   * The app's clock: every "now" and "today" of its rules, its tokens and its daily job (the system clock
   * unless given; tests and the job's command move it).
   */
  now?: Clock;
  /** The built client; served when the folder exists. */
  staticDir?: string;
  encryptEnabled?: boolean;
  tokenIdleMinutes?: number;
  tokenMaxHours?: number;
  /** pino level; 'silent' unless given. */
  logLevel?: string;
  /** Where log lines go (stdout unless given). */
  logStream?: NodeJS.WritableStream;
  /** Stored files; './data/files' unless given. */
  filesDir?: string;
  maxUploadBytes?: number;
  sofficePath?: string;
  cjkFont?: { path: string; family: string };
  /** A handler that has not answered by then is answered 503 (a database that went silent); 30 s unless given. */
  handlerTimeoutMs?: number;
  /** app.close() waits this long at most for the requests under way (plugins/in-flight.ts). */
  drainMs?: number;
  /**
   * The work a serving process owns besides answering: the daily job at start and at each 00:10 Beijing, and on
   * PGlite the hourly vacuum. server.ts sets it; tests and the job's command run the job themselves.
   */
  background?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The close-of-business runner with the steps this app's modules registered (jobs/daily-job.ts). */
    dailyJob: DailyJob;
    /** This app's extension points: every module's declarations and what its route plugins added (app-extensions.ts). */
    extensions: Extensions;
  }
}

/** Receiving one whole request (headers and body) may take this long; a slow upload of the largest file fits. */
export const REQUEST_RECEIVE_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_HANDLER_TIMEOUT_MS = 30_000;
const MAX_PATH_PARAM_LENGTH = 200;

// Headers a router error still carries: Fastify answers it before any hook (helmet's included) runs.
const BARE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** Query parameters that carry a session token: `token` (DESIGN.md §2) and WOPI's `access_token`. */
const TOKEN_PARAMS = ['token', 'access_token'];

/** The request URL as logged: without a token a client put in the query (DESIGN.md §2). */
export function urlForLog(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const name of TOKEN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** How long one plugin (autoload with all the modules) may take to register. */
const PLUGIN_START_MS = 120_000;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Tokens never reach the log: the default request serializer is replaced by one that drops the
      // query token, and should anything log headers, both token headers are censored.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.token', 'headers.authorization', 'headers.token'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req) => ({ method: req.method, url: urlForLog(req.url ?? ''), remoteAddress: req.socket?.remoteAddress }),
      },
    },
    // Bodies are JSON: a number where a string belongs is an error, not something to coerce. Query and
    // path values are strings on the wire, so their schemas are written with string types.
    // Unknown body fields are refused with 400, not dropped (Fastify's default removes them silently): a client
    // that sends a field the gateway ignores believes something was stored that was not.
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        formats: SCHEMA_FORMATS,
        keywords: [MULTI_LINE_KEYWORD],
      },
    },
    schemaErrorFormatter: formatSchemaErrors,
    // Each route's schemas compiled on its first request, once a process (plugins/schema-compilers.ts).
    schemaController: lazySchemaCompilers,
    requestTimeout: REQUEST_RECEIVE_TIMEOUT_MS,
    // Registering autoload imports every module's routes (transpiled on import under `node --import tsx`), the
    // slowest part of a start: on a busy two-core machine it took longer than Fastify's default 10 s, and the
    // gateway exited with 'Plugin did not start in time: autoload'. A start may be slow; it must not fail.
    pluginTimeout: PLUGIN_START_MS,
    handlerTimeout: options.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
    // Broken percent-encoding in the path: the envelope, never the URL echoed back (DESIGN.md §2).
    frameworkErrors: (error, request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      if (!badUrl) request.log.warn({ err: error }, 'router error');
      const body = { code: ResultCode.invalidInput, message: badUrl ? BAD_URL_MESSAGE : '请求参数不合法', data: null };
      reply.raw.writeHead(400, { ...BARE_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify(body));
    },
    // A path segment longer than any id: refused as such rather than "no such route".
    routerOptions: {
      maxParamLength: MAX_PATH_PARAM_LENGTH,
      onMaxParamLength: (_path, _req, res) => {
        res.writeHead(400, { ...BARE_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ code: ResultCode.invalidInput, message: '路径参数过长', data: null }));
      },
    },
  });

  // An empty body is no body, whatever the request says it is (some clients send a JSON content type, or
  // none with chunked encoding, on a body-less POST): the route's schema decides whether one was required.
  // A JSON body goes through Fastify's own parser, which keeps its protection against prototype poisoning;
  // a non-empty body of a type no route reads is refused as before.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type'] ?? ''), undefined);
  });

  const now = options.now ?? systemClock;
  const dailyJob = new DailyJob(options.db, now, app.log.child({ job: 'daily' }));
  app.decorate('dailyJob', dailyJob);
  // What this app's transitions check and run, its own: bound to its database handle, which the kit reads it from.
  const extensions = appExtensions();
  bindExtensions(options.db, extensions);
  app.decorate('extensions', extensions);
  const deps: GatewayDeps = {
    db: options.db,
    database: options.database,
    now,
    dailyJob,
    extensions,
    tokenIdleMs: (options.tokenIdleMinutes ?? 120) * 60_000,
    tokenMaxMs: (options.tokenMaxHours ?? 12) * 3_600_000,
    encryptEnabled: options.encryptEnabled ?? true,
    encryptKey: await ensureEncryptKey(options.db),
    filesDir: options.filesDir ?? './data/files',
    maxUploadBytes: options.maxUploadBytes ?? 100 * 1024 * 1024,
    sofficePath: options.sofficePath ?? 'soffice',
    cjkFont: options.cjkFont ?? DEFAULT_CJK_FONT,
  };

  // First, so that a request counts as under way before any other hook of it reads the database.
  await app.register(inFlightPlugin, { drainMs: options.drainMs });
  await app.register(handlerTimeoutPlugin);
  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  // The docs go before the guard: @fastify/swagger must see every route registered after it, and the
  // routes @fastify/swagger-ui registers cannot carry an access statement, so they must exist before the
  // guard's onRoute check starts demanding one. Swapping these two lines fails at startup, not silently.
  await app.register(docsPlugin);
  await app.register(authGuardPlugin, deps);
  await app.register(paramDecryptionPlugin, deps);
  await app.register(plainInputPlugin);
  // Before the modules, which add their providers to the app's `callbackProviders`.
  await app.register(inboundCallbacksPlugin, deps);

  // Every area registers itself: each gateway/src/modules/<area>/routes.ts default-exports its plugin and is
  // found here, so a new module adds a folder and edits no list (HOUSE.md: gateway module per area).
  // - matchFilter takes `<area>/routes.ts` only: helpers beside it (repository.ts, upload-routes.ts, tests)
  //   are not plugins, and a module split into several plugins registers them from its routes.ts.
  // - dirNameRoutePrefix: false: routes carry their full /api/... paths; the folder name is no prefix.
  // - Each plugin gets the deps as its options and stays encapsulated, as with app.register(routes, deps).
  // - Order: none matters between modules (no module decorates or hooks another); what they rely on —
  //   envelope, security headers, docs, guard, parameter decryption — is registered above, and autoload
  //   is awaited before the static client, whose not-found handler must come last.
  // - TypeScript: autoload refuses .ts files unless it recognises the runtime. It does under vitest, but
  //   not under `node --import tsx` (how npm start and the browser tests run the gateway): it looks for
  //   tsx among `-r` preloads only. This file is TypeScript being run, so a loader is there by definition;
  //   FASTIFY_AUTOLOAD_TYPESCRIPT is autoload's documented switch for an undetected loader. forceESM makes it
  //   import() the files (the package is ESM) rather than require() them.
  process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  await app.register(autoload, {
    dir: join(dirname(fileURLToPath(import.meta.url)), 'modules'),
    matchFilter: (path: string) => /^\/[^/]+\/routes\.[jt]s$/.test(path),
    dirNameRoutePrefix: false,
    forceESM: true,
    options: deps,
  });

  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(staticClientPlugin, { root: resolve(options.staticDir) });
  }

  if (options.background) {
    let scheduled: ScheduledJob | undefined;
    let vacuum: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      scheduled = scheduleDailyJob(dailyJob, now, app.log.child({ job: 'daily' }));
      if (options.database === 'pglite') vacuum = keepPgliteVacuumed(options.db, app.log);
    });
    app.addHook('onClose', async () => {
      vacuum?.stop();
      await scheduled?.stop();
    });
  }
  return app;
}
