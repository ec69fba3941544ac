// OpenAPI generated from the route schemas, with Swagger UI at /api/docs (JSON at /api/docs/json). Routes
// that need a session are marked with the bearer scheme, read from their access statement.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const DOCS_PREFIX = '/api/docs';

export const docsPlugin: FastifyPluginAsync = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: '远景控股集团供应链金融平台 — 网关 API',
          description: '所有应答均为 { code, message, data }；code 0 为成功。',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: '登录返回的 token；也可放在 token 请求头' },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const access = route.config?.access;
        return { schema: access && access !== 'public' ? { ...schema, security: [{ bearer: [] }] } : schema, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'docs' },
);
