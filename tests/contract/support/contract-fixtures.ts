// Provider states of the contract-file contract: the pact business (fixed id) at 合同 with its TERM elements and
// one contract generated from a template (its PDF stored through the file service, the sha-256 on the row) —
// as a draft for the operator's list, detail, 制作, 作废 and download, or waiting at level 1 of 合同审核 for
// legal's review read. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { storeGeneratedDocument } from '../../../gateway/src/stage/stage-documents';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { defaultAuditType, snapshotReview, startReview } from '../../../src/domain/financing/review';
import { ROLE } from '../../../src/domain/financing/roles';
import type { ProviderStates } from './provider-states';
import { MINIMAL_PDF as PDF } from '../../../gateway/src/testing/minimal-pdf';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const ContractState = {
  draft: 'the operator is signed in and the pact business has a contract drafted',
  pending: 'legal is signed in and the pact contracts wait at level 1',
} as const;

export const CONTRACT_TOKEN = {
  operator: 'pact-token-operator-contract-00000000000',
  legal: 'pact-token-legal-contract-000000000000000',
} as const;

export const PACT_CONTRACT_BUSINESS = '2590000000000000001';
export const PACT_CONTRACT_ID = '2590000000000000101';
export const PACT_CONTRACT_NO = 'HT202611269901';
const OPERATOR = '1300000000000000002';
const PEOPLE = { legal: '1300000000000000112', risk1: '1300000000000000103' };

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-26T02:00:00Z');

  const reset = async (state: string, review: unknown) => {
    for (const table of ['contract_file', 'element_item', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_CONTRACT_BUSINESS).execute();
    }
    await db
      .deleteFrom('stored_file')
      .where('business_type', '=', 'contractFile')
      .where('created_by', '=', OPERATOR)
      .execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_CONTRACT_BUSINESS).execute();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_CONTRACT_BUSINESS,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611279901',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state,
        stage: 'CONTRACT',
        owner_id: OPERATOR,
        apply_amount: 1_000_000_00,
        approved_amount: 800_000_00,
        review: review === null ? null : JSON.stringify(review),
        created_at: at,
        updated_at: at,
        version: 3,
      })
      .execute();
    const terms = [
      ['金额', { value_type: 'AMOUNT', required_fen: 800_000_00 }],
      ['利率', { value_type: 'RATE', required_rate: '0.0650' }],
      ['期限', { value_type: 'DAYS', required_days: 180 }],
      ['还款方式', { value_type: 'METHOD', required_value: 'BULLET' }],
    ] as const;
    await db
      .insertInto('element_item')
      .values(
        terms.map(([name, value], i) => ({
          item_id: `25900000000000002${i}`,
          tenant_id: DEMO_TENANT_ID,
          business_id: PACT_CONTRACT_BUSINESS,
          seq: i + 1,
          kind: 'TERM',
          name,
          status: 'DONE',
          ...value,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const evidence = await storeGeneratedDocument(
      gateway.db,
      gateway.filesDir,
      { tenantId: DEMO_TENANT_ID, userId: OPERATOR, now: at },
      { name: `保理合同-${PACT_CONTRACT_NO}.pdf`, pdf: PDF },
      { type: 'contractFile', id: PACT_CONTRACT_ID },
    );
    await db
      .insertInto('contract_file')
      .values({
        item_id: PACT_CONTRACT_ID,
        tenant_id: DEMO_TENANT_ID,
        business_id: PACT_CONTRACT_BUSINESS,
        seq: 1,
        contract_no: PACT_CONTRACT_NO,
        series_no: PACT_CONTRACT_NO,
        contract_version: 1,
        name: '保理合同',
        contract_type: 'FACTORING',
        origin: 'TEMPLATE',
        template_id: 'factoring-contract',
        template_version: 1,
        amount_fen: '80000000',
        annual_rate: '0.0650',
        term_days: 180,
        repayment_method: 'BULLET',
        file_id: evidence.fileId,
        file_sha256: evidence.sha256,
        created_by: OPERATOR,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };

  return {
    [ContractState.draft]: async () => {
      await issueToken(gateway.db, { userName: 'operator', token: CONTRACT_TOKEN.operator });
      await reset('CONTRACT/DRAFT', null);
    },
    [ContractState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'legal', token: CONTRACT_TOKEN.legal });
      const snapshot = snapshotReview(
        defaultAuditType('CONTRACT'),
        OPERATOR,
        (role) => (role === ROLE.LEGAL ? [PEOPLE.legal] : role === ROLE.RISK ? [PEOPLE.risk1] : []),
        null,
      );
      if (!snapshot.ok) throw new Error(snapshot.message);
      await reset('CONTRACT/PENDING', startReview(snapshot.snapshot));
    },
  };
};
