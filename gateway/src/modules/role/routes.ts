// 角色管理 and 角色权限 (SPEC §3, §6, §7.2 Roles). Reads need the 角色管理 menu; writes its operation code
// (add, edit, delete; users and grants: authorize). Every query carries the caller's tenant, so another
// tenant's role answers 160300404 like a role that does not exist. The platform administrator's role can
// be neither deleted, disabled, recoded nor stripped of 角色管理: a tenant must never lock itself out.
import type { FastifyPluginAsync } from 'fastify';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { DASHBOARD_ROUTE } from '../../../../src/domain/menu/route-catalogue';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound, ok } from '../../plugins/envelope';
import { listMenus } from '../menu/repository';
import { logOperation } from '../operation-log/repository';
import {
  addUsersToRole,
  countTenantUsers,
  findRole,
  findRoles,
  insertRole,
  listLiveRoles,
  listRoleUsers,
  markRolesDeleted,
  menuOperations,
  pageRoles,
  pageRoleUsers,
  PLATFORM_ADMIN_ROLE_CODE,
  roleExists,
  roleGrants,
  updateRole,
  writeGrants,
  type GrantSet,
  type RoleInput,
} from './repository';
import {
  addUsersSchema,
  allRolesSchema,
  batchAuthSchema,
  createRoleSchema,
  deleteRolesSchema,
  excludeUsersSchema,
  resourcePageSchema,
  resourceSchema,
  roleAuthSchema,
  roleExistSchema,
  rolePageSchema,
  roleUserListSchema,
  roleUsersSchema,
  updateRoleSchema,
  type AddUsersBody,
  type BatchAuthBody,
  type DeleteRolesBody,
  type ExcludeUsersQuery,
  type ResourcePageQuery,
  type ResourceQuery,
  type RoleAuthBody,
  type RoleBody,
  type RoleExistQuery,
  type RolePageQuery,
  type RoleUserListQuery,
  type RoleUsersQuery,
  type UpdateRoleBody,
} from './schemas';

export const ROLES_MENU = '/basicDataManagement/rolesManagment';
const ROLES_MENU_ID = menuIdForPath(ROLES_MENU);
const DASHBOARD_MENU_ID = menuIdForPath(DASHBOARD_ROUTE.path);

const roleNotFound = () => notFound('角色不存在');
const stale = () => new AppError(ResultCode.staleVersion, '角色已被他人修改，请刷新后重试');

function paging(query: { current?: string; size?: string }) {
  const current = Number(query.current ?? '1');
  const size = Number(query.size ?? '10');
  return { current, size, offset: (current - 1) * size, limit: size };
}

type RoleRow = NonNullable<Awaited<ReturnType<typeof findRole>>> & { user_count?: string | number | null };

function roleDto(row: RoleRow) {
  return {
    roleId: row.role_id,
    roleName: row.role_name,
    roleCode: row.role_code,
    status: row.status as 'ENABLED' | 'DISABLED',
    remark: row.remark,
    version: row.version,
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
    ...(row.user_count !== undefined ? { userCount: Number(row.user_count ?? 0) } : {}),
    platformAdmin: row.role_code === PLATFORM_ADMIN_ROLE_CODE,
  };
}

function roleInput(body: RoleBody): RoleInput {
  const roleName = body.roleName.trim();
  const roleCode = body.roleCode.trim();
  if (!roleName) throw invalidInput('参数校验失败：roleName 不能为空');
  return { roleName, roleCode, status: body.status ?? 'ENABLED', remark: (body.remark ?? '').trim() };
}

function grantsForLog(grants: GrantSet): Record<string, string[]> {
  return Object.fromEntries([...grants].map(([menuId, ops]) => [menuId, [...ops]]));
}

/** A unique index caught what the existence check could not (two saves at once). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const roleRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const read = { access: { menu: ROLES_MENU } } as const;
  const needs = (op: 'add' | 'edit' | 'delete' | 'authorize') => ({ access: { menu: ROLES_MENU, op } }) as const;

  async function assertUnique(tenantId: string, input: RoleInput, excludeId?: string) {
    const taken = await roleExists(deps.db, {
      tenantId,
      roleName: input.roleName,
      roleCode: input.roleCode,
      ...(excludeId ? { excludeId } : {}),
    });
    if (taken.name) throw invalidInput('角色名称已存在');
    if (taken.code) throw invalidInput('角色编码已存在');
  }

  async function liveRole(tenantId: string, roleId: string) {
    const role = await findRole(deps.db, tenantId, roleId);
    if (!role) throw roleNotFound();
    return role;
  }

  app.get<{ Querystring: RolePageQuery }>(
    '/api/authcenter/base/role/wsf/page',
    { config: read, schema: rolePageSchema },
    async (request) => {
      const { current, size, offset, limit } = paging(request.query);
      const { rows, total } = await pageRoles(deps.db, {
        tenantId: sessionOf(request).tenantId,
        ...(request.query.roleName?.trim() ? { roleName: request.query.roleName.trim() } : {}),
        ...(request.query.roleCode?.trim() ? { roleCode: request.query.roleCode.trim() } : {}),
        ...(request.query.status ? { status: request.query.status } : {}),
        offset,
        limit,
      });
      return ok({ records: rows.map(roleDto), total, current, size });
    },
  );

  app.post<{ Body: RoleBody }>(
    '/api/authcenter/base/role',
    { config: needs('add'), schema: createRoleSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const input = roleInput(request.body);
      await assertUnique(tenantId, input);
      let roleId = '';
      const now = deps.now();
      try {
        await deps.db.transaction().execute(async (trx) => {
          roleId = await insertRole(trx, tenantId, input, DASHBOARD_MENU_ID, now);
          await logOperation(trx, {
            tenantId,
            userId: sessionOf(request).userId,
            now,
            action: 'role.create',
            targetType: 'role',
            targetId: roleId,
            after: input,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidInput('角色名称或编码已存在');
        throw error;
      }
      return ok(roleDto(await liveRole(tenantId, roleId)));
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateRoleBody }>(
    '/api/authcenter/base/role/:id',
    { config: needs('edit'), schema: updateRoleSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const roleId = request.params.id;
      if (request.body.roleId !== undefined && request.body.roleId !== roleId)
        throw invalidInput('参数校验失败：roleId 与路径不一致');
      const existing = await liveRole(tenantId, roleId);
      const input = roleInput(request.body);
      if (existing.role_code === PLATFORM_ADMIN_ROLE_CODE) {
        if (input.roleCode !== existing.role_code) throw invalidInput('平台管理员角色的编码不能修改');
        if (input.status !== 'ENABLED') throw invalidInput('平台管理员角色不能停用');
      }
      if (existing.version !== request.body.version) throw stale();
      await assertUnique(tenantId, input, roleId);
      let updated = false;
      const now = deps.now();
      try {
        await deps.db.transaction().execute(async (trx) => {
          updated = await updateRole(trx, tenantId, roleId, request.body.version, input, now);
          if (!updated) return;
          const before = {
            roleName: existing.role_name,
            roleCode: existing.role_code,
            status: existing.status,
            remark: existing.remark,
          };
          await logOperation(trx, {
            tenantId,
            userId: sessionOf(request).userId,
            now,
            action: 'role.update',
            targetType: 'role',
            targetId: roleId,
            before,
            after: input,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidInput('角色名称或编码已存在');
        throw error;
      }
      if (!updated) throw stale();
      return ok(roleDto(await liveRole(tenantId, roleId)));
    },
  );

  app.get('/api/authcenter/base/role/wsf/all', { config: read, schema: allRolesSchema }, async (request) => {
    const rows = await listLiveRoles(deps.db, sessionOf(request).tenantId);
    return ok(rows.map((r) => ({ roleId: r.role_id, roleName: r.role_name, roleCode: r.role_code })));
  });

  app.get<{ Querystring: RoleExistQuery }>(
    '/api/authcenter/base/role/exist',
    { config: read, schema: roleExistSchema },
    async (request) => {
      const roleName = request.query.roleName?.trim() || undefined;
      const roleCode = request.query.roleCode?.trim() || undefined;
      if (!roleName && !roleCode) throw invalidInput('参数校验失败：roleName 或 roleCode 至少填写一项');
      const taken = await roleExists(deps.db, {
        tenantId: sessionOf(request).tenantId,
        ...(roleName ? { roleName } : {}),
        ...(roleCode ? { roleCode } : {}),
        ...(request.query.roleId ? { excludeId: request.query.roleId } : {}),
      });
      return ok(taken.name || taken.code);
    },
  );

  app.put<{ Body: DeleteRolesBody }>(
    '/api/authcenter/base/role/delstatus',
    { config: needs('delete'), schema: deleteRolesSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const roles = await findRoles(deps.db, tenantId, request.body.roleIds);
      if (roles.length !== request.body.roleIds.length) throw roleNotFound();
      if (roles.some((r) => r.role_code === PLATFORM_ADMIN_ROLE_CODE)) throw invalidInput('平台管理员角色不能删除');
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await markRolesDeleted(trx, tenantId, request.body.roleIds, now);
        for (const role of roles) {
          await logOperation(trx, {
            tenantId,
            userId: sessionOf(request).userId,
            now,
            action: 'role.delete',
            targetType: 'role',
            targetId: role.role_id,
            before: { roleName: role.role_name, roleCode: role.role_code },
            after: { status: 'DELETED' },
          });
        }
      });
      return ok(null);
    },
  );

  const userDto = (r: Awaited<ReturnType<typeof pageRoleUsers>>['rows'][number]) => ({
    userId: r.user_id,
    userName: r.user_name,
    nickName: r.nick_name,
    organizationId: r.organization_id,
    orgName: r.org_name,
    status: r.status,
  });

  app.get<{ Params: { roleId: string }; Querystring: RoleUsersQuery }>(
    '/api/authcenter/base/role/users/:roleId',
    { config: read, schema: roleUsersSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      await liveRole(tenantId, request.params.roleId);
      const { current, size, offset, limit } = paging(request.query);
      const name = request.query.name?.trim();
      const { rows, total } = await pageRoleUsers(
        deps.db,
        { tenantId, roleId: request.params.roleId, ...(name ? { name } : {}), offset, limit },
        true,
      );
      return ok({ records: rows.map(userDto), total, current, size });
    },
  );

  app.get<{ Querystring: ExcludeUsersQuery }>(
    '/api/authcenter/base/tenant/user/users/wsf/exclude',
    { config: read, schema: excludeUsersSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      await liveRole(tenantId, request.query.roleId);
      const { current, size, offset, limit } = paging(request.query);
      const name = request.query.name?.trim();
      const { rows, total } = await pageRoleUsers(
        deps.db,
        { tenantId, roleId: request.query.roleId, ...(name ? { name } : {}), offset, limit },
        false,
      );
      return ok({ records: rows.map(userDto), total, current, size });
    },
  );

  app.post<{ Body: AddUsersBody }>(
    '/api/authcenter/base/role/add/users',
    { config: needs('authorize'), schema: addUsersSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      await liveRole(tenantId, request.body.roleId);
      if ((await countTenantUsers(deps.db, tenantId, request.body.userIds)) !== request.body.userIds.length)
        throw notFound('用户不存在');
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await addUsersToRole(trx, request.body.roleId, request.body.userIds);
        await logOperation(trx, {
          tenantId,
          userId: sessionOf(request).userId,
          now,
          action: 'role.addUsers',
          targetType: 'role',
          targetId: request.body.roleId,
          after: { userIds: request.body.userIds },
        });
      });
      return ok(null);
    },
  );

  app.get<{ Querystring: RoleUserListQuery }>(
    '/api/authcenter/base/role/user/list',
    { config: read, schema: roleUserListSchema },
    async (request) => {
      const { roleId, userId } = request.query;
      if (!roleId && !userId) throw invalidInput('参数校验失败：roleId 或 userId 至少填写一项');
      const rows = await listRoleUsers(deps.db, {
        tenantId: sessionOf(request).tenantId,
        ...(roleId ? { roleId } : {}),
        ...(userId ? { userId } : {}),
      });
      return ok(
        rows.map((r) => ({
          roleId: r.role_id,
          roleName: r.role_name,
          roleCode: r.role_code,
          userId: r.user_id,
          userName: r.user_name,
          nickName: r.nick_name,
        })),
      );
    },
  );

  // ---- 角色权限 -----------------------------------------------------------------------------------------

  async function resources(roleId: string) {
    const [menus, ops, grants] = await Promise.all([
      listMenus(deps.db),
      menuOperations(deps.db),
      roleGrants(deps.db, roleId),
    ]);
    return menus.map((m) => {
      const offered = ops.get(m.menu_id) ?? [];
      const held = grants.get(m.menu_id);
      return {
        menuId: m.menu_id,
        menuName: m.menu_name,
        path: m.path,
        parentKid: m.parent_id,
        hidden: m.hidden,
        sortNo: m.sort_no,
        operationCodes: offered,
        checked: held !== undefined,
        checkedOperationCodes: offered.filter((op) => held?.has(op)),
      };
    });
  }

  // Reads of a role's grants need the menu alone: an auditor looks at them without being able to change them.
  app.get<{ Querystring: ResourceQuery }>(
    '/api/authcenter/base/role/auth/resource',
    { config: read, schema: resourceSchema },
    async (request) => {
      await liveRole(sessionOf(request).tenantId, request.query.roleId);
      return ok(await resources(request.query.roleId));
    },
  );

  app.get<{ Querystring: ResourcePageQuery }>(
    '/api/authcenter/base/role/auth/resourceByPage',
    { config: read, schema: resourcePageSchema },
    async (request) => {
      await liveRole(sessionOf(request).tenantId, request.query.roleId);
      const { current, size, offset, limit } = paging(request.query);
      const name = request.query.menuName?.trim();
      // The pages (menus that are routes), not the area groups above them.
      const all = (await resources(request.query.roleId)).filter(
        (r) => r.parentKid !== '0' || r.menuId === DASHBOARD_MENU_ID,
      );
      const matching = name ? all.filter((r) => r.menuName.includes(name)) : all;
      return ok({ records: matching.slice(offset, offset + limit), total: matching.length, current, size });
    },
  );

  /** The requested grants, checked against the catalogue, with every granted menu's ancestors and the dashboard. */
  async function grantSet(menusIn: RoleAuthBody['menus']): Promise<GrantSet> {
    const [menus, ops] = await Promise.all([listMenus(deps.db), menuOperations(deps.db)]);
    const byId = new Map(menus.map((m) => [m.menu_id, m]));
    const grants: GrantSet = new Map([[DASHBOARD_MENU_ID, new Set<string>()]]);
    for (const entry of menusIn) {
      const menuId = entry.menuId.toLowerCase();
      if (!byId.has(menuId)) throw invalidInput(`菜单不存在：${entry.menuId}`);
      const offered = ops.get(menuId) ?? [];
      const unknown = entry.operationCodes.find((op) => !offered.includes(op));
      if (unknown !== undefined) throw invalidInput(`菜单 ${byId.get(menuId)!.menu_name} 没有操作码 ${unknown}`);
      const set = grants.get(menuId) ?? new Set<string>();
      for (const op of entry.operationCodes) set.add(op);
      grants.set(menuId, set);
      for (
        let parent = byId.get(byId.get(menuId)!.parent_id);
        parent && !grants.has(parent.menu_id);
        parent = byId.get(parent.parent_id)
      ) {
        grants.set(parent.menu_id, new Set());
      }
    }
    return grants;
  }

  app.post<{ Body: RoleAuthBody }>(
    '/api/authcenter/base/role/auth/roleAuth',
    { config: needs('authorize'), schema: roleAuthSchema },
    async (request) => {
      const role = await liveRole(sessionOf(request).tenantId, request.body.roleId);
      const grants = await grantSet(request.body.menus);
      if (role.role_code === PLATFORM_ADMIN_ROLE_CODE && !grants.get(ROLES_MENU_ID)?.has('authorize')) {
        throw invalidInput('平台管理员角色不能取消角色管理权限');
      }
      const { tenantId, userId } = sessionOf(request);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        const before = grantsForLog(await roleGrants(trx, role.role_id));
        await writeGrants(trx, [role.role_id], grants, 'replace');
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: 'role.grant',
          targetType: 'role',
          targetId: role.role_id,
          before,
          after: grantsForLog(grants),
        });
      });
      return ok(null);
    },
  );

  app.post<{ Body: BatchAuthBody }>(
    '/api/authcenter/base/role/auth/batch',
    { config: needs('authorize'), schema: batchAuthSchema },
    async (request) => {
      const roles = await findRoles(deps.db, sessionOf(request).tenantId, request.body.roleIds);
      if (roles.length !== request.body.roleIds.length) throw roleNotFound();
      // Additive: a batch grants, it never takes away, so it cannot strip the platform administrator either.
      const grants = await grantSet(request.body.menus);
      const { tenantId, userId } = sessionOf(request);
      const now = deps.now();
      await deps.db.transaction().execute(async (trx) => {
        await writeGrants(trx, request.body.roleIds, grants, 'add');
        for (const roleId of request.body.roleIds) {
          await logOperation(trx, {
            tenantId,
            userId,
            now,
            action: 'role.grantBatch',
            targetType: 'role',
            targetId: roleId,
            after: grantsForLog(grants),
          });
        }
      });
      return ok(null);
    },
  );
};

export default roleRoutes;
