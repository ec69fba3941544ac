// 用户管理 at 100,000 users: the list is ordered newest first within a tenant, so an
// index in that order lets a page be read without sorting the tenant's users. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index app_user_tenant_created_idx on app_user (tenant_id, created_at desc, user_id desc)`.execute(
    db,
  );
}
