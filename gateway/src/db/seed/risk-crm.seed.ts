// Demo rows of 风险管理 (supervised accounts, alerts, locks) and 客户关系管理 (interview minutes, enterprise
// profiles), in both tenants so that another tenant's records can be shown to stay apart: gathered by the
// demo seed.
import type { Kysely } from 'kysely';
import { seed as seedCrm } from '../../modules/crm/seed';
import { seed as seedRisk } from '../../modules/risk/seed';
import type { Database } from '../database';
import { XH_TENANT_ID } from './admin-seed';
import { DEMO_TENANT_ID } from './demo-seed';

/**
 * The locks come after the demo businesses of the suppliers they lock (business.seed.ts): 绿源景观's pre-credits
 * were submitted and reviewed before it was locked against new applications, which now keeps it from a 融资申请.
 */
export const after = ['business'];

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  for (const tenantId of [DEMO_TENANT_ID, XH_TENANT_ID]) {
    // biome-ignore lint/suspicious/noExplicitAny: the area seeds write their own tables
    await seedRisk(db as unknown as Kysely<any>, tenantId, now);
    // biome-ignore lint/suspicious/noExplicitAny: the area seeds write their own tables
    await seedCrm(db as unknown as Kysely<any>, tenantId, now);
  }
}
