// The access cache's invalidation (db/change-feed.ts, plugins/access-cache.ts): every write that can end a
// session or change what a user may do notifies the channel `wsf_cache_<schema>`, from a trigger, so no
// route has to remember to. Payloads: `t:<token hash>` (a session's revocation or expiry changed),
// `u:<user id>` (a user's status or roles changed), `g` (a role's status or grants changed: every user's
// grants are forgotten, roles change seldom), `m` (the menu catalogue changed). pg_notify is delivered at
// commit, and not at all on rollback. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function cache_notify() returns trigger language plpgsql as $$
    declare
      channel text := 'wsf_cache_' || tg_table_schema;
      kind text := tg_argv[0];
    begin
      if kind = 't' then
        if tg_op <> 'INSERT' then perform pg_notify(channel, 't:' || old.token_hash); end if;
        if tg_op = 'UPDATE' then perform pg_notify(channel, 't:' || new.token_hash); end if;
      elsif kind = 'u' then
        if tg_op <> 'INSERT' then perform pg_notify(channel, 'u:' || old.user_id); end if;
        if tg_op <> 'DELETE' then perform pg_notify(channel, 'u:' || new.user_id); end if;
      else
        perform pg_notify(channel, kind);
      end if;
      return null;
    end
    $$`.execute(db);
  // A touch of last_seen_at is not a change the cache cares about: it keeps its own copy (auth-guard.ts).
  await sql`create trigger session_token_cache after update of revoked_at, expires_at, user_id, tenant_id or delete
    on session_token for each row execute function cache_notify('t')`.execute(db);
  await sql`create trigger app_user_cache after update of status, tenant_id or delete
    on app_user for each row execute function cache_notify('u')`.execute(db);
  await sql`create trigger user_role_cache after insert or update or delete
    on user_role for each row execute function cache_notify('u')`.execute(db);
  await sql`create trigger role_cache after update of status, tenant_id or delete
    on role for each statement execute function cache_notify('g')`.execute(db);
  for (const table of ['role_menu', 'role_menu_operation']) {
    await sql`create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete or truncate
      on ${sql.table(table)} for each statement execute function cache_notify('g')`.execute(db);
  }
  await sql`create trigger menu_cache after insert or update or delete or truncate
    on menu for each statement execute function cache_notify('m')`.execute(db);
  // A wholesale wipe of sessions or users (never done by the product, but possible by hand) forgets all.
  for (const table of ['session_token', 'app_user', 'user_role']) {
    await sql`create trigger ${sql.raw(`${table}_cache_truncate`)} after truncate
      on ${sql.table(table)} for each statement execute function cache_notify('*')`.execute(db);
  }
}
