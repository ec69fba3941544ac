// 推送 and 正式函件's grants in the demo tenant: each letter action's page and code (生成, 发送, 上传回执, 拒收 on
// 正式函件管理) for the roles its table names, and the two lists' 导出 for them and for 业务复核, who reviews pushes.
// Importing the push store registers its checkpoints and effects before any seed walks a business through them.
import type { Kysely } from 'kysely';
import { LETTER_ITEMS, LETTER_LIST_PATH } from '../../../../src/domain/financing/letters';
import { PUSH_LIST_PATH } from '../../../../src/domain/financing/push';
import { ROLE, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { OperationCode } from '../../../../src/domain/menu/route-catalogue';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/push/store';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const ops: { role_id: string; menu_id: string; operation_code: OperationCode }[] = [];
  const grant = (role: string, path: string, op: OperationCode) => {
    const roleId = LifecycleRole[role as RoleCode];
    if (roleId) ops.push({ role_id: roleId, menu_id: menuIdForPath(path), operation_code: op });
  };
  for (const t of LETTER_ITEMS.transitions) {
    for (const role of t.who ?? []) if (t.menu) grant(role, t.menu, t.op);
  }
  for (const role of [ROLE.OPERATOR, ROLE.ADMIN]) grant(role, LETTER_LIST_PATH, 'add');
  for (const role of [ROLE.OPERATOR, ROLE.ADMIN, ROLE.BIZ_REVIEWER]) {
    grant(role, LETTER_LIST_PATH, 'export');
    grant(role, PUSH_LIST_PATH, 'export');
  }
  const menus = [
    ...new Map(ops.map((o) => [`${o.role_id} ${o.menu_id}`, { role_id: o.role_id, menu_id: o.menu_id }])).values(),
  ];
  await db
    .insertInto('role_menu')
    .values(menus)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(ops)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
