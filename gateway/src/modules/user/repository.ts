import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function findCurrentUser(db: Kysely<Database>, userId: string, tenantId: string) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('organization as o', (j) =>
      j.onRef('o.org_id', '=', 'u.organization_id').onRef('o.tenant_id', '=', 'u.tenant_id'),
    )
    .select([
      'u.user_id',
      'u.user_name',
      'u.nick_name',
      'u.organization_id',
      'o.org_name',
      'u.tenant_id',
      'u.user_type',
      'o.gys_id',
      'o.data_auth_state',
    ])
    .where('u.user_id', '=', userId)
    .where('u.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function findPasswordHash(
  db: Kysely<Database>,
  userId: string,
  tenantId: string,
): Promise<{ passwordHash: string; userName: string } | undefined> {
  const row = await db
    .selectFrom('app_user')
    .select(['password_hash', 'user_name'])
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row && { passwordHash: row.password_hash, userName: row.user_name };
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  user: { userId: string; tenantId: string; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .updateTable('app_user')
    .set((eb) => ({ password_hash: user.passwordHash, updated_at: user.now, version: eb('version', '+', 1) }))
    .where('user_id', '=', user.userId)
    .where('tenant_id', '=', user.tenantId)
    .execute();
}
