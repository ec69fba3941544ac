// The signed-in user's menu (SPEC §3, §6): the menus their roles grant plus the groups above them, flat, in
// catalogue order. Operation codes only when asked for with loadOp=1.
import type { FastifyPluginAsync } from 'fastify';
import type { ServerMenuItem } from '../../../../src/domain/menu/menu';
import { ALL_OPERATION_CODES } from '../../../../src/domain/menu/route-catalogue';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { ok } from '../../plugins/envelope';
import { listMenus } from './repository';
import type { MenuListQuery } from './schemas';
import { menuListSchema } from './schemas';

/** In the catalogue's order of codes, so the answer is stable. */
function operationsOf(codes: Set<string> | undefined): ServerMenuItem['opAuthorityDTOList'] {
  return ALL_OPERATION_CODES.filter((code) => codes?.has(code)).map((operationCode) => ({ operationCode }));
}

export const menuRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get<{ Querystring: MenuListQuery }>(
    '/api/authcenter/authority/menu/list',
    { config: { access: 'session' }, schema: menuListSchema },
    async (request) => {
      const [menus, granted] = await Promise.all([listMenus(deps.db), sessionOf(request).grants()]);
      const byId = new Map(menus.map((m) => [m.menu_id, m]));
      const visible = new Set<string>();
      for (const id of granted.keys()) {
        for (let m = byId.get(id); m && !visible.has(m.menu_id); m = byId.get(m.parent_id)) visible.add(m.menu_id);
      }
      const withOps = request.query.loadOp === '1';
      const items: ServerMenuItem[] = menus
        .filter((m) => visible.has(m.menu_id))
        .map((m) => ({
          menuId: m.menu_id,
          menuName: m.menu_name,
          component: m.path,
          path: m.path,
          params: '{}',
          query: '{}',
          parentKid: m.parent_id,
          icon: m.icon,
          menuCode: m.menu_code,
          hidden: m.hidden,
          sortNo: m.sort_no,
          opAuthorityDTOList: withOps ? operationsOf(granted.get(m.menu_id)) : [],
        }));
      return ok(items);
    },
  );
};

export default menuRoutes;
