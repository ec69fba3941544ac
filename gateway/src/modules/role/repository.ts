// Roles of a tenant, their users and their grants (SPEC §3, §6). Every query names the tenant: another
// tenant's role is simply not found. Deleting a role is a status change; the grant checks in
// modules/menu/repository read only ENABLED roles, so a deleted role's users lose its menus on their next call.
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, RoleStatus } from '../../db/database';

export type LiveRoleStatus = Exclude<RoleStatus, 'DELETED'>;

/** The seeded platform administrator's role code: it can be neither deleted nor stripped of 角色管理. */
export const PLATFORM_ADMIN_ROLE_CODE = 'PLATFORM_ADMIN';

/** A 19-digit id like the seeded ones: milliseconds and a random tail (collisions fail on the primary key). */
export function newRoleId(now: Date): string {
  return `1${now.getTime()}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const roleColumns = [
  'role_id',
  'role_name',
  'role_code',
  'status',
  'remark',
  'version',
  'created_at',
  'updated_at',
] as const;

export interface RoleFilter {
  tenantId: string;
  roleName?: string;
  roleCode?: string;
  status?: LiveRoleStatus;
  offset: number;
  limit: number;
}

export async function pageRoles(db: Kysely<Database>, filter: RoleFilter) {
  let query = db.selectFrom('role').where('tenant_id', '=', filter.tenantId).where('status', '<>', 'DELETED');
  if (filter.roleName) query = query.where('role_name', 'like', escapeLike(filter.roleName));
  if (filter.roleCode) query = query.where('role_code', 'like', escapeLike(filter.roleCode));
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .select([...roleColumns])
      .select((eb) =>
        eb
          .selectFrom('user_role')
          .whereRef('user_role.role_id', '=', 'role.role_id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('user_count'),
      )
      .orderBy('created_at')
      .orderBy('role_id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function listLiveRoles(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('role')
    .select(['role_id', 'role_name', 'role_code', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ENABLED')
    .orderBy('created_at')
    .orderBy('role_id')
    .execute();
}

/** A role of the tenant that is not deleted. */
export function findRole(db: Kysely<Database>, tenantId: string, roleId: string) {
  return db
    .selectFrom('role')
    .select([...roleColumns])
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .where('status', '<>', 'DELETED')
    .executeTakeFirst();
}

/** Whether a live role of the tenant already has this name or code (other than `excludeId`). */
export async function roleExists(
  db: Kysely<Database>,
  check: { tenantId: string; roleName?: string; roleCode?: string; excludeId?: string },
): Promise<{ name: boolean; code: boolean }> {
  const live = (column: 'role_name' | 'role_code', value: string | undefined) => {
    if (value === undefined) return Promise.resolve(false);
    let query = db
      .selectFrom('role')
      .select('role_id')
      .where('tenant_id', '=', check.tenantId)
      .where('status', '<>', 'DELETED')
      .where(column, '=', value);
    if (check.excludeId) query = query.where('role_id', '<>', check.excludeId);
    return query
      .limit(1)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  };
  const [name, code] = await Promise.all([live('role_name', check.roleName), live('role_code', check.roleCode)]);
  return { name, code };
}

export interface RoleInput {
  roleName: string;
  roleCode: string;
  status: LiveRoleStatus;
  remark: string;
}

/** A new role, granted the dashboard like every role (the home page must open for its users). Run it in a transaction. */
export async function insertRole(
  db: Kysely<Database>,
  tenantId: string,
  input: RoleInput,
  dashboardMenuId: string,
  now: Date,
) {
  const roleId = newRoleId(now);
  {
    const trx = db;
    await trx
      .insertInto('role')
      .values({
        role_id: roleId,
        tenant_id: tenantId,
        role_name: input.roleName,
        role_code: input.roleCode,
        status: input.status,
        remark: input.remark,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto('role_menu').values({ role_id: roleId, menu_id: dashboardMenuId }).execute();
  }
  return roleId;
}

/** Updates when the version matches; answers whether it did. */
export async function updateRole(
  db: Kysely<Database>,
  tenantId: string,
  roleId: string,
  version: number,
  input: RoleInput,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('role')
    .set({
      role_name: input.roleName,
      role_code: input.roleCode,
      status: input.status,
      remark: input.remark,
      updated_at: now,
      version: sql<number>`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .where('status', '<>', 'DELETED')
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Live roles of the tenant among `roleIds`. */
export function findRoles(db: Kysely<Database>, tenantId: string, roleIds: readonly string[]) {
  return db
    .selectFrom('role')
    .select(['role_id', 'role_code', 'role_name'])
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .where('status', '<>', 'DELETED')
    .execute();
}

export async function markRolesDeleted(db: Kysely<Database>, tenantId: string, roleIds: readonly string[], now: Date) {
  await db
    .updateTable('role')
    .set({ status: 'DELETED', updated_at: now, version: sql<number>`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .where('status', '<>', 'DELETED')
    .execute();
}

// ---- users of a role ---------------------------------------------------------------------------------

export interface UserPageFilter {
  tenantId: string;
  roleId: string;
  name?: string;
  offset: number;
  limit: number;
}

function usersQuery(db: Kysely<Database>, filter: UserPageFilter, inRole: boolean) {
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('organization as o', 'o.org_id', 'u.organization_id')
    .where('u.tenant_id', '=', filter.tenantId)
    .where(({ exists, not, selectFrom }) => {
      const member = exists(
        selectFrom('user_role as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.user_id')
          .where('ur.role_id', '=', filter.roleId),
      );
      return inRole ? member : not(member);
    });
  if (filter.name) {
    const pattern = escapeLike(filter.name);
    query = query.where((eb) => eb.or([eb('u.user_name', 'like', pattern), eb('u.nick_name', 'like', pattern)]));
  }
  return query;
}

/** One page of the users in (or, with `inRole` false, not in) the role. */
export async function pageRoleUsers(db: Kysely<Database>, filter: UserPageFilter, inRole: boolean) {
  const query = usersQuery(db, filter, inRole);
  const [rows, count] = await Promise.all([
    query
      .select(['u.user_id', 'u.user_name', 'u.nick_name', 'u.organization_id', 'o.org_name', 'u.status'])
      .orderBy('u.user_name')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** How many of `userIds` are users of the tenant. */
export async function countTenantUsers(
  db: Kysely<Database>,
  tenantId: string,
  userIds: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'in', userIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addUsersToRole(db: Kysely<Database>, roleId: string, userIds: readonly string[]) {
  await db
    .insertInto('user_role')
    .values(userIds.map((userId) => ({ user_id: userId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

/** Role ↔ user pairs of the tenant's live roles, for one role or one user. */
export function listRoleUsers(db: Kysely<Database>, filter: { tenantId: string; roleId?: string; userId?: string }) {
  let query = db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .innerJoin('app_user as u', 'u.user_id', 'ur.user_id')
    .select(['r.role_id', 'r.role_name', 'r.role_code', 'u.user_id', 'u.user_name', 'u.nick_name'])
    .where('r.tenant_id', '=', filter.tenantId)
    .where('u.tenant_id', '=', filter.tenantId)
    .where('r.status', '<>', 'DELETED');
  if (filter.roleId) query = query.where('r.role_id', '=', filter.roleId);
  if (filter.userId) query = query.where('u.user_id', '=', filter.userId);
  return query.orderBy('r.role_id').orderBy('u.user_name').execute();
}

// ---- grants ------------------------------------------------------------------------------------------

/** Menu id → operation codes the menu offers, for every menu. */
export async function menuOperations(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('menu_operation').select(['menu_id', 'operation_code']).execute();
  const ops = new Map<string, string[]>();
  for (const row of rows) ops.set(row.menu_id, [...(ops.get(row.menu_id) ?? []), row.operation_code]);
  return ops;
}

/** Menu id → the operation codes the role holds on it. */
export async function roleGrants(db: Kysely<Database>, roleId: string): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('role_menu as rm')
    .leftJoin('role_menu_operation as rmo', (j) =>
      j.onRef('rmo.role_id', '=', 'rm.role_id').onRef('rmo.menu_id', '=', 'rm.menu_id'),
    )
    .select(['rm.menu_id', 'rmo.operation_code'])
    .where('rm.role_id', '=', roleId)
    .execute();
  const grants = new Map<string, Set<string>>();
  for (const row of rows) {
    const ops = grants.get(row.menu_id) ?? new Set<string>();
    if (row.operation_code) ops.add(row.operation_code);
    grants.set(row.menu_id, ops);
  }
  return grants;
}

export type GrantSet = Map<string, Set<string>>;

/** Replaces the role's grants with `grants`, or (additive) adds them to what it has. Run it in a transaction. */
export async function writeGrants(
  db: Kysely<Database>,
  roleIds: readonly string[],
  grants: GrantSet,
  mode: 'replace' | 'add',
) {
  const menuRows = roleIds.flatMap((roleId) =>
    [...grants.keys()].map((menuId) => ({ role_id: roleId, menu_id: menuId })),
  );
  const opRows = roleIds.flatMap((roleId) =>
    [...grants].flatMap(([menuId, ops]) =>
      [...ops].map((op) => ({ role_id: roleId, menu_id: menuId, operation_code: op })),
    ),
  );
  {
    const trx = db;
    if (mode === 'replace') {
      await trx.deleteFrom('role_menu_operation').where('role_id', 'in', roleIds).execute();
      await trx.deleteFrom('role_menu').where('role_id', 'in', roleIds).execute();
    }
    if (menuRows.length) {
      await trx
        .insertInto('role_menu')
        .values(menuRows)
        .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
        .execute();
    }
    if (opRows.length) {
      await trx
        .insertInto('role_menu_operation')
        .values(opRows)
        .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
        .execute();
    }
  }
}
