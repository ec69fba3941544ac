// An external party's desk inside the gateway (the built-in capital channel's, and any built-in counterpart's):
// a one-time capability handed to the party (`POST <path>`, its last part `:token`) where it states its answer; the desk signs the
// answer as an event with the flow's tenant's secret and sends it through the party's public callback route, so
// it is verified, recorded once and moved as the system exactly as a real party's callback would be.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type TSchema, Type } from 'typebox';
import type { ResultCodeValue } from '../../../src/domain/gateway/result-codes';
import type { Database } from '../db/database';
import type { GatewayDeps } from '../deps';
import { AppError, envelopeResponses, notFound } from '../plugins/envelope';
import { signCallback } from './callback-signature';
import { callbackSecret } from './callback-store';

export interface CallbackDesk<B> {
  /** The callback provider the answers go to (`/api/callback/<provider>`). */
  provider: string;
  /** The desk's route, ending in the one-time token: `…/:token`. */
  path: `${string}/:token`;
  summary: string;
  body: TSchema;
  /** The refusal of a token that opens nothing (spent, or never handed out). */
  notFound: string;
  /** The flow a token opens: its tenant and the provider's flow id. */
  find(db: Kysely<Database>, token: string): Promise<{ tenantId: string; flowId: string } | null>;
  /** The event's own fields from the answer (the desk adds the event's id and the flow's). */
  event(body: B): Record<string, unknown>;
}

/** Registers the desk: the answer signed and sent through the provider's callback, whose envelope it answers. */
export function registerCallbackDesk<B>(app: FastifyInstance, deps: GatewayDeps, desk: CallbackDesk<B>): void {
  app.post(
    desk.path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['callback'],
        summary: desk.summary,
        params: Type.Object({ token: Type.String({ pattern: '^[0-9a-f]{48}$' }) }),
        body: desk.body,
        response: envelopeResponses(Type.Object({ eventId: Type.String(), receivedAt: Type.String() })),
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const flow = await desk.find(deps.db, token);
      if (!flow) throw notFound(desk.notFound);
      const now = deps.now();
      const event = { eventId: `CB${randomBytes(8).toString('hex')}`, flowId: flow.flowId };
      const raw = JSON.stringify({ ...event, ...desk.event(request.body as B) });
      const secret = await callbackSecret(deps.db, flow.tenantId, desk.provider, now);
      const answer = await app.inject({
        method: 'POST',
        url: `/api/callback/${desk.provider}`,
        headers: { ...signCallback(secret, raw, now), 'content-type': 'application/json' },
        payload: raw,
      });
      const envelope = answer.json<{ code: number; message: string }>();
      if (envelope.code !== 0)
        throw new AppError(envelope.code as ResultCodeValue, envelope.message, answer.statusCode);
      return reply.status(answer.statusCode).header('content-type', 'application/json').send(answer.body);
    },
  );
}
