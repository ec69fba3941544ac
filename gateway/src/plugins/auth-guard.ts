// Who may call what. Every route states its access in `config.access` — 'public', 'session' (any signed-in
// user) or a menu path with an optional operation code — and a route without that statement is refused when
// it is registered, so nothing is open by accident. The check runs in onRequest, before the body is read.
//
// A session is a live token: known, not revoked, used within the idle window and younger than the
// absolute limit. Every failure answers 160300004 alike, so a caller learns nothing about other tokens.
//
// Tokens and grants come from the access cache (access-cache.ts), exact across processes: a revoked token,
// a disabled user or a removed grant is refused on the next request. Expiry is checked on every request
// against the cached times; the cached last use can only be older than the stored one (another process
// may have touched it since), so a session that looks idle is read again before it is refused.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import type { OperationCode } from '../../../src/domain/menu/route-catalogue';
import type { GatewayDeps } from '../deps';
import { hashToken, touchToken } from '../modules/auth/repository';
import { AccessCache, type CachedSession, type Grants } from './access-cache';
import { forbidden, sessionExpired } from './envelope';

export type RouteAccess = 'public' | 'session' | { menu: string; op?: OperationCode };

export interface Session {
  userId: string;
  tenantId: string;
  tokenHash: string;
}

/** The session the guard found for a request. */
export interface GuardedSession extends Session {
  /** Menu id → operation codes the user's roles grant, as of this request. */
  grants(): Promise<Grants>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: GuardedSession | null;
  }
}

// Writing last_seen_at on every call would turn each read into a write; a minute of slack on a
// two-hour idle window is invisible to users.
const TOUCH_AFTER_MS = 60_000;

function readToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  const header = request.headers.token;
  return bearer ?? (typeof header === 'string' && header.trim() ? header.trim() : undefined);
}

/** The caller's session on a route whose access is not 'public'. */
export function sessionOf(request: FastifyRequest): GuardedSession {
  if (!request.session) throw sessionExpired();
  return request.session;
}

/** Whether the grants allow the menu (and the operation code, when one is named). */
export function grantAllows(grants: Grants, menuId: string, op?: string): boolean {
  const ops = grants.get(menuId);
  return ops !== undefined && (op === undefined || ops.has(op));
}

const authGuard: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.decorateRequest('session', null);
  const cache = await AccessCache.open(deps.db);
  app.addHook('onClose', async () => cache.close());

  const idle = (token: CachedSession, now: Date) => now.getTime() - token.last_seen_at.getTime() > deps.tokenIdleMs;

  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access: add config.access ('public', 'session' or { menu, op })`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    // No access statement here means no route of ours: the not-found handler, or the docs that
    // @fastify/swagger-ui registers before this hook exists (see app.ts).
    if (access === undefined || access === 'public') return;

    const raw = readToken(request);
    if (!raw) throw sessionExpired();
    const tokenHash = hashToken(raw);
    const fresh = await cache.fresh();
    const now = deps.now();
    let token = await cache.session(tokenHash, fresh);
    if (token && fresh && idle(token, now)) token = await cache.session(tokenHash, false);
    if (!token || idle(token, now) || now.getTime() >= token.expires_at.getTime()) throw sessionExpired();
    if (now.getTime() - token.last_seen_at.getTime() > TOUCH_AFTER_MS) {
      cache.touched(tokenHash, now);
      await touchToken(deps.db, tokenHash, now);
    }

    const tenantHeader = request.headers.tenantid;
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== token.tenant_id) throw forbidden();

    const { user_id: userId, tenant_id: tenantId } = token;
    let grants: Promise<Grants> | undefined;
    const session: GuardedSession = {
      userId,
      tenantId,
      tokenHash,
      grants: () => (grants ??= cache.grants(userId, tenantId, fresh)),
    };
    if (typeof access === 'object') {
      const op = access.op;
      if (!grantAllows(await session.grants(), normalizeMenuPath(access.menu), op)) throw forbidden();
    }
    request.session = session;
  });
};

export const authGuardPlugin = fp(authGuard, { name: 'auth-guard', dependencies: ['envelope'] });
