// 审核类型配置 belongs to administrators and risk heads (BUSINESS.md §1.5: a maker does not choose its own
// reviewers): the demo's 风控负责人 may edit it; the makers read it only (demo-seed.ts). Runs after
// business.seed.ts, which makes the review roles.
import type { Kysely } from 'kysely';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { REVIEW_TYPE_CONFIG_PATH } from '../../../../src/domain/menu/route-catalogue';
import { ROLE } from '../../../../src/domain/financing/roles';
import { LifecycleRole } from '../../modules/business/seed';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const roleId = LifecycleRole[ROLE.RISK_HEAD];
  if (!roleId) return;
  const menuId = menuIdForPath(REVIEW_TYPE_CONFIG_PATH);
  const menu = await db.selectFrom('menu').select('menu_id').where('menu_id', '=', menuId).executeTakeFirst();
  const role = await db.selectFrom('role').select('role_id').where('role_id', '=', roleId).executeTakeFirst();
  if (!menu || !role) return;
  await db
    .insertInto('role_menu')
    .values({ role_id: roleId, menu_id: menuId })
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values({ role_id: roleId, menu_id: menuId, operation_code: 'edit' })
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
