// The people a test adds beside the demo seed's: a staff member of the demo tenant's group unless the test says
// otherwise, enabled, and with a password hash nobody can sign in with (tests sign them in with issued tokens)
// unless the test gives one.
import type { Insertable, Kysely } from 'kysely';
import type { AppUserTable, Database } from '../db/database';
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';

/** What a test says of its user: the id and sign-in name, and whatever differs from a plain staff member. */
export type TestUser = Pick<Insertable<AppUserTable>, 'user_id' | 'user_name'> & Partial<Insertable<AppUserTable>>;

export function userRow(user: TestUser, at: Date = new Date()): Insertable<AppUserTable> {
  return {
    tenant_id: DEMO_TENANT_ID,
    nick_name: user.user_name,
    organization_id: DemoOrg.group,
    user_type: 'STAFF',
    mobile: null,
    password_hash: '!',
    status: 'ENABLED',
    created_at: at,
    updated_at: at,
    ...user,
  };
}

/** Adds the users, each a plain staff member but for what the test says. */
export async function insertUsers(db: Kysely<Database>, ...users: TestUser[]): Promise<void> {
  const at = new Date();
  await db
    .insertInto('app_user')
    .values(users.map((u) => userRow(u, at)))
    .execute();
}
