// 合同签章's grant in the demo tenant: the contract's makers (法务 and the 经办) set a contract version's
// signatories and their boxes (设置, the page's `submit`) on /business/contractFileMake/contractFileMakeSignature.
import type { Kysely } from 'kysely';
import { CONTRACT_MAKERS, SIGNATORIES_PATH } from '../../../../src/domain/financing/contracts';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { LifecycleRole } from '../../modules/business/seed';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  const menu_id = menuIdForPath(SIGNATORIES_PATH);
  const grants = CONTRACT_MAKERS.map((r) => LifecycleRole[r])
    .filter((id): id is string => !!id)
    .map((role_id) => ({ role_id, menu_id }));
  await db
    .insertInto('role_menu')
    .values(grants)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(grants.map((g) => ({ ...g, operation_code: 'submit' })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}
