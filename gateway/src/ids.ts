// Record ids for every table: time-ordered on the app's clock, so lists sort newest first by id. Every module
// makes its ids here; the operation log is one user among many.
import { randomInt } from 'node:crypto';

// The last id this process issued: ids only grow, whatever the clock does.
let lastId = 0n;

/**
 * A record's id, time-ordered on the app's clock (the write's `now`) and 19 digits like the seeded ids: the
 * milliseconds, then six random digits that keep two processes' ids apart. Lists show the newest first by id, so
 * within one millisecond, or under a clock a test or the demo holds still, the next id counts up from the last.
 */
export function newId(now: Date): string {
  const drawn = BigInt(now.getTime()) * 1_000_000n + BigInt(randomInt(1_000_000));
  lastId = drawn > lastId ? drawn : lastId + 1n;
  return String(lastId).padStart(19, '0');
}
