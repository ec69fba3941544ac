// Demo rows of the financing lifecycle: the review roles and their users, the audit types of both tenants,
// and the first businesses with their timelines (modules/business/seed.ts); gathered by the demo seed.
// The seeds of the modules built on it (demand, pre-credit, application, the meeting's grants) name it in
// their `after`.
import type { Kysely } from 'kysely';
import { seed as seedBusiness } from '../../modules/business/seed';
import type { Database } from '../database';

/**
 * The seeds whose rows its businesses' moves need: the project the payment orders they rest on belong to, and
 * the parameters that cap their pre-credits. The risk area's locks come after them (risk-crm.seed.ts).
 */
export const after = ['assets', 'params-funds'];

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedBusiness(db, now);
}
