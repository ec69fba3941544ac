// Provider states of the decision contract: risk1 (or riskhead) signed in, and the pact business (fixed id) at
// 融资决议 with its decision drafted within its limits — as a draft for risk1's page, 提交 and 保存, or waiting
// at level 1 for riskhead's review. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { defaultAuditType, snapshotReview, startReview } from '../../../src/domain/financing/review';
import { ROLE } from '../../../src/domain/financing/roles';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const DecisionState = {
  draft: 'risk1 is signed in and the pact business has its decision drafted',
  pending: 'riskhead is signed in and the pact decision waits at level 1',
} as const;

export const DECISION_TOKEN = {
  risk1: 'pact-token-risk1-decision-000000000000000',
  riskhead: 'pact-token-riskhead-decision-000000000000',
} as const;

export const PACT_DECISION_ID = '2580000000000000001';
const PEOPLE = { risk1: '1300000000000000103', riskhead: '1300000000000000105', approver: '1300000000000000111' };

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-26T02:00:00Z');

  const reset = async (state: string, review: unknown) => {
    for (const table of ['element_item', 'financing_decision', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_DECISION_ID).execute();
    }
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_DECISION_ID).execute();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_DECISION_ID,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611269902',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state,
        stage: 'DECISION',
        owner_id: '1300000000000000002',
        apply_amount: 1_000_000_00,
        review: review === null ? null : JSON.stringify(review),
        created_at: at,
        updated_at: at,
        version: 3,
      })
      .execute();
    const product = await db
      .selectFrom('fund_product')
      .select(['min_rate', 'term_min_days', 'repayment_methods'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('status', '=', 'ENABLED')
      .orderBy('product_code')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('financing_decision')
      .values({
        business_id: PACT_DECISION_ID,
        tenant_id: DEMO_TENANT_ID,
        decision_no: 'JY202611269902',
        approved_amount: 800_000_00,
        annual_rate: String(product.min_rate),
        term_days: Math.max(90, Number(product.term_min_days)),
        financing_ratio: '0.5000',
        repayment_method: String(product.repayment_methods).split(',')[0],
        guarantee_measures: '实际控制人连带责任保证',
        conditions: JSON.stringify(['开立监管账户']),
        meeting_conditions: JSON.stringify(['开立监管账户']),
        created_at: at,
        updated_at: at,
      })
      .execute();
  };

  return {
    [DecisionState.draft]: async () => {
      await issueToken(gateway.db, { userName: 'risk1', token: DECISION_TOKEN.risk1 });
      await reset('DECISION/DRAFT', null);
    },
    [DecisionState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'riskhead', token: DECISION_TOKEN.riskhead });
      const snapshot = snapshotReview(
        defaultAuditType('DECISION'),
        PEOPLE.risk1,
        (role) => (role === ROLE.RISK_HEAD ? [PEOPLE.riskhead] : role === ROLE.APPROVER ? [PEOPLE.approver] : []),
        null,
      );
      if (!snapshot.ok) throw new Error(snapshot.message);
      await reset('DECISION/PENDING', startReview(snapshot.snapshot));
    },
  };
};
