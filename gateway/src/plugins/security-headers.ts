// Security headers on every answer. The CSP fits a React + Fluent UI build: scripts only from our origin,
// inline styles allowed because Fluent's Griffel injects <style> tags at run time. No
// upgrade-insecure-requests: the gateway is also run over plain HTTP on a LAN, where it would break every
// asset; TLS is the proxy's job. The Swagger UI page works under the same policy (its scripts and styles
// are files of our origin; @fastify/swagger-ui's csp.json lists no inline script), so it needs no exception.
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const securityHeadersPlugin: FastifyPluginAsync = fp(
  async (app) => {
    await app.register(helmet, {
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
    });
  },
  { name: 'security-headers' },
);
