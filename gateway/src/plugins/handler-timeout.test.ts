// The handler's deadline on a request with a body: Fastify alone aborts such a request's signal as soon as the
// body is read and drops its deadline (fastify/fastify#6725); with the plugin the deadline holds and the signal
// aborts only when it passes or the caller goes away.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { handlerTimeoutPlugin } from './handler-timeout';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the handler deadline', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function serve(withPlugin: boolean) {
    const seen: { aborted: boolean; timedOut: boolean }[] = [];
    app = Fastify({ handlerTimeout: 400 });
    if (withPlugin) await app.register(handlerTimeoutPlugin);
    app.post('/work', async (request) => {
      await wait(Number((request.body as { ms: number }).ms));
      const reason = request.signal.reason as { code?: unknown } | undefined;
      seen.push({ aborted: request.signal.aborted, timedOut: reason?.code === 'FST_ERR_HANDLER_TIMEOUT' });
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const post = (ms: number, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms }),
        signal,
      });
    return { seen, post };
  }

  it('is lost on a POST with a body without the plugin (why the plugin exists)', async () => {
    const { seen, post } = await serve(false);
    expect((await post(700)).status).toBe(200);
    expect(seen).toEqual([{ aborted: true, timedOut: false }]);
  });

  it('leaves a request answered in time unaborted', async () => {
    const { seen, post } = await serve(true);
    expect((await post(100)).status).toBe(200);
    expect(seen).toEqual([{ aborted: false, timedOut: false }]);
  });

  it('answers 503 when it passes and aborts the signal with the deadline as its reason', async () => {
    const { seen, post } = await serve(true);
    expect((await post(700)).status).toBe(503);
    await wait(500);
    expect(seen).toEqual([{ aborted: true, timedOut: true }]);
  });

  it('aborts the signal when the caller goes away before the answer', async () => {
    const { seen, post } = await serve(true);
    const caller = new AbortController();
    const sent = post(300, caller.signal).catch(() => 'gone');
    await wait(100);
    caller.abort();
    expect(await sent).toBe('gone');
    await wait(400);
    expect(seen).toEqual([{ aborted: true, timedOut: false }]);
  });
});
