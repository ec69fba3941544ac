// 要素落实's grants in the demo tenant: the pages each item action names, for the roles its table says take it
// (RISK_HEAD's 豁免 and 驳回 on 要素落实审核详情; OPS's 落实 and 申请豁免 are on the make page the lifecycle already
// grants it), and 要素管理 with 要素制作, where the items are read (查看 opens them), for each of those roles. Importing the elements' store also registers what the decision's approval makes of its terms (the
// items), before the decision seed approves one.
import type { Kysely } from 'kysely';
import { ELEMENT_ITEMS, ELEMENTS_LIST_PATH, ELEMENTS_MAKE_PATH } from '../../../../src/domain/financing/elements';
import type { RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/elements/store';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const rows = ELEMENT_ITEMS.transitions.flatMap((t) =>
    (t.who ?? [])
      .map((role) => LifecycleRole[role as RoleCode])
      .filter((roleId): roleId is string => !!roleId && !!t.menu)
      .map((roleId) => ({ role_id: roleId, menu_id: menuIdForPath(t.menu as string), operation_code: t.op })),
  );
  if (rows.length === 0) return;
  const read = [ELEMENTS_LIST_PATH, ELEMENTS_MAKE_PATH].map(menuIdForPath);
  const menus = rows.flatMap((r) => [r.menu_id, ...read].map((menu_id) => ({ role_id: r.role_id, menu_id })));
  await db
    .insertInto('role_menu')
    .values([...new Map(menus.map((m) => [`${m.role_id} ${m.menu_id}`, m])).values()])
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(rows)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
