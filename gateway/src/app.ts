// The gateway as a Fastify instance, not yet listening: server.ts listens, tests call `app.inject`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Fastify, { errorCodes } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, DatabaseKind } from './db/database';
import type { GatewayDeps } from './deps';
import { authRoutes } from './modules/auth/routes';
import { dictRoutes } from './modules/dict/routes';
import { ensureEncryptKey } from './modules/gateway/repository';
import { gatewayRoutes } from './modules/gateway/routes';
import { healthRoutes } from './modules/health/routes';
import { menuRoutes } from './modules/menu/routes';
import { riskRoutes } from './modules/risk/routes';
import { roleRoutes } from './modules/role/routes';
import { supplierRoutes } from './modules/supplier/routes';
import { tenantRoutes } from './modules/tenant/routes';
import { userRoutes } from './modules/user/routes';
import { userAdminRoutes } from './modules/user-admin/routes';
import { operationLogRoutes } from './modules/operation-log/routes';
import { organizationRoutes } from './modules/organization/routes';
import { certificationRoutes } from './modules/certification/routes';
import { authGuardPlugin } from './plugins/auth-guard';
import { docsPlugin } from './plugins/docs';
import { envelopePlugin, formatSchemaErrors } from './plugins/envelope';
import { DEFAULT_CJK_FONT } from './modules/file/pdf-convert';
import { fileRoutes } from './modules/file/routes';
import { paramDecryptionPlugin } from './plugins/param-decryption';
import { securityHeadersPlugin } from './plugins/security-headers';
import { staticClientPlugin } from './plugins/static-client';

export interface BuildAppOptions {
  db: Kysely<Database>;
  database: DatabaseKind;
  /** The clock for token expiry; tests move it. */
  now?: () => Date;
  /** The built client; served when the folder exists. */
  staticDir?: string;
  encryptEnabled?: boolean;
  tokenIdleMinutes?: number;
  tokenMaxHours?: number;
  /** pino level; 'silent' unless given. */
  logLevel?: string;
  /** Where log lines go (stdout unless given). */
  logStream?: NodeJS.WritableStream;
  /** Stored files (issue 6); './data/files' unless given. */
  filesDir?: string;
  maxUploadBytes?: number;
  sofficePath?: string;
  cjkFont?: { path: string; family: string };
}

/** The request URL as logged: without a token a client put in the query (DESIGN.md §2). */
export function urlForLog(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  params.delete('token');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'silent',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Tokens never reach the log: the default request serializer is replaced by one that drops the
      // query token, and should anything log headers, both token headers are censored.
      redact: { paths: ['req.headers.authorization', 'req.headers.token', 'headers.authorization', 'headers.token'], censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: urlForLog(req.url ?? ''), remoteAddress: req.socket?.remoteAddress }),
      },
    },
    // Bodies are JSON: a number where a string belongs is an error, not something to coerce. Query and
    // path values are strings on the wire, so their schemas are written with string types.
    ajv: { customOptions: { coerceTypes: false } },
    schemaErrorFormatter: formatSchemaErrors,
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

  const deps: GatewayDeps = {
    db: options.db,
    database: options.database,
    now: options.now ?? (() => new Date()),
    tokenIdleMs: (options.tokenIdleMinutes ?? 120) * 60_000,
    tokenMaxMs: (options.tokenMaxHours ?? 12) * 3_600_000,
    encryptEnabled: options.encryptEnabled ?? true,
    encryptKey: await ensureEncryptKey(options.db),
    filesDir: options.filesDir ?? './data/files',
    maxUploadBytes: options.maxUploadBytes ?? 100 * 1024 * 1024,
    sofficePath: options.sofficePath ?? 'soffice',
    cjkFont: options.cjkFont ?? DEFAULT_CJK_FONT,
  };

  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin);
  // The docs go before the guard: @fastify/swagger must see every route registered after it, and the
  // routes @fastify/swagger-ui registers cannot carry an access statement, so they must exist before the
  // guard's onRoute check starts demanding one. Swapping these two lines fails at startup, not silently.
  await app.register(docsPlugin);
  await app.register(authGuardPlugin, deps);
  await app.register(paramDecryptionPlugin, deps);

  for (const routes of [healthRoutes, gatewayRoutes, authRoutes, menuRoutes, userRoutes, tenantRoutes, dictRoutes, supplierRoutes, fileRoutes, riskRoutes, roleRoutes, userAdminRoutes, operationLogRoutes, organizationRoutes, certificationRoutes]) {
    await app.register(routes, deps);
  }

  if (options.staticDir && existsSync(options.staticDir)) {
    await app.register(staticClientPlugin, { root: resolve(options.staticDir) });
  }
  return app;
}
