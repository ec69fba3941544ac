// 用户管理's name search (`nick_name like '%…%'`) at 100,000 users: a trigram GIN index answers a contains
// search of three characters or more without reading every user (PostgreSQL's pg_trgm; PGlite loads the
// same contrib module, see database.ts). Chinese names work: both engines run with a UTF-8 ctype, where
// CJK characters are word characters to pg_trgm. A search of one or two characters has no trigram and is
// still a scan, and its total is what costs (kept a few seconds, db/paging.ts): the btree on (tenant_id,
// nick_name) lets that count read a narrow index instead of every user's row (an index-only scan, the
// filter checked on the index entries). Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The extension is one per database, and test runs migrate many schemas of one database at once: take
  // turns, and keep it in public so every schema's index finds its operator class there.
  await sql`select pg_advisory_xact_lock(hashtext('wsf pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index app_user_nick_name_trgm_idx on app_user using gin (nick_name public.gin_trgm_ops)`.execute(db);
  await sql`create index app_user_tenant_nick_name_idx on app_user (tenant_id, nick_name)`.execute(db);
}
