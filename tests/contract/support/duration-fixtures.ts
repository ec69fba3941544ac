// Provider states of the duration-report contract: the pact business (fixed id) repaying its loan, with one
// monthly 存续期报告 — to make, with its 经办人 (operator) signed in, or submitted by operator and waiting for
// riskhead's review, riskhead signed in. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const DurationState = {
  draft: 'the operator is signed in and the pact duration report waits to be made',
  pending: 'riskhead is signed in and the pact duration report waits for review',
} as const;

export const DURATION_TOKEN = {
  operator: 'pact-token-operator-duration-000000000000',
  riskhead: 'pact-token-riskhead-duration-000000000000',
} as const;

export const PACT_DURATION_BUSINESS = '2650000000000000001';
export const PACT_DURATION_REPORT = '2650000000000000101';
export const PACT_DURATION_NO = 'CX202612010001';
export const PACT_DURATION_FINDINGS = {
  payerCapacity: '项目公司经营正常',
  receivableStatus: '应收账款未到期，无争议',
  collections: '监管账户按期回款',
  opinion: '未发现负面舆情',
} as const;
const OPERATOR = '1300000000000000002';
const FINANCE = '1300000000000000115';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-12-01T02:00:00Z');

  const reset = async (report: Record<string, unknown>) => {
    await db.deleteFrom('duration_report').where('business_id', '=', PACT_DURATION_BUSINESS).execute();
    await db.deleteFrom('loan').where('business_id', '=', PACT_DURATION_BUSINESS).execute();
    await db.deleteFrom('business_event').where('business_id', '=', PACT_DURATION_BUSINESS).execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_DURATION_BUSINESS).execute();
    await db
      .insertInto('financing_business')
      .values({
        ...{ business_id: PACT_DURATION_BUSINESS, tenant_id: DEMO_TENANT_ID, business_no: 'RZ202611019905' },
        ...{ supplier_id: DemoOrg.huadongBuildingMaterials, state: 'REPAYING/NORMAL', stage: 'REPAYING' },
        ...{ owner_id: OPERATOR, apply_amount: 1_000_000_00, approved_amount: 800_000_00 },
        ...{ created_at: at, updated_at: at, version: 9 },
      })
      .execute();
    await db
      .insertInto('loan')
      .values({
        ...{ business_id: PACT_DURATION_BUSINESS, tenant_id: DEMO_TENANT_ID, loan_no: 'DK202611019905' },
        ...{ amount: 800_000_00, upfront_interest: 0, service_fee: 0, net_amount: 800_000_00 },
        ...{ loan_date: '2026-11-01', value_date: '2026-11-01', maturity_date: '2027-04-30' },
        ...{ annual_rate: '0.0600', repayment_method: 'BULLET', day_count_basis: 360 },
        ...{ receipt_file_id: 'pact-file-duration-receipt', status: 'REGISTERED', registrar_id: FINANCE },
        ...{ registered_at: at, created_at: at, updated_at: at },
      })
      .execute();
    await db
      .insertInto('duration_report')
      .values({
        ...{ item_id: PACT_DURATION_REPORT, tenant_id: DEMO_TENANT_ID, business_id: PACT_DURATION_BUSINESS, seq: 1 },
        ...{ report_no: PACT_DURATION_NO, kind: 'MONTHLY', period_key: '2026-12', due_date: '2026-12-31' },
        ...{ maker_id: OPERATOR, created_at: at, updated_at: at },
        ...report,
      })
      .execute();
  };

  return {
    [DurationState.draft]: async () => {
      await issueToken(gateway.db, { userName: 'operator', token: DURATION_TOKEN.operator });
      await reset({});
    },
    [DurationState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'riskhead', token: DURATION_TOKEN.riskhead });
      await reset({
        ...{ status: 'PENDING', findings: JSON.stringify(PACT_DURATION_FINDINGS), risk_class: 'NORMAL' },
        ...{ conclusion: 'MAINTAIN', check_date: '2026-12-01', made_by: OPERATOR, made_at: at, version: 3 },
      });
    },
  };
};
