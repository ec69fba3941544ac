// Security headers on every answer. The CSP fits a React + Fluent UI build: scripts only from our origin,
// inline styles allowed because Fluent's Griffel injects <style> tags at run time. No
// upgrade-insecure-requests: the gateway is also run over plain HTTP on a LAN, where it would break every
// asset; TLS is the proxy's job. The Swagger UI page works under the same policy (its scripts and styles
// are files of our origin; @fastify/swagger-ui's csp.json lists no inline script), so it needs no exception.
//
// The headers are helmet's, and the same on every answer (no per-request nonce), so they are asked of helmet
// once at start and then copied onto each reply: @fastify/helmet builds its middleware again for every
// request, which was some 7 % of a short API call's CPU.
//
// A hashed file of the built client (a script, a style, a font) is not a document: the policies for framing,
// scripts, windows and downloads mean nothing on it, and over HTTP/1.1 they would be sent whole with each of
// the shell's many small chunks, often outweighing the chunk. A route that serves such files says so with
// `config: { securityHeaders: 'subresource' }` and gets only what a browser reads on a subresource: nosniff,
// the cross-origin resource policy, and the referrer policy a module script passes on to the chunks it imports.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import Fastify from 'fastify';
import fp from 'fastify-plugin';

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
};

/** What @fastify/helmet with these options sets on an answer, asked of it once on an instance of its own. */
export async function helmetHeaders(options: FastifyHelmetOptions = HELMET_OPTIONS): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(helmet, options);
    probe.get('/', async (_request, reply) => reply.raw.getHeaders());
    return (await probe.inject({ method: 'GET', url: '/' })).json<Record<string, string>>();
  } finally {
    await probe.close();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'subresource': the route serves files a page loads (scripts, styles, fonts), never a document. */
    securityHeaders?: 'subresource';
  }
}

/** The security headers a browser reads on a subresource; the rest only mean something on a document. */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];

export const securityHeadersPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const headers = await helmetHeaders();
    const subresource = Object.fromEntries(SUBRESOURCE_HEADERS.map((name) => [name, headers[name]!]));
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.routeOptions.config.securityHeaders === 'subresource' ? subresource : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
