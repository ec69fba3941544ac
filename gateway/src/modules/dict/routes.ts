import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { ok } from '../../plugins/envelope';
import { listDictItems } from './repository';
import { dictListSchema } from './schemas';

export const dictRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get('/api/dict/dict/list', { config: { access: 'session' }, schema: dictListSchema }, async (request) => {
    const rows = await listDictItems(deps.db, sessionOf(request).tenantId);
    return ok(
      rows.map((r) => ({
        dictTypeCode: r.dict_type_code,
        dictTypeName: r.dict_type_name,
        dictCode: r.dict_code,
        dictName: r.dict_name,
        sortNo: r.sort_no,
      })),
    );
  });
};

export default dictRoutes;
