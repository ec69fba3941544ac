// The signed-in user's menu (SPEC §3, §6): the menus their roles grant plus the groups above them, flat, in
// catalogue order. Operation codes only when asked for with loadOp=1.
import type { FastifyPluginAsync } from 'fastify';
import type { ServerMenuItem } from '../../../../src/domain/menu/menu';
import { ALL_OPERATION_CODES } from '../../../../src/domain/menu/route-catalogue';
import type { GatewayDeps } from '../../deps';
import type { Grants } from '../../plugins/access-cache';
import { sessionOf } from '../../plugins/auth-guard';
import { ok } from '../../plugins/envelope';
import { listMenus } from './repository';
import type { MenuListQuery } from './schemas';
import { menuListSchema } from './schemas';

/** In the catalogue's order of codes, so the answer is stable. */
function operationsOf(codes: Set<string> | undefined): ServerMenuItem['opAuthorityDTOList'] {
  return ALL_OPERATION_CODES.filter((code) => codes?.has(code)).map((operationCode) => ({ operationCode }));
}

type MenuRows = Awaited<ReturnType<typeof listMenus>>;

/**
 * Each answer as sent, per grants and menu tree: both are objects kept until a change is notified (the grants in
 * the access cache, the tree per database) and replaced then, so one pair always answers the same bytes. The
 * whole menu is some 35 KB; serialising and measuring it again on every call was most of the call's CPU.
 * Kept for the last few dozen users only (the ones signing in now), so it never holds more than a few MB.
 */
const answers = new Map<Grants, { menus: MenuRows; bodies: [Buffer?, Buffer?] }>();
const MAX_ANSWERS = 64;

export const menuRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get<{ Querystring: MenuListQuery }>(
    '/api/authcenter/authority/menu/list',
    { config: { access: 'session' }, schema: menuListSchema },
    async (request, reply) => {
      const [menus, granted] = await Promise.all([listMenus(deps.db), sessionOf(request).grants()]);
      const withOps = request.query.loadOp === '1';
      let known = answers.get(granted);
      if (known?.menus !== menus) {
        known = { menus, bodies: [] };
        if (answers.size >= MAX_ANSWERS) answers.clear();
        answers.set(granted, known);
      }
      const index = withOps ? 1 : 0;
      // Serialised by the route's own response schema, as Fastify would have sent the object.
      let body = known.bodies[index];
      if (!body) {
        // A JSON schema's serializer answers text.
        body = Buffer.from(reply.serialize(ok(visibleMenus(menus, granted, withOps))) as string);
        known.bodies[index] = body;
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};

/** The menus the grants name plus the groups above them, in the tree's order. */
function visibleMenus(menus: MenuRows, granted: Grants, withOps: boolean): ServerMenuItem[] {
  const byId = new Map(menus.map((m) => [m.menu_id, m]));
  const visible = new Set<string>();
  for (const id of granted.keys()) {
    for (let m = byId.get(id); m && !visible.has(m.menu_id); m = byId.get(m.parent_id)) visible.add(m.menu_id);
  }
  return menus
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
}

export default menuRoutes;
