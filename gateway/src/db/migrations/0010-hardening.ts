// Hardening (DESIGN.md §2, SPEC §3): what two requests at once, or two gateways on one PostgreSQL, must not
// get wrong is decided by the database, not by a check before a write.
// - login_attempt: one row a sign-in name (trimmed, lower-cased) counting the password checks of the current
//   window and the lock; an attempt is reserved by one upsert before the password is checked, so parallel
//   guesses cannot overrun the limit. login_failure and login_lock are no longer read.
// - A user name is one name whatever its case, across tenants (sign-in names no tenant).
// - An organisation's name is unique within its tenant and kind (project company, supplier, …).
// Forward-only. Should an older database hold names that collide, the later rows get a numbered suffix
// (the earliest keeps its name) so the index can be built; the demo seed has none.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempt')
    .addColumn('user_name', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await sql`
    update app_user u set user_name = u.user_name || '_' || d.n
    from (select user_id, row_number() over (partition by lower(user_name) order by created_at, user_id) - 1 as n
          from app_user) d
    where d.user_id = u.user_id and d.n > 0`.execute(db);
  await sql`create unique index app_user_lower_name_uq on app_user (lower(user_name))`.execute(db);

  await sql`
    update organization o set org_name = o.org_name || '（' || d.n || '）'
    from (select org_id,
            row_number() over (partition by tenant_id, org_type, org_name order by sort_no, org_id) - 1 as n
          from organization) d
    where d.org_id = o.org_id and d.n > 0`.execute(db);
  await sql`create unique index organization_tenant_type_name_uq
    on organization (tenant_id, org_type, org_name)`.execute(db);
}
