// The meeting pages' grants of the people who take part (BUSINESS.md §4, "Roles in the demo tenant"): the
// secretary makes, notifies, cancels (取消 `terminate` on 会议信息管理), opens and closes the vote and records
// the minutes; the chair and members vote from 评审会执行. Which page and code each role holds is the domain's
// answer (meetingPagesOf), upserted here so that a restart brings an existing database in line.
import type { Kysely } from 'kysely';
import { meetingPagesOf } from '../../../../src/domain/financing/meeting-workflow';
import { ROLE } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { Database } from '../../db/database';
import { catalogueMenus } from '../../db/seed/demo-seed';
import { LifecycleRole } from '../business/seed';

export async function seed(db: Kysely<Database>): Promise<void> {
  const menus = new Map(catalogueMenus().map((m) => [m.menu_id, m]));
  const menuRows: { role_id: string; menu_id: string }[] = [];
  const opRows: { role_id: string; menu_id: string; operation_code: string }[] = [];
  for (const role of [ROLE.SECRETARY, ROLE.CHAIR, ROLE.MEMBER]) {
    const roleId = LifecycleRole[role];
    if (!roleId) continue;
    for (const [path, ops] of meetingPagesOf(role)) {
      let menu = menus.get(menuIdForPath(path));
      if (!menu) continue;
      for (const op of ops) {
        if (menu.ops.includes(op as never)) opRows.push({ role_id: roleId, menu_id: menu.menu_id, operation_code: op });
      }
      // A hidden page brings the list it belongs to, so the menu leads there.
      menuRows.push({ role_id: roleId, menu_id: menu.menu_id });
      while (menu?.hidden && menus.get(menu.parent_id)?.isRoute) {
        menu = menus.get(menu.parent_id);
        if (menu) menuRows.push({ role_id: roleId, menu_id: menu.menu_id });
      }
    }
  }
  await db
    .insertInto('role_menu')
    .values([...new Map(menuRows.map((r) => [`${r.role_id} ${r.menu_id}`, r])).values()])
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(opRows)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
