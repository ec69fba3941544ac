// Provider states of the lending contract: the pact business (fixed id) with its decision approved — waiting for
// its loan with finance signed in and the 放款回单 uploaded by finance; its loan registered by finance and waiting
// at OPS's review with ops1 signed in; or its loan registered and repaying with its installments, finance signed
// in. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { scheduleOf } from '../../../src/domain/financing/lending';
import { defaultAuditType, snapshotReview, startReview } from '../../../src/domain/financing/review';
import { ROLE } from '../../../src/domain/financing/roles';
import { storeFixtureFile } from './file-fixtures';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const LendingState = {
  waiting: 'finance is signed in and the pact business waits for its loan',
  pending: 'ops1 is signed in and the pact loan waits for review',
  repaying: 'finance is signed in and the pact loan is repaying',
} as const;

export const LENDING_TOKEN = {
  finance: 'pact-token-finance-lending-00000000000000',
  ops1: 'pact-token-ops1-lending-0000000000000000000',
} as const;

export const PACT_LENDING_ID = '2580000000000000002';
export const PACT_RECEIPT_KEY = 'pact-file-loan-receipt';
/** The pact loan: 800,000.00 at 6 % for 90 days, BULLET. */
export const PACT_LOAN = { amount: 800_000_00, rate: '0.0600', termDays: 90, upfrontInterest: 12_000_00 } as const;
/** A fixed day, so the pacts' bodies hold on any later day: on or before the provider's today, after the decision. */
export const PACT_LOAN_DATE = '2026-11-28';

const PEOPLE = { finance: '1300000000000000115', ops1: '1300000000000000113', ops2: '1300000000000000114' };
const OWNER = '1300000000000000002';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date();
  const today = PACT_LOAN_DATE;

  const reset = async (state: string, review: unknown) => {
    // The repayment contract registers repayments and their refunds on the same loan (repayment-fixtures.ts).
    for (const table of ['repayment_refund', 'repayment_allocation', 'repayment', 'installment']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_LENDING_ID).execute();
    }
    await db.deleteFrom('loan').where('business_id', '=', PACT_LENDING_ID).execute();
    for (const table of ['element_item', 'financing_decision', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_LENDING_ID).execute();
    }
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_LENDING_ID).execute();
    const product = await db
      .selectFrom('fund_product')
      .select(['product_id', 'capital_side_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('status', '=', 'ENABLED')
      .orderBy('product_code')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('financing_business')
      .values({
        ...{ business_id: PACT_LENDING_ID, tenant_id: DEMO_TENANT_ID, business_no: 'RZ202611289903' },
        ...{ supplier_id: DemoOrg.huadongBuildingMaterials, state, stage: state.split('/')[0], owner_id: OWNER },
        ...{ capital_side_id: product.capital_side_id, product_id: product.product_id },
        ...{ apply_amount: 1_000_000_00, approved_amount: PACT_LOAN.amount, approved_annual_rate: PACT_LOAN.rate },
        ...{ approved_term_days: PACT_LOAN.termDays, approved_repayment_method: 'BULLET' },
        ...{ approved_financing_ratio: '0.8000', decision_valid_until: '2099-12-31' },
        review: review === null ? null : JSON.stringify(review),
        ...{ created_at: at, updated_at: at, version: 5 },
      })
      .execute();
    await db
      .insertInto('financing_decision')
      .values({
        ...{ business_id: PACT_LENDING_ID, tenant_id: DEMO_TENANT_ID, decision_no: 'JY202611289903' },
        ...{ approved_amount: PACT_LOAN.amount, annual_rate: PACT_LOAN.rate, term_days: PACT_LOAN.termDays },
        ...{ financing_ratio: '0.8000', repayment_method: 'BULLET', result: 'AGREED' },
        ...{ valid_until: '2099-12-31', approved_at: new Date('2026-01-05T02:00:00Z') },
        ...{ created_at: at, updated_at: at },
      })
      .execute();
  };

  const loan = async (status: string) => {
    await db
      .insertInto('loan')
      .values({
        ...{ business_id: PACT_LENDING_ID, tenant_id: DEMO_TENANT_ID, loan_no: 'DK202611289903' },
        ...{ amount: PACT_LOAN.amount, upfront_interest: PACT_LOAN.upfrontInterest, service_fee: 0 },
        ...{ net_amount: PACT_LOAN.amount - PACT_LOAN.upfrontInterest, loan_date: today, value_date: today },
        ...{ maturity_date: '2099-12-30', annual_rate: PACT_LOAN.rate, repayment_method: 'BULLET' },
        ...{ day_count_basis: 360, receipt_file_id: PACT_RECEIPT_KEY, status, registrar_id: PEOPLE.finance },
        ...{ registered_at: at, created_at: at, updated_at: at, version: 2 },
      })
      .execute();
  };

  return {
    [LendingState.waiting]: async () => {
      await issueToken(gateway.db, { userName: 'finance', token: LENDING_TOKEN.finance });
      await reset('LENDING/WAIT_LOAN', null);
      await storeFixtureFile(gateway, {
        ...{ keyId: PACT_RECEIPT_KEY, name: '放款回单.png', content: 'png', userName: 'finance' },
      });
    },
    [LendingState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'ops1', token: LENDING_TOKEN.ops1 });
      const snapshot = snapshotReview(
        defaultAuditType('LENDING'),
        PEOPLE.finance,
        (role) => (role === ROLE.OPS ? [PEOPLE.ops1, PEOPLE.ops2] : []),
        OWNER,
        [PEOPLE.finance],
      );
      if (!snapshot.ok) throw new Error(snapshot.message);
      await reset('LENDING/LOAN_PENDING', startReview(snapshot.snapshot));
      await loan('PENDING');
    },
    [LendingState.repaying]: async () => {
      await issueToken(gateway.db, { userName: 'finance', token: LENDING_TOKEN.finance });
      await reset('REPAYING/NORMAL', null);
      await loan('REGISTERED');
      const { installments } = scheduleOf({
        ...{ amountFen: BigInt(PACT_LOAN.amount), annualRate: PACT_LOAN.rate, method: 'BULLET' },
        ...{ loanDate: today, termDays: PACT_LOAN.termDays, dayCountBasis: 360 },
      });
      await db
        .insertInto('installment')
        .values(
          installments.map((i) => ({
            ...{ installment_id: `${PACT_LENDING_ID}${i.periodNo}`, tenant_id: DEMO_TENANT_ID },
            ...{ business_id: PACT_LENDING_ID, period_no: i.periodNo, start_date: i.startDate, due_date: i.dueDate },
            ...{ days: PACT_LOAN.termDays, principal_due: i.principalFen, interest_due: i.interestFen },
            updated_at: at,
          })),
        )
        .execute();
    },
  };
};
