// 合同文件's grants in the demo tenant: the page each contract action names (作废 on 合同文件管理) for the roles its
// table says take it, and 合同文件管理 with its detail, where contracts are read and downloaded, for them and for
// the reviewers (法务, 风控). The operator already holds every business page. Importing the contracts' store
// registers their checkpoints before any seed walks a business through them.
import type { Kysely } from 'kysely';
import { CONTRACT_INFO_PATH, CONTRACT_ITEMS, CONTRACT_LIST_PATH } from '../../../../src/domain/financing/contracts';
import { ROLE, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { OperationCode } from '../../../../src/domain/menu/route-catalogue';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/contract/store';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const ops: { role_id: string; menu_id: string; operation_code: OperationCode }[] = [];
  for (const t of CONTRACT_ITEMS.transitions) {
    for (const role of t.who ?? []) {
      const roleId = LifecycleRole[role as RoleCode];
      if (roleId && t.menu) ops.push({ role_id: roleId, menu_id: menuIdForPath(t.menu), operation_code: t.op });
    }
  }
  const readers = [ROLE.LEGAL, ROLE.RISK].map((r) => LifecycleRole[r]).filter((id): id is string => !!id);
  for (const roleId of readers) {
    for (const path of [CONTRACT_LIST_PATH, CONTRACT_INFO_PATH]) {
      ops.push({ role_id: roleId, menu_id: menuIdForPath(path), operation_code: 'export' });
    }
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
