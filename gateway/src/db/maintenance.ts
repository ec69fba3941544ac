// The embedded database's upkeep while a gateway serves it: PGlite runs no autovacuum, so its vacuum (on start,
// in prepareDatabase) is run again hourly; a table unchanged since the last run costs next to nothing. It is
// not a step of the daily job: it is no business day's work (nothing to record, nothing to catch up), it runs
// outside any transaction, and a day is too long between two runs on a busy PGlite.
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { vacuumPglite } from './prepare';

const PGLITE_VACUUM_MS = 3_600_000;

export function keepPgliteVacuumed(db: Kysely<Database>, log: { warn(fields: object, message: string): void }) {
  const timer = setInterval(
    () => void vacuumPglite(db).catch((error: unknown) => log.warn({ err: error }, 'PGlite vacuum failed')),
    PGLITE_VACUUM_MS,
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
