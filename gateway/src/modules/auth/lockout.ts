// Sign-in lockout: 5 password checks failed for one user name within 15 minutes lock that name for
// 15 minutes. Counted by the name as typed (trimmed, lower-cased), whether or not it exists, so the lock
// answer never tells which names are accounts. While locked, no password is checked at all (not even the
// right one). Changing one's own password counts a wrong current password the same way.
//
// The count is taken before the password is checked, by one upsert that reserves an attempt and returns
// its number: requests racing in parallel, in one gateway or in several on one PostgreSQL, each get their
// own number, and at most five checks of one name are ever out at once.
//
// A check that finds all five numbers taken but the name not locked waits for one of them to end instead
// of being refused: six colleagues (or six tabs) signing in as one name at the same moment are not told
// the account is locked when nothing is. The wait is short and the queue per name small, so a flood of
// guesses still costs no more than five password checks and is answered "busy", never with a false lock.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { Database } from '../../db/database';
import { AppError } from '../../plugins/envelope';

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

/** Said to a sign-in that found the queue for its name full or waited its turn in vain: nothing is locked. */
export const BUSY_MESSAGE = '登录请求过多，请稍后再试';
/** How long a check waits for one of the five to end, and how many may wait for one name in one gateway. */
export const QUEUE_WAIT_MS = 5_000;
export const QUEUE_LENGTH = 20;
// A check ended by another gateway on the same PostgreSQL wakes no one here: look again this often.
const RECHECK_MS = 100;

const busy = () => new AppError(ResultCode.internal, BUSY_MESSAGE, 429);

/** The checks of each name waiting in this gateway, and how to wake them when one of the five ends. */
const queues = new Map<string, { length: number; wake: Set<() => void> }>();

/**
 * Reserves one password check for the name, waiting in its queue while five are out; answers null when it
 * is locked, and throws "busy" when the queue is full or the wait runs out.
 */
export async function reserveAttempt(db: Kysely<Database>, key: string, now: Date): Promise<Attempt | null> {
  const first = await tryReserve(db, key, now);
  if (first !== 'full') return first;
  const queue = queues.get(key) ?? { length: 0, wake: new Set<() => void>() };
  if (queue.length >= QUEUE_LENGTH) throw busy();
  queues.set(key, queue);
  queue.length++;
  // How long a check waits is a duration, not a date: measured on the monotonic clock, which neither the
  // app's clock nor a moved system clock changes.
  const deadline = performance.now() + QUEUE_WAIT_MS;
  try {
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) throw busy();
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          queue.wake.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(RECHECK_MS, left));
        queue.wake.add(wake);
      });
      const next = await tryReserve(db, key, now);
      if (next !== 'full') return next;
    }
  } finally {
    queue.length--;
    if (queue.length === 0) queues.delete(key);
  }
}

/** One of the name's checks ended: those waiting for it look again. */
function checkEnded(key: string): void {
  for (const wake of queues.get(key)?.wake ?? []) wake();
}

/** Takes the next number unless the name is locked ('null') or its five numbers are out ('full'). */
async function tryReserve(db: Kysely<Database>, key: string, now: Date): Promise<Attempt | null | 'full'> {
  const windowFloor = new Date(now.getTime() - FAILURE_WINDOW_MS);
  // "Fresh" starts a new window: the previous one ran out, or its lock has expired.
  const fresh = sql`(case when a.locked_until is not null then a.locked_until <= ${now}
    else a.window_start <= ${windowFloor} end)`;
  const { rows } = await sql<{ attempts: number }>`
    insert into login_attempt as a (user_name, window_start, attempts, locked_until)
    values (${key}, ${now}, 1, null)
    on conflict (user_name) do update set
      window_start = case when ${fresh} then ${now} else a.window_start end,
      attempts = case when ${fresh} then 1 else a.attempts + 1 end,
      locked_until = null
    where ${fresh} or (a.locked_until is null and a.attempts < ${MAX_FAILURES})
    returning attempts`.execute(db);
  if (rows[0]) return { key, number: rows[0].attempts };
  const held = await db
    .selectFrom('login_attempt')
    .select('locked_until')
    .where('user_name', '=', key)
    .executeTakeFirst();
  // Gone since the upsert: a right password started the count again.
  if (!held) return tryReserve(db, key, now);
  return held.locked_until && new Date(held.locked_until) > now ? null : 'full';
}

/** A reserved check failed; returns true when it is the one that locks the name. */
export async function recordFailure(db: Kysely<Database>, attempt: Attempt, now: Date): Promise<boolean> {
  // Below the limit a failure keeps its number: it frees no place for those waiting.
  if (attempt.number < MAX_FAILURES) return false;
  await db
    .updateTable('login_attempt')
    .set({ locked_until: new Date(now.getTime() + LOCK_MS) })
    .where('user_name', '=', attempt.key)
    .where('locked_until', 'is', null)
    .execute();
  checkEnded(attempt.key);
  return true;
}

/** A right password: the count starts again. */
export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempt').where('user_name', '=', key).execute();
  checkEnded(key);
}
