// The provider state of 融资业务's contract: the operator signed in, and the seeded business waiting at level 1
// of its pre-credit review made again as the demo seed makes it (version 2), whatever an earlier interaction
// did to it.
import { seed } from '../../../gateway/src/modules/business/seed';
import { SeededBusiness } from '../../../gateway/src/modules/business/seed';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import type { ProviderStates } from './provider-states';
import { seededAt } from '../../../gateway/src/testing/pglite-template';

export const BUSINESS_AWAITS_REVIEW = 'operator is signed in and a business awaits the pre-credit review';
export const PACT_BUSINESS_ID = SeededBusiness.preCreditLevel1;
/** Its version as seeded: created, then submitted. */
export const PACT_BUSINESS_VERSION = 2;

export const providerStates: ProviderStates = (gateway) => ({
  [BUSINESS_AWAITS_REVIEW]: async () => {
    // Made and submitted again by the seed as its people, with its pre-credit (the business takes it with it).
    await gateway.db.deleteFrom('business_event').where('business_id', '=', PACT_BUSINESS_ID).execute();
    await gateway.db.deleteFrom('financing_business').where('business_id', '=', PACT_BUSINESS_ID).execute();
    await seed(gateway.db, seededAt());
    await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
  },
});
