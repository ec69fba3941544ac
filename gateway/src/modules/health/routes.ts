import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { ok } from '../../plugins/envelope';
import { pingDatabase } from './repository';
import { healthSchema } from './schemas';

export const healthRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get('/api/health', { config: { access: 'public' }, schema: healthSchema }, async () => {
    await pingDatabase(deps.db);
    return ok({ status: 'ok' as const, database: deps.database });
  });
};

export default healthRoutes;
