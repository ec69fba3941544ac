import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { ok } from '../../plugins/envelope';
import { encryptKeySchema } from './schemas';

export const gatewayRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get('/api/gateway/encryptKey', { config: { access: 'public' }, schema: encryptKeySchema }, async () =>
    ok({ key: deps.encryptKey, enabled: deps.encryptEnabled }),
  );
};

export default gatewayRoutes;
