import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { ok } from '../../plugins/envelope';
import { findTenantWithApps } from './repository';
import { currentUserTenantsSchema } from './schemas';

export const tenantRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get(
    '/api/authcenter/base/tenant/user/curuser/tenants',
    { config: { access: 'session' }, schema: currentUserTenantsSchema },
    async (request) => {
      const found = await findTenantWithApps(deps.db, sessionOf(request).tenantId);
      if (!found) return ok([]);
      return ok([
        {
          tenantId: found.tenant.tenant_id,
          tenantName: found.tenant.tenant_name,
          appLists: found.apps.map((a) => ({
            appCode: a.app_code,
            appId: a.app_id,
            appName: a.app_name,
            website: a.website,
          })),
        },
      ]);
    },
  );
};

export default tenantRoutes;
