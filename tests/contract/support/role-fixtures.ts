// Provider-state fixtures for the 角色管理 contracts: a role of the demo tenant with a fixed id, put back to
// the same state before each interaction (enabled, version 1, no users, the dashboard only), and a role
// name and code the create interaction can always use.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../gateway/src/db/database';
import { DEMO_TENANT_ID } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

export const PACT_ROLE = {
  roleId: '1200000000000000901',
  roleName: '契约角色',
  roleCode: 'PACT_ROLE',
  /** What the create interaction uses; no live role has it before. */
  newRoleName: '契约新角色',
  newRoleCode: 'PACT_NEW_ROLE',
} as const;

export async function resetPactRole(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('role')
      .set({ status: 'DELETED' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('role_id', '<>', PACT_ROLE.roleId)
      .where((eb) => eb.or([eb('role_code', '=', PACT_ROLE.newRoleCode), eb('role_name', '=', PACT_ROLE.newRoleName)]))
      .execute();
    await trx.deleteFrom('user_role').where('role_id', '=', PACT_ROLE.roleId).execute();
    await trx.deleteFrom('role_menu_operation').where('role_id', '=', PACT_ROLE.roleId).execute();
    await trx.deleteFrom('role_menu').where('role_id', '=', PACT_ROLE.roleId).execute();
    await trx.deleteFrom('role').where('role_id', '=', PACT_ROLE.roleId).execute();
    await trx
      .insertInto('role')
      .values({
        role_id: PACT_ROLE.roleId,
        tenant_id: DEMO_TENANT_ID,
        role_name: PACT_ROLE.roleName,
        role_code: PACT_ROLE.roleCode,
        status: 'ENABLED',
        version: sql<number>`1`,
        remark: '',
      })
      .execute();
    await trx.insertInto('role_menu').values({ role_id: PACT_ROLE.roleId, menu_id: '/dashboard' }).execute();
  });
}

export const providerStates: ProviderStates = (gateway) => ({
  [State.adminWithPactRole]: async () => {
    await resetPactRole(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});
