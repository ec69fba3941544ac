// 用户管理's totals (modules/user-admin/repository.ts) are kept until a user is added, removed, or changed in
// a column a filter reads: every such statement notifies `n` on the cache channel of migration 0011, whoever
// wrote it (a route, the import, the seed, another gateway process), and the access cache's feed passes it
// on. One notification per statement, not per row: a bulk import is one change. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger app_user_count_cache
    after insert or delete or update of tenant_id, user_name, nick_name, mobile, organization_id, status or truncate
    on app_user for each statement execute function cache_notify('n')`.execute(db);
}
