// 还款计划's grants in the demo tenant: the plan list and its detail (/repaymentPlanInfo) with their 导出 for the
// people who lend and follow loans — 财务 (FINANCE), 放款审核 (OPS), 业务经办 and the risk roles. 放款登记 itself is
// granted from the lifecycle table (business/seed.ts). Importing the lending store registers what the loan's
// approval does, before a seed walks a business through it.
import type { Kysely } from 'kysely';
import { PLAN_INFO_PATH, PLAN_LIST_PATH } from '../../../../src/domain/financing/repayment-plan';
import { ROLE, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/lending/store';
import type { Database } from '../database';

export const after = ['business'];

const FOLLOW_LOANS: readonly RoleCode[] = [ROLE.FINANCE, ROLE.OPS, ROLE.OPERATOR, ROLE.RISK, ROLE.RISK_HEAD];

export async function seed(db: Kysely<Database>): Promise<void> {
  const roles = FOLLOW_LOANS.map((r) => LifecycleRole[r]).filter((id): id is string => !!id);
  const menus = [PLAN_LIST_PATH, PLAN_INFO_PATH].map(menuIdForPath);
  await db
    .insertInto('role_menu')
    .values(roles.flatMap((role_id) => menus.map((menu_id) => ({ role_id, menu_id }))))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(roles.flatMap((role_id) => menus.map((menu_id) => ({ role_id, menu_id, operation_code: 'export' }))))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
