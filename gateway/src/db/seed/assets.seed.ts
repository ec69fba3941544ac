// Demo rows of 资产管理 (projects, payment orders, asset changes, interview minutes): gathered by the demo seed.
import type { Kysely } from 'kysely';
import { seed as seedAssets } from '../../modules/assets/seed';
import type { Database } from '../database';
import { DEMO_TENANT_ID } from './demo-seed';

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedAssets(db, DEMO_TENANT_ID, now);
}
