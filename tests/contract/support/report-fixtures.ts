// Provider states of the report contract: one business of 华东建材 (fixed id) at 尽调报告 with its report — seven
// steps saved and only 方案建议 missing (risk1 saves it), or all eight (risk1 submits it), or submitted and
// waiting on riskhead at level 2 (riskhead reads it). Its proposal fits the limits of the tenant's first
// enabled product and the amount applied for. Each state puts the rows back.
import type { Kysely } from 'kysely';
import type { ReportStepKey } from '../../../src/domain/financing/report';
import { startReview } from '../../../src/domain/financing/review';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { SAMPLE_REPORT } from '../../../gateway/src/documents/document-samples';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const ReportState = {
  draft: 'risk1 is signed in and a report lacks only its proposal',
  complete: 'risk1 is signed in and a report has every step done',
  pending: 'riskhead is signed in and reads a report at level 2',
} as const;

export const PACT_REPORT_ID = '2570000000000000001';
export const RISK1_TOKEN = 'pact-token-risk1-0000000000000000000000000';
export const RISKHEAD_TOKEN = 'pact-token-riskhead-000000000000000000000';
/** What risk1 saves as 方案建议: within the first product's ranges (3.80%–5.50%) and the 1,000 万元 applied for. */
export const PACT_PROPOSAL = {
  proposedAmount: 500_000_000,
  proposedRate: '0.0450',
  proposedTermDays: 90,
  proposedFinancingRatio: '0.8000',
  proposedRepaymentMethod: 'BULLET',
  guarantees: '实际控制人连带责任保证',
  proposedConditions: '放款前签回付款确认书',
  conclusion: 'RECOMMEND',
};
const OPERATOR_ID = '1300000000000000002';
const RISK1_ID = '1300000000000000103';
const RISK2_ID = '1300000000000000104';
const RISKHEAD_ID = '1300000000000000105';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-25T02:00:00Z');

  const report = async (state: string, keys: readonly string[]) => {
    await db.deleteFrom('business_event').where('business_id', '=', PACT_REPORT_ID).execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_REPORT_ID).execute();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_REPORT_ID,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611259901',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state,
        stage: 'REPORT',
        owner_id: OPERATOR_ID,
        apply_amount: 1_000_000_000,
        created_by: OPERATOR_ID,
        created_at: at,
        updated_by: RISK1_ID,
        updated_at: at,
        version: 1,
      })
      .execute();
    await db
      .insertInto('due_diligence_report')
      .values({
        report_id: PACT_REPORT_ID,
        tenant_id: DEMO_TENANT_ID,
        report_no: 'BG202611259901',
        revision: 1,
        maker_id: RISK1_ID,
        maker_name: '陈静',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const steps = { ...SAMPLE_REPORT.steps, PROPOSAL: PACT_PROPOSAL } as Record<ReportStepKey, object>;
    await db
      .insertInto('due_diligence_report_step')
      .values(
        keys.map((key) => ({
          report_id: PACT_REPORT_ID,
          tenant_id: DEMO_TENANT_ID,
          revision: 1,
          step_key: key,
          content: JSON.stringify(steps[key as ReportStepKey]),
          done: true,
          saved_by: '陈静',
          saved_at: at,
        })),
      )
      .execute();
  };
  const ALL = ['CUSTOMER', 'FINANCIALS', 'INDICATORS', 'CREDIT', 'COUNTERPARTY', 'JUDICIAL', 'RATING', 'PROPOSAL'];

  return {
    [ReportState.draft]: async () => {
      await report('REPORT/DRAFT', ALL.slice(0, 7));
      await issueToken(gateway.db, { userName: 'risk1', token: RISK1_TOKEN });
    },
    [ReportState.complete]: async () => {
      await report('REPORT/DRAFT', ALL);
      await issueToken(gateway.db, { userName: 'risk1', token: RISK1_TOKEN });
    },
    [ReportState.pending]: async () => {
      await report('REPORT/PENDING', ALL);
      const level = (ids: string[]) => ({
        roles: [],
        userIds: [],
        reviewerIds: ids,
        approveMethod: 'ANY' as const,
        rejectHandler: 'RETURN_TO_MAKER' as const,
      });
      const review = {
        ...startReview({ type: 'REPORT', makerId: RISK1_ID, levels: [level([RISK2_ID]), level([RISKHEAD_ID])] }),
        level: 2,
        opinions: [{ level: 1, actorId: RISK2_ID, result: 'APPROVE' as const }],
      };
      await db
        .updateTable('financing_business')
        .set({ review: JSON.stringify(review), review_arrived_at: at, version: 3 })
        .where('business_id', '=', PACT_REPORT_ID)
        .execute();
      await issueToken(gateway.db, { userName: 'riskhead', token: RISKHEAD_TOKEN });
    },
  };
};
