// A gateway that stops (SIGTERM, Ctrl-C on npm start, a test's close) lets the requests it already took finish
// before whoever closes it closes the database. Fastify's close waits for open connections only: a request
// whose caller went away (a load generator that stopped, a browser tab closed) keeps running its handler on a
// closed connection, and closing the database under it answered "driver has already been destroyed" to every
// one of them. Here each request counts from onRequest until its answer is sent — or, when nobody is left to
// send it to, until the gateway has it ready — and app.close() waits for the count to reach nought, for at most
// `drainMs`, before anything closes. It waits in preClose: Fastify already answers a new request 503 then
// (its router is closed first), and every onClose hook — the access cache's change feed — runs after.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Longer than a request normally takes under load, short enough that a stop never feels hung. */
export const DEFAULT_DRAIN_MS = 10_000;

const inFlight: FastifyPluginAsync<{ drainMs?: number }> = async (app, options) => {
  const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | null = null;
  const done = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) drained?.();
  };

  app.addHook('onRequest', async (request) => {
    running.add(request);
  });
  // The answer is ready; with its caller gone Fastify writes nothing and onResponse never comes.
  app.addHook('onSend', async (request, reply) => {
    const socket = reply.raw.socket;
    if (!socket || socket.destroyed) done(request);
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('preClose', async () => {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      drained = resolve;
      timer = setTimeout(resolve, drainMs);
    });
    clearTimeout(timer);
    if (running.size > 0) app.log.warn({ unfinished: running.size }, 'closing with requests still running');
  });
};

export const inFlightPlugin = fp(inFlight, { name: 'in-flight' });
