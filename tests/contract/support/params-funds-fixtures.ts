// The provider state of 风控汇总参数's hand-written calls: the demo tenant's summary is back at its seeded
// history — versions 1 to 3, the third in force — whatever earlier saves made.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID } from '../../../gateway/src/db/seed/demo-seed';
import { SEEDED_SUMMARY_VERSIONS } from '../../../gateway/src/db/seed/params-funds.seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import { pactId } from './resource-definitions';
import { RISK_SUMMARY } from '../../../src/domain/parameters/risk-summary.resource';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

export const SUMMARY_STATE = `admin is signed in and the risk summary is at version ${SEEDED_SUMMARY_VERSIONS}`;
export const SUMMARY_VERSION = SEEDED_SUMMARY_VERSIONS;

export const providerStates = (gateway: TestGateway): Record<string, () => Promise<void>> => ({
  [SUMMARY_STATE]: async () => {
    const db = gateway.db as unknown as AnyDb;
    await db
      .deleteFrom('risk_summary_parameter')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('param_id', '<>', pactId(RISK_SUMMARY))
      .where('version', '>', SUMMARY_VERSION)
      .execute();
    await db
      .updateTable('risk_summary_parameter')
      .set({ status: 'ACTIVE' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('param_id', '<>', pactId(RISK_SUMMARY))
      .where('version', '=', SUMMARY_VERSION)
      .execute();
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});
