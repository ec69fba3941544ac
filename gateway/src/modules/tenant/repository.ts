import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export async function findTenantWithApps(db: Kysely<Database>, tenantId: string) {
  const tenant = await db.selectFrom('tenant').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!tenant) return undefined;
  const apps = await db.selectFrom('app').selectAll().where('tenant_id', '=', tenantId).orderBy('sort_no').execute();
  return { tenant, apps };
}
