// Sign-in lockout (issue 5): 5 failed attempts for one user name within 15 minutes lock that name for 15
// minutes. Counted by the name as typed, whether or not it exists, so the lock answer never tells which
// names are accounts. While locked, no password is checked at all (not even the right one).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const LOCKED_MESSAGE = '登录失败次数过多，请15分钟后再试';

export function lockKey(userName: string): string {
  return userName.trim().toLowerCase();
}

export async function isLocked(db: Kysely<Database>, key: string, now: Date): Promise<boolean> {
  const lock = await db.selectFrom('login_lock').select('locked_until').where('user_name', '=', key).executeTakeFirst();
  return !!lock && lock.locked_until.getTime() > now.getTime();
}

/** Records a failure; returns true when it is the one that locks the name. */
export async function recordFailure(db: Kysely<Database>, key: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    await trx.deleteFrom('login_failure').where('user_name', '=', key).where('failed_at', '<=', since).execute();
    await trx.insertInto('login_failure').values({ user_name: key, failed_at: now }).execute();
    const { count } = await trx
      .selectFrom('login_failure')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_name', '=', key)
      .executeTakeFirstOrThrow();
    if (Number(count) < MAX_FAILURES) return false;
    const lockedUntil = new Date(now.getTime() + LOCK_MS);
    await trx.insertInto('login_lock').values({ user_name: key, locked_until: lockedUntil })
      .onConflict((oc) => oc.column('user_name').doUpdateSet({ locked_until: lockedUntil })).execute();
    await trx.deleteFrom('login_failure').where('user_name', '=', key).execute();
    return true;
  });
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failure').where('user_name', '=', key).execute();
}
