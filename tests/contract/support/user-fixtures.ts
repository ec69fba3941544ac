// Provider-state fixtures for the 用户管理 contracts: a user of the demo tenant with fixed ids, put back to
// the same state before each interaction, and a user name the create interaction can always use.
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../../../gateway/src/db/database';
import { DEMO_TENANT_ID, DemoOrg, DemoRole } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

export const PACT_USER = {
  userId: 'pact-user-1',
  userName: 'pact.user',
  nickName: '契约用户',
  mobile: '13700009999',
  oaAccount: 'OA-PACT',
  organizationId: DemoOrg.suzhouProject,
  /** The user name the create interaction uses; absent before it. */
  newUserName: 'pact.new.user',
} as const;

export async function resetPactUser(db: Kysely<Database>): Promise<void> {
  const now = new Date();
  const passwordHash = await hash('Pact@2026user');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_user').where('user_name', 'in', [PACT_USER.userName, PACT_USER.newUserName]).execute();
    await trx
      .insertInto('app_user')
      .values({
        user_id: PACT_USER.userId,
        tenant_id: DEMO_TENANT_ID,
        user_name: PACT_USER.userName,
        nick_name: PACT_USER.nickName,
        organization_id: PACT_USER.organizationId,
        user_type: 'STAFF',
        mobile: PACT_USER.mobile,
        oa_account: PACT_USER.oaAccount,
        password_hash: passwordHash,
        status: 'ENABLED',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.insertInto('user_role').values({ user_id: PACT_USER.userId, role_id: DemoRole.operator }).execute();
    await trx
      .insertInto('personnel')
      .values({
        personnel_id: 'pact-personnel-1',
        tenant_id: DEMO_TENANT_ID,
        user_id: PACT_USER.userId,
        name: PACT_USER.nickName,
        mobile: PACT_USER.mobile,
        email: 'pact.user@example.com',
        id_number: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.deleteFrom('operation_log').where('log_id', '=', 'pact-log-1').execute();
    await trx
      .insertInto('operation_log')
      .values({
        log_id: 'pact-log-1',
        tenant_id: DEMO_TENANT_ID,
        user_id: '1300000000000000001',
        user_name: 'admin',
        occurred_at: now,
        action: 'user.create',
        target_type: 'user',
        target_id: PACT_USER.userId,
        before_data: null,
        after_data: JSON.stringify({ user_name: PACT_USER.userName }),
      })
      .execute();
  });
}

export const providerStates: ProviderStates = (gateway) => ({
  [State.adminWithPactUser]: async () => {
    await resetPactUser(gateway.db);
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});
