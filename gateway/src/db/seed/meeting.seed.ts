// The review meeting's grants for the secretary, chair and members (modules/meeting/seed.ts); gathered by the
// demo seed after business.seed.ts, whose roles it grants.
import type { Kysely } from 'kysely';
import { seed as seedMeeting } from '../../modules/meeting/seed';
import type { Database } from '../database';

export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  await seedMeeting(db);
}
