// 还款计划's grants in the demo tenant: the plan list and its detail (/repaymentPlanInfo) with their 导出 for the
// people who lend and follow loans — 财务 (FINANCE), 放款审核 (OPS), 业务经办 and the risk roles — and 放款登记's 导出
// for FINANCE and OPS, whose moves on it the lifecycle table grants (business/seed.ts). Importing the lending store
// registers what the loan's approval does, before a seed walks a business through it.
import type { Kysely } from 'kysely';
import { LENDING_LIST_PATH } from '../../../../src/domain/financing/lending';
import { PLAN_INFO_PATH, PLAN_LIST_PATH } from '../../../../src/domain/financing/repayment-plan';
import { ROLE, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/lending/store';
import type { Database } from '../database';

export const after = ['business'];

const FOLLOW_LOANS: readonly RoleCode[] = [ROLE.FINANCE, ROLE.OPS, ROLE.OPERATOR, ROLE.RISK, ROLE.RISK_HEAD];

const LEND: readonly RoleCode[] = [ROLE.FINANCE, ROLE.OPS];

export async function seed(db: Kysely<Database>): Promise<void> {
  const idsOf = (codes: readonly RoleCode[]) => codes.map((r) => LifecycleRole[r]).filter((id): id is string => !!id);
  const plan = [PLAN_LIST_PATH, PLAN_INFO_PATH].map(menuIdForPath);
  const grants = [
    ...idsOf(FOLLOW_LOANS).flatMap((role_id) => plan.map((menu_id) => ({ role_id, menu_id }))),
    ...idsOf(LEND).map((role_id) => ({ role_id, menu_id: menuIdForPath(LENDING_LIST_PATH) })),
  ];
  await db
    .insertInto('role_menu')
    .values(grants)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(grants.map((g) => ({ ...g, operation_code: 'export' })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
