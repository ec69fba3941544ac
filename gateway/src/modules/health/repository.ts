import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { pingEngine } from '../../db/engine';

/** Throws when the database does not answer (on PGlite without waiting behind a running statement). */
export function pingDatabase(db: Kysely<Database>): Promise<void> {
  return pingEngine(db);
}
