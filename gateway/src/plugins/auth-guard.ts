// Who may call what. Every route states its access in `config.access` — 'public', 'session' (any signed-in
// user) or a menu path with an optional operation code — and a route without that statement is refused when
// it is registered, so nothing is open by accident. The check runs in onRequest, before the body is read.
//
// A session is a live token: known, not revoked, used within the idle window and younger than the
// absolute limit. Every failure answers 160300004 alike, so a caller learns nothing about other tokens.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeMenuPath } from '../../../src/domain/menu/menu';
import type { OperationCode } from '../../../src/domain/menu/route-catalogue';
import type { GatewayDeps } from '../deps';
import { findLiveToken, hashToken, touchToken } from '../modules/auth/repository';
import { hasGrant } from '../modules/menu/repository';
import { forbidden, sessionExpired } from './envelope';

export type RouteAccess = 'public' | 'session' | { menu: string; op?: OperationCode };

export interface Session {
  userId: string;
  tenantId: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: Session | null;
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
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw sessionExpired();
  return request.session;
}

const authGuard: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.decorateRequest('session', null);

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
    const token = await findLiveToken(deps.db, tokenHash);
    const now = deps.now();
    if (
      !token ||
      now.getTime() - token.last_seen_at.getTime() > deps.tokenIdleMs ||
      now.getTime() >= token.expires_at.getTime()
    ) {
      throw sessionExpired();
    }
    if (now.getTime() - token.last_seen_at.getTime() > TOUCH_AFTER_MS) await touchToken(deps.db, tokenHash, now);

    const tenantHeader = request.headers.tenantid;
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== token.tenant_id) throw forbidden();

    if (typeof access === 'object') {
      const granted = await hasGrant(deps.db, {
        userId: token.user_id,
        tenantId: token.tenant_id,
        menuId: normalizeMenuPath(access.menu),
        ...(access.op ? { op: access.op } : {}),
      });
      if (!granted) throw forbidden();
    }
    request.session = { userId: token.user_id, tenantId: token.tenant_id, tokenHash };
  });
};

export const authGuardPlugin = fp(authGuard, { name: 'auth-guard', dependencies: ['envelope'] });
