// The gateway compiles a route's schemas on the route's first request: a schema the compilers refuse must still
// be found before anyone sends that request, so every route of the app is compiled here at once.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestGateway } from '../testing/test-gateway';
import { lazySchemaCompilers, schemaCompilation } from './schema-compilers';

/** A bare app with one route whose body schema Ajv refuses (strict mode: an unknown keyword). */
function appWithRefusedSchema() {
  const app = Fastify({ schemaController: lazySchemaCompilers });
  app.post('/refused', { schema: { body: { type: 'object', notAKeyword: true } } }, async () => ({ ok: true }));
  app.post(
    '/fine',
    {
      schema: {
        body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    },
    async (request) => ({ n: (request.body as { n: number }).n, extra: 'dropped' }),
  );
  return app;
}

describe('schemas compiled on first use', () => {
  afterEach(() => {
    schemaCompilation.compileNow = false;
  });

  it('validate and serialize as compiled up front', async () => {
    const app = appWithRefusedSchema();
    await app.ready();
    const refused = await app.inject({ method: 'POST', url: '/fine', payload: { n: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/body\/n must be integer/);
    const ok = await app.inject({ method: 'POST', url: '/fine', payload: { n: 2 } });
    expect(ok.json()).toEqual({ n: 2 });
    // Only the route asked for meets its broken schema, and only when asked.
    expect((await app.inject({ method: 'POST', url: '/refused', payload: {} })).statusCode).toBe(500);
    await app.close();
  });

  it('fail the build on a refused schema when compiled as the routes register', async () => {
    schemaCompilation.compileNow = true;
    const app = appWithRefusedSchema();
    await expect(app.ready()).rejects.toThrow(/notAKeyword/);
  });

  it('compile for every route of the gateway', { timeout: 120_000 }, async () => {
    schemaCompilation.compileNow = true;
    const gw = await createTestGateway();
    try {
      expect(gw.app.hasRoute({ method: 'POST', url: '/api/authcenter/login' })).toBe(true);
    } finally {
      await gw.close();
    }
  });
});
