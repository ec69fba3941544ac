// The provider state of 企业信息's contract: 华东建材有限公司 (a supplier organisation of the demo tenant) has its
// profile, as the pact's sample, at version 2.
import type { Kysely } from 'kysely';
import { ENTERPRISE_INFORMATION } from '../../../src/domain/crm/enterprise-information';
import { columnOf, formFields } from '../../../src/domain/resource/resource';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';

// biome-ignore lint/suspicious/noExplicitAny: the side table has no Kysely table type
type AnyDb = Kysely<any>;

export const ENTERPRISE_STATE = 'admin is signed in and 华东建材 has its enterprise profile at version 2';
export const PACT_ENTERPRISE_ID = DemoOrg.huadongBuildingMaterials;

export const providerStates = (gateway: TestGateway): Record<string, () => Promise<void>> => ({
  [ENTERPRISE_STATE]: async () => {
    const db = gateway.db as unknown as AnyDb;
    const profile = Object.fromEntries(
      formFields(ENTERPRISE_INFORMATION, 'update').map((f) => [
        columnOf(f),
        ENTERPRISE_INFORMATION.sample[f.key] ?? null,
      ]),
    );
    await db.deleteFrom('enterprise_profile').where('org_id', '=', PACT_ENTERPRISE_ID).execute();
    const now = new Date('2026-11-01T02:00:00Z');
    await db
      .insertInto('enterprise_profile')
      .values({
        org_id: PACT_ENTERPRISE_ID,
        tenant_id: DEMO_TENANT_ID,
        ...profile,
        version: 2,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});
