// A stage's routes of its own under its API (HOUSE.md "Stages": what a stage writes itself besides the kit's):
// each declared once — method, path, the page and operation code granting it, its summary and its TypeBox
// schemas — and answered with the caller's context (tenant, user, actor, the app's clock) in the house's
// envelope; or, for a stored document, its bytes read back checked against the sha-256 its record keeps and
// sent as a download (the kit's `sendDocument`, as its document routes send theirs). registerStage gives its stages these through its kit; a stage whose records are not one
// per business (签约's records, 合同签章) takes them here without a stage definition.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { GatewayDeps } from '../deps';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { type Actor, actorOf, inScope, loadBusiness } from '../modules/business/aggregate';
import { type RouteAccess, sessionOf } from '../plugins/auth-guard';
import { envelopeResponses, notFound as missing, ok } from '../plugins/envelope';
import { type DocumentEvidence, sendDocument } from './stage-documents';

/** Who asks, in which tenant, when. */
export interface StageContext {
  tenantId: string;
  userId: string;
  actor: Actor;
  now: Date;
  /** The request's (aborted when its caller was answered 请求处理超时 or went away): long work stops on it. */
  signal?: AbortSignal;
}

/** A route of the stage's own: a path after the stage's API, the page (default: the list) and code granting it. */
export interface StageRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  menu?: string;
  op?: Exclude<RouteAccess, string>['op'];
  summary: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: TSchema;
}

type Handler<T> = (ctx: StageContext, request: FastifyRequest) => Promise<T>;

/**
 * The stage's own routes under `api`, granted by `menu` unless a route names its page; `notFound`: the stage's
 * word for a record (or business) the caller may not see.
 */
export function stageOwnRoutes(app: FastifyInstance, deps: GatewayDeps, api: string, menu: string, notFound: string) {
  const tags = ['business'];
  const context = async (request: FastifyRequest): Promise<StageContext> => {
    const { tenantId, userId } = sessionOf(request);
    return { tenantId, userId, actor: await actorOf(request, deps.db), now: deps.now(), signal: request.signal };
  };
  const access = (spec: Pick<StageRoute, 'menu' | 'op'>) => ({
    menu: spec.menu ?? menu,
    ...(spec.op ? { op: spec.op } : {}),
  });
  return {
    context,
    /**
     * A business within the caller's scope (another subtree's is the stage's 不存在). Read in the caller's
     * transaction, its row stays locked until that ends: of two writes at once, the second sees the first.
     */
    async business(ctx: Pick<StageContext, 'tenantId' | 'actor'>, id: string, trx?: Kysely<Database>) {
      const found = await loadBusiness(trx ?? deps.db, ctx.tenantId, id, !!trx);
      if (!inScope(ctx.actor, found)) throw missing(notFound);
      return found;
    },
    /** Registers a route answering in the envelope. */
    route(spec: StageRoute, handle: Handler<unknown>): void {
      const { method, path, menu: _, op: __, summary, response, ...input } = spec;
      app.route({
        method,
        url: `${api}${path}`,
        config: { access: access(spec) },
        schema: { tags, summary, ...input, response: envelopeResponses(response) },
        handler: async (request) => ok(await handle(await context(request), request)),
      });
    },
    /**
     * Registers the download of a stored document (a PDF unless `contentType` says otherwise): the evidence the
     * handler finds, sent by the kit's one way of sending a checked document (`sendDocument`).
     */
    file(
      spec: Omit<StageRoute, 'method' | 'response' | 'body'> & { contentType?: string },
      handle: Handler<DocumentEvidence>,
    ): void {
      const { path, menu: _, op: __, summary, contentType, ...input } = spec;
      app.get(
        `${api}${path}`,
        { config: { access: access(spec) }, schema: { tags, summary, ...input } },
        async (request, reply) => {
          const ctx = await context(request);
          return sendDocument(reply, deps, ctx.tenantId, await handle(ctx, request), contentType);
        },
      );
    },
  };
}

export type StageOwnRoutes = ReturnType<typeof stageOwnRoutes>;
