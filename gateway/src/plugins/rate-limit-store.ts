// @fastify/rate-limit's store over the database, for the public routes (registration, a provider's callbacks):
// one row per key and window, counted with one atomic upsert, so every gateway process on one PostgreSQL sees the
// same count. Windows are cut on the app's clock.
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/database';

export interface RateLimitHitTable {
  hit_key: string;
  window_start: ColumnType<Date, Date, Date>;
  hits: number;
}

declare module '../db/database' {
  interface Database {
    rate_limit_hit: RateLimitHitTable;
  }
}

export function databaseRateLimitStore(db: Kysely<Database>, now: () => Date) {
  return class DatabaseRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const at = now().getTime();
      const windowStart = new Date(at - (at % timeWindow));
      db.insertInto('rate_limit_hit')
        .values({ hit_key: key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['hit_key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hit.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow()
        .then((row) => callback(null, { current: Number(row.hits), ttl: windowStart.getTime() + timeWindow - at }))
        .catch((error: Error) => callback(error));
    }

    child() {
      return this;
    }
  };
}
