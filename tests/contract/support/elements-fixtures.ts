// Provider states of the elements contract: the pact business (fixed id) at 要素落实·草稿 with its decision and
// items — 金额 and 期限 not yet done, 利率 done, the condition 保证合同签署 whose waiver ops2 asked — and ops1's
// evidence uploaded; ops1 or riskhead signed in. In `ready` every term is done, for 提交. Each state puts the rows
// back.
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { storeFixtureFile } from './file-fixtures';
import type { ProviderStates } from './provider-states';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const ElementsState = {
  draft: 'ops1 is signed in and the pact business makes its elements',
  waiver: 'riskhead is signed in and a waiver of the pact elements is asked',
  ready: 'ops1 is signed in and every term of the pact elements is done',
} as const;

export const ELEMENTS_TOKEN = {
  ops1: 'pact-token-ops1-elements-00000000000000000',
  riskhead: 'pact-token-riskhead-elements-000000000000',
} as const;

export const PACT_ELEMENTS_BUSINESS = '2640000000000000001';
/** The items: 金额 (to be done), 申请豁免 of 保证合同签署 (to be granted), 期限 (a waiver to be asked). */
export const PACT_ITEM = {
  amount: '2640000000000000011',
  guarantee: '2640000000000000015',
  term: '2640000000000000013',
};
export const PACT_EVIDENCE_KEY = 'pact-file-element-evidence';
const OWNER = '1300000000000000002';
const OPS2 = '1300000000000000114';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-27T02:00:00Z');

  const reset = async (termsDone: boolean) => {
    for (const table of ['element_item', 'financing_decision', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_ELEMENTS_BUSINESS).execute();
    }
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_ELEMENTS_BUSINESS).execute();
    await db
      .insertInto('financing_business')
      .values({
        ...{ business_id: PACT_ELEMENTS_BUSINESS, tenant_id: DEMO_TENANT_ID, business_no: 'RZ202611279906' },
        ...{ supplier_id: DemoOrg.huadongBuildingMaterials, state: 'ELEMENTS/DRAFT', stage: 'ELEMENTS' },
        ...{ owner_id: OWNER, apply_amount: 1_000_000_00, approved_amount: 800_000_00 },
        ...{ created_at: at, updated_at: at, version: 4 },
      })
      .execute();
    await db
      .insertInto('financing_decision')
      .values({
        ...{ business_id: PACT_ELEMENTS_BUSINESS, tenant_id: DEMO_TENANT_ID, decision_no: 'JY202611279906' },
        ...{ approved_amount: 800_000_00, annual_rate: '0.0650', term_days: 180, financing_ratio: '0.8000' },
        ...{ repayment_method: 'BULLET', result: 'AGREED', valid_until: '2099-12-31', approved_at: at },
        ...{ created_at: at, updated_at: at },
      })
      .execute();
    const done = termsDone ? 'DONE' : 'PENDING';
    const items = [
      [PACT_ITEM.amount, 'TERM', '金额', done, { value_type: 'AMOUNT', required_fen: 800_000_00 }],
      ['2640000000000000012', 'TERM', '利率', 'DONE', { value_type: 'RATE', required_rate: '0.0650' }],
      [PACT_ITEM.term, 'TERM', '期限', done, { value_type: 'DAYS', required_days: 180 }],
      ['2640000000000000014', 'TERM', '还款方式', 'DONE', { value_type: 'METHOD', required_value: 'BULLET' }],
      [PACT_ITEM.guarantee, 'CONDITION', '保证合同签署', 'WAIVER_ASKED', { checkpoint: 'BEFORE_CONTRACT' }],
    ] as const;
    await db
      .insertInto('element_item')
      .values(
        items.map(([id, kind, name, status, value], i) => ({
          ...{ item_id: id, tenant_id: DEMO_TENANT_ID, business_id: PACT_ELEMENTS_BUSINESS, seq: i + 1 },
          ...{ kind, name, status, ...value, created_at: at, updated_at: at },
          ...(status === 'WAIVER_ASKED' ? { waiver_reason: '保证人已出具担保函', waiver_asked_by: OPS2 } : {}),
        })),
      )
      .execute();
  };

  return {
    [ElementsState.draft]: async () => {
      await issueToken(gateway.db, { userName: 'ops1', token: ELEMENTS_TOKEN.ops1 });
      await reset(false);
      await storeFixtureFile(gateway, {
        ...{ keyId: PACT_EVIDENCE_KEY, name: '回执.png', content: 'png', userName: 'ops1' },
      });
    },
    [ElementsState.waiver]: async () => {
      await issueToken(gateway.db, { userName: 'riskhead', token: ELEMENTS_TOKEN.riskhead });
      await reset(false);
    },
    [ElementsState.ready]: async () => {
      await issueToken(gateway.db, { userName: 'ops1', token: ELEMENTS_TOKEN.ops1 });
      await reset(true);
    },
  };
};
