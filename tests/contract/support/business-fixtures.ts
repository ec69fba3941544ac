// The provider state of 融资业务's contract: the operator signed in, and the seeded business waiting at level 1
// of its pre-credit review put back as the demo seed wrote it (version 2), whatever an earlier interaction
// did to it.
import { seed } from '../../../gateway/src/modules/business/seed';
import { SeededBusiness } from '../../../gateway/src/modules/business/seed';
import { issueToken } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import type { ProviderStates } from './provider-states';

export const BUSINESS_AWAITS_REVIEW = 'operator is signed in and a business awaits the pre-credit review';
export const PACT_BUSINESS_ID = SeededBusiness.preCreditLevel1;
/** Its version as seeded: created, then submitted. */
export const PACT_BUSINESS_VERSION = 2;

export const providerStates: ProviderStates = (gateway) => ({
  [BUSINESS_AWAITS_REVIEW]: async () => {
    // Its pre-credit (the detail's 预授信 tab) goes with the business row and is put back as it was.
    const preCredit = await gateway.db
      .selectFrom('pre_credit')
      .selectAll()
      .where('business_id', '=', PACT_BUSINESS_ID)
      .executeTakeFirst();
    await gateway.db.deleteFrom('business_event').where('business_id', '=', PACT_BUSINESS_ID).execute();
    await gateway.db.deleteFrom('financing_business').where('business_id', '=', PACT_BUSINESS_ID).execute();
    await seed(gateway.db);
    if (preCredit) {
      const ids = preCredit.basis_order_ids;
      await gateway.db
        .insertInto('pre_credit')
        .values({
          ...preCredit,
          apply_amount: Number(preCredit.apply_amount),
          approved_amount: preCredit.approved_amount === null ? null : Number(preCredit.approved_amount),
          basis_order_ids: typeof ids === 'string' ? ids : JSON.stringify(ids),
        })
        .execute();
    }
    await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
  },
});
