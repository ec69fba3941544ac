// 存续期管理's grants in the demo tenant (BUSINESS.md §4): the business's 经办人 (业务经办) makes and submits the
// reports, 风控负责人 reviews them (review type DURATION), 风控经理 reads them; all three read 贷后报告统计. Each
// action's role is the item table's (`who`); these are the pages and codes that let the table say yes.
import type { Kysely } from 'kysely';
import { DURATION_LIST_PATH, DURATION_STATS_PATH } from '../../../../src/domain/financing/duration';
import { ROLE, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { OperationCode } from '../../../../src/domain/menu/route-catalogue';
import { LifecycleRole } from '../../modules/business/seed';
import type { Database } from '../database';
import { DemoRole } from './demo-seed';

export const after = ['business'];

const GRANTS: readonly (readonly [RoleCode, string, readonly OperationCode[]])[] = [
  [ROLE.OPERATOR, DURATION_LIST_PATH, ['edit', 'submit', 'export']],
  [ROLE.RISK_HEAD, DURATION_LIST_PATH, ['examine', 'reject', 'export']],
  [ROLE.RISK, DURATION_LIST_PATH, ['export']],
  ...[ROLE.OPERATOR, ROLE.RISK_HEAD, ROLE.RISK].map((r) => [r, DURATION_STATS_PATH, ['export']] as const),
];

export async function seed(db: Kysely<Database>): Promise<void> {
  const rows = GRANTS.flatMap(([code, path, ops]) => {
    const role_id = code === ROLE.OPERATOR ? DemoRole.operator : LifecycleRole[code];
    return role_id ? [{ role_id, menu_id: menuIdForPath(path), ops }] : [];
  });
  await db
    .insertInto('role_menu')
    .values(rows.map(({ role_id, menu_id }) => ({ role_id, menu_id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(
      rows.flatMap(({ role_id, menu_id, ops }) => ops.map((operation_code) => ({ role_id, menu_id, operation_code }))),
    )
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
