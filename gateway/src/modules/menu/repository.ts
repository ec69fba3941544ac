// Menus and what a user's roles grant on them; a disabled or deleted role grants nothing. The guard keeps
// each user's grants in its access cache (plugins/access-cache.ts), forgotten on any change of roles or
// grants, so a role change still takes effect on the user's next call.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

type MenuRows = Awaited<ReturnType<typeof readMenus>>;
const menusByDb = new WeakMap<Kysely<Database>, Promise<MenuRows>>();

function readMenus(db: Kysely<Database>) {
  return db.selectFrom('menu').selectAll().orderBy('sort_no').execute();
}

/**
 * The menu tree, read once per database handle: only the seed writes it (from the route catalogue, before
 * the app starts), and every signed-in page load asks for it. A write to it is notified all the same
 * (migration 0011), and the access cache forgets the tree then.
 */
export function listMenus(db: Kysely<Database>): Promise<MenuRows> {
  let menus = menusByDb.get(db);
  if (!menus) {
    menus = readMenus(db);
    menus.catch(() => menusByDb.delete(db));
    menusByDb.set(db, menus);
  }
  return menus;
}

export function forgetMenus(db: Kysely<Database>): void {
  menusByDb.delete(db);
}

/** Menu id → the operation codes the user's roles grant on it (an empty set: the menu without any). */
export async function grantedMenus(
  db: Kysely<Database>,
  userId: string,
  tenantId: string,
): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.role_id')
    .leftJoin('role_menu_operation as rmo', (j) =>
      j.onRef('rmo.role_id', '=', 'rm.role_id').onRef('rmo.menu_id', '=', 'rm.menu_id'),
    )
    .select(['rm.menu_id', 'rmo.operation_code'])
    .where('ur.user_id', '=', userId)
    .where('r.tenant_id', '=', tenantId)
    .where('r.status', '=', 'ENABLED')
    .execute();
  const granted = new Map<string, Set<string>>();
  for (const row of rows) {
    const ops = granted.get(row.menu_id) ?? new Set<string>();
    if (row.operation_code) ops.add(row.operation_code);
    granted.set(row.menu_id, ops);
  }
  return granted;
}

/** Whether the user's roles grant the menu (and the operation code, when one is named). */
export async function hasGrant(
  db: Kysely<Database>,
  grant: { userId: string; tenantId: string; menuId: string; op?: string },
): Promise<boolean> {
  let query = db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .innerJoin('role_menu as rm', 'rm.role_id', 'r.role_id')
    .select('rm.menu_id')
    .where('ur.user_id', '=', grant.userId)
    .where('r.tenant_id', '=', grant.tenantId)
    .where('r.status', '=', 'ENABLED')
    .where('rm.menu_id', '=', grant.menuId);
  if (grant.op !== undefined) {
    const op = grant.op;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('role_menu_operation as rmo')
          .select('rmo.operation_code')
          .whereRef('rmo.role_id', '=', 'rm.role_id')
          .whereRef('rmo.menu_id', '=', 'rm.menu_id')
          .where('rmo.operation_code', '=', op),
      ),
    );
  }
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
