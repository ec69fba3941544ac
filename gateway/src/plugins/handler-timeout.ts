// Every handler has a deadline (app.ts: 30 s unless a route gives its own): a request that outlasts it is answered
// 请求处理超时 and its `request.signal` is aborted, so that work which goes on after the answer — a print, a write —
// can see that nobody will read its result and stop before it changes anything. Fastify ends the deadline when the
// request's `close` event comes, taking it for a caller who went away; but Node emits that event as soon as a body
// has been read, so every POST with a body lost its deadline and had its signal aborted at once
// (fastify/fastify#6725, open). Here the deadline ends only when the caller really went away: the upload broke off,
// or the connection closed before the answer was written.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Fastify's key for the listener it puts on the request's close, set before any onRequest hook runs. */
const ON_ABORT = 'fastify.request.onAbort';

function fastifyOnAbort(request: FastifyRequest): (() => void) | undefined {
  const key = Object.getOwnPropertySymbols(request).find((s) => s.description === ON_ABORT);
  return key ? (request as unknown as Record<symbol, () => void>)[key] : undefined;
}

const handlerTimeout: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const onAbort = fastifyOnAbort(request);
    if (!onAbort) return; // a route without a deadline
    const { raw } = request;
    raw.removeListener('close', onAbort);
    raw.on('close', () => {
      if (raw.readableAborted) onAbort();
    });
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) onAbort();
    });
  });
};

export const handlerTimeoutPlugin = fp(handlerTimeout, { name: 'handler-timeout' });
