// 还款登记's grants in the demo tenant: FINANCE registers (新增), confirms (the lifecycle's 确认还款 grants 审核),
// rejects (驳回) and exports on /business/paymentRegistration — `finance` and `finance2`, so that one registers and
// the other confirms. Importing the repayment store registers what a confirmation does before any walk runs it.
import type { Kysely } from 'kysely';
import { REPAYMENT_LIST_PATH } from '../../../../src/domain/financing/repayment';
import { ROLE } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { LifecycleRole } from '../../modules/business/seed';
import '../../modules/repayment/store';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const role_id = LifecycleRole[ROLE.FINANCE] as string;
  const menu_id = menuIdForPath(REPAYMENT_LIST_PATH);
  await db
    .insertInto('role_menu')
    .values({ role_id, menu_id })
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(['add', 'examine', 'reject', 'export'].map((operation_code) => ({ role_id, menu_id, operation_code })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
