// Sign-in lockout: 5 password checks failed for one user name within 15 minutes lock that name for
// 15 minutes. Counted by the name as typed (trimmed, lower-cased), whether or not it exists, so the lock
// answer never tells which names are accounts. While locked, no password is checked at all (not even the
// right one). Changing one's own password counts a wrong current password the same way.
//
// The count is taken before the password is checked, by one upsert that reserves an attempt and returns
// its number: requests racing in parallel, in one gateway or in several on one PostgreSQL, each get their
// own number, and only the first five are ever checked.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const LOCKED_MESSAGE = '登录失败次数过多，请15分钟后再试';

export function lockKey(userName: string): string {
  return userName.trim().toLowerCase();
}

/** A password check allowed to run, with its number in the window; null when the name is locked. */
export interface Attempt {
  key: string;
  number: number;
}

/** Reserves one password check for the name, or answers null when it is locked or its checks are used up. */
export async function reserveAttempt(db: Kysely<Database>, key: string, now: Date): Promise<Attempt | null> {
  const windowFloor = new Date(now.getTime() - FAILURE_WINDOW_MS);
  // "Fresh" starts a new window: the previous one ran out, or its lock has expired.
  const { rows } = await sql<{ attempts: number; locked_until: Date | null }>`
    insert into login_attempt as a (user_name, window_start, attempts, locked_until)
    values (${key}, ${now}, 1, null)
    on conflict (user_name) do update set
      window_start = case when ${freshSql(now, windowFloor)} then ${now} else a.window_start end,
      attempts = case
        when ${freshSql(now, windowFloor)} then 1
        when a.locked_until is not null then a.attempts
        else a.attempts + 1 end,
      locked_until = case when ${freshSql(now, windowFloor)} then null else a.locked_until end
    returning attempts, locked_until`.execute(db);
  const row = rows[0]!;
  if (row.locked_until && new Date(row.locked_until).getTime() > now.getTime()) return null;
  if (row.attempts > MAX_FAILURES) return null;
  return { key, number: row.attempts };
}

function freshSql(now: Date, windowFloor: Date) {
  return sql`(case when a.locked_until is not null then a.locked_until <= ${now}
    else a.window_start <= ${windowFloor} end)`;
}

/** A reserved check failed; returns true when it is the one that locks the name. */
export async function recordFailure(db: Kysely<Database>, attempt: Attempt, now: Date): Promise<boolean> {
  if (attempt.number < MAX_FAILURES) return false;
  await db
    .updateTable('login_attempt')
    .set({ locked_until: new Date(now.getTime() + LOCK_MS) })
    .where('user_name', '=', attempt.key)
    .where('locked_until', 'is', null)
    .execute();
  return true;
}

/** A right password: the count starts again. */
export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempt').where('user_name', '=', key).execute();
}
