// Provider states of the push contract: the pact business (fixed id) with its decision approved, at 推送·待推送 with
// its 转让通知书 sent and a receipt uploaded by the operator; its push waiting at 业务复核's review (reviewer1 signed
// in); or its push accepted by the built-in channel, awaiting the capital side. Each state puts the rows back.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { defaultAuditType, snapshotReview, startReview } from '../../../src/domain/financing/review';
import { ROLE } from '../../../src/domain/financing/roles';
import { storeFixtureFile } from './file-fixtures';
import type { ProviderStates } from './provider-states';
import { MINIMAL_PDF as PDF } from '../../../gateway/src/testing/minimal-pdf';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const PushState = {
  waiting: 'operator is signed in and the pact business waits for its push, its 转让通知书 sent',
  pending: 'reviewer1 is signed in and the pact push waits for review',
  pushed: 'operator is signed in and the pact push awaits the capital side',
} as const;

export const PUSH_TOKEN = {
  operator: 'pact-token-operator-push-000000000000000000',
  reviewer1: 'pact-token-reviewer1-push-00000000000000000',
} as const;

export const PACT_PUSH_BUSINESS = '2580000000000000180';
export const PACT_LETTER_ID = '2590000000000000180';
export const PACT_PUSH_ID = '2590000000000000181';
export const PACT_LETTER_FILE = 'pact-file-push-letter';
export const PACT_PACKAGE_FILE = 'pact-file-push-package';
export const PACT_RECEIPT_FILE = 'pact-file-letter-receipt';
export const PACT_PUSH_AMOUNT = 800_000_00;

const OWNER = '1300000000000000002';
const REVIEWERS = ['1300000000000000101', '1300000000000000102'];

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date();

  const reset = async (state: string, review: unknown) => {
    for (const table of ['capital_push', 'formal_letter', 'interface_log', 'callback_flow', 'callback_inbox']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_PUSH_BUSINESS).execute();
    }
    for (const table of ['element_item', 'financing_decision', 'business_event']) {
      await db.deleteFrom(table).where('business_id', '=', PACT_PUSH_BUSINESS).execute();
    }
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_PUSH_BUSINESS).execute();
    const product = await db
      .selectFrom('fund_product')
      .select(['product_id', 'capital_side_id'])
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('status', '=', 'ENABLED')
      .where('available_quota', '>=', PACT_PUSH_AMOUNT * 10)
      .orderBy('product_code')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('financing_business')
      .values({
        ...{ business_id: PACT_PUSH_BUSINESS, tenant_id: DEMO_TENANT_ID, business_no: 'RZ202611299918' },
        ...{ supplier_id: DemoOrg.huadongBuildingMaterials, state, stage: state.split('/')[0], owner_id: OWNER },
        ...{ capital_side_id: product.capital_side_id, product_id: product.product_id },
        ...{ apply_amount: 1_000_000_00, approved_amount: PACT_PUSH_AMOUNT, approved_annual_rate: '0.0600' },
        ...{ approved_term_days: 90, approved_repayment_method: 'BULLET' },
        ...{ approved_financing_ratio: '0.8000', decision_valid_until: '2099-12-31' },
        review: review === null ? null : JSON.stringify(review),
        ...{ created_at: at, updated_at: at, version: 5 },
      })
      .execute();
    await storeFixtureFile(gateway, { keyId: PACT_LETTER_FILE, name: '应收账款转让通知书.pdf', content: PDF });
    await db
      .insertInto('formal_letter')
      .values({
        ...{ item_id: PACT_LETTER_ID, tenant_id: DEMO_TENANT_ID, business_id: PACT_PUSH_BUSINESS, seq: 1 },
        ...{ name: '应收账款转让通知书', letter_no: 'HJ202611299918', letter_type: 'TRANSFER_NOTICE' },
        ...{
          addressee_name: '项目公司',
          file_id: PACT_LETTER_FILE,
          file_sha256: createHash('sha256').update(PDF).digest('hex'),
        },
        ...{ status: 'SENT', send_method: 'EXPRESS', sent_at: at, created_by: OWNER },
        ...{ created_at: at, updated_at: at },
      })
      .execute();
  };

  const push = async (result: string) => {
    await storeFixtureFile(gateway, { keyId: PACT_PACKAGE_FILE, name: '推送资料包.zip', content: PDF });
    const sha = await db
      .selectFrom('stored_file')
      .select('sha256')
      .where('key_id', '=', PACT_PACKAGE_FILE)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('capital_push')
      .values({
        ...{ push_id: PACT_PUSH_ID, tenant_id: DEMO_TENANT_ID, business_id: PACT_PUSH_BUSINESS },
        ...{ push_no: 'TS202611299918', channel: 'API', channel_code: 'capital-builtin' },
        ...{ zhongdeng_query_no: 'ZD2026112900001', package_file_id: PACT_PACKAGE_FILE, package_sha256: sha.sha256 },
        ...(result === 'ACCEPTED' ? { acceptance_no: 'SL20261129PACT000001', pushed_at: at } : {}),
        ...{ result, created_by: OWNER, created_at: at, updated_at: at },
      })
      .execute();
  };

  return {
    [PushState.waiting]: async () => {
      await issueToken(gateway.db, { userName: 'operator', token: PUSH_TOKEN.operator });
      await reset('PUSH/WAIT_PUSH', null);
      await storeFixtureFile(gateway, {
        ...{ keyId: PACT_RECEIPT_FILE, name: '回执.png', content: 'png', userName: 'operator' },
      });
    },
    [PushState.pending]: async () => {
      await issueToken(gateway.db, { userName: 'reviewer1', token: PUSH_TOKEN.reviewer1 });
      const snapshot = snapshotReview(
        defaultAuditType('PUSH'),
        OWNER,
        (role) => (role === ROLE.BIZ_REVIEWER ? REVIEWERS : []),
        OWNER,
        [OWNER],
      );
      if (!snapshot.ok) throw new Error(snapshot.message);
      await reset('PUSH/PENDING', startReview(snapshot.snapshot));
      await push('REVIEW');
    },
    [PushState.pushed]: async () => {
      await issueToken(gateway.db, { userName: 'operator', token: PUSH_TOKEN.operator });
      await reset('PUSH/PUSHED', null);
      await push('ACCEPTED');
    },
  };
};
