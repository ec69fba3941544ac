// The review meeting's grants for the secretary, chair and members (modules/meeting/seed.ts), run by the demo
// seed after business.seed.ts, whose roles it grants (without them it grants nobody).
import type { Kysely } from 'kysely';
import { seed as seedMeeting } from '../../modules/meeting/seed';
import type { Database } from '../database';

/** The lifecycle's roles (秘书, 主任委员, 委员) are business.seed.ts's rows. */
export const after = ['business'];

export async function seed(db: Kysely<Database>): Promise<void> {
  await seedMeeting(db);
}
