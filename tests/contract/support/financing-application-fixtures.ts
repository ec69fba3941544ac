// Provider states of the financing-application contract: the operator signed in with one business of 华东建材
// (fixed id, at 融资申请·草稿, its pre-credit approved for 1,000.00 元) whose draft application has one line of
// 100.00 元 on a long-lived confirmed order and every required document, so 提交 goes through; and the same
// business without an application, for 新增. reviewer1 reads it once submitted. Each state puts the rows back.
import type { Kysely } from 'kysely';
import { ACCESS_DOC_TYPES } from '../../../src/domain/financing/financing-application-rules';
import { startReview } from '../../../src/domain/financing/review';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import { addConfirmedOrder } from '../../../gateway/src/modules/financing-application/confirmed-orders';
import { consent, ensureReviewers, unlock } from '../../../gateway/src/testing/demand-fixtures';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';
import type { ProviderStates } from './provider-states';
import { REVIEWER1_TOKEN } from './review-fixtures';

// biome-ignore lint/suspicious/noExplicitAny: the module tables are read as the modules write them
type AnyDb = Kysely<any>;

export const FinancingApplicationState = {
  draft: 'operator is signed in and a financing application draft is ready to submit',
  candidate: 'operator is signed in and a business awaits its financing application',
  pending: 'reviewer1 is signed in and reads a financing application',
  submitted: 'operator is signed in and its financing application awaits level 1',
  held: "operator is signed in and a submitted financing application holds part of a payment order's amount",
} as const;

/** The long-lived order of the pact business, under a fixed id where a pact names it in a path. */
export const PACT_HELD_ORDER_ID = '2560000000000000099';

export const PACT_FINANCING_APPLICATION_ID = '2560000000000000001';
const OPERATOR_ID = '1300000000000000002';
const ORDER_NO = 'FKPACT0001';

export const providerStates: ProviderStates = (gateway: TestGateway) => {
  const db = gateway.db as unknown as AnyDb;
  const at = new Date('2026-11-20T02:00:00Z');

  const business = async (withApplication: boolean) => {
    const has = await db
      .selectFrom('supplier_consent')
      .select('consent_id')
      .where('supplier_org_id', '=', DemoOrg.huadongBuildingMaterials)
      .where('auth_state', '=', '1')
      .executeTakeFirst();
    if (!has) await consent(gateway, DemoOrg.huadongBuildingMaterials, OPERATOR_ID);
    await unlock(gateway, DemoOrg.huadongBuildingMaterials);
    await ensureReviewers(gateway);
    // The pact business and whatever a previous interaction made of it (its application goes with it).
    await db.deleteFrom('business_event').where('business_id', '=', PACT_FINANCING_APPLICATION_ID).execute();
    await db.deleteFrom('financing_business').where('business_id', '=', PACT_FINANCING_APPLICATION_ID).execute();
    await db.deleteFrom('payment_order').where('order_no', '=', ORDER_NO).execute();
    const orderId = await addConfirmedOrder(db, {
      tenantId: DEMO_TENANT_ID,
      supplierId: DemoOrg.huadongBuildingMaterials,
      orderNo: ORDER_NO,
      amount: 1_000_000_00,
      dueDate: '2099-12-31',
      now: at,
    });
    // The capital side 华东建材 consented for, and one of its products (chosen at the application).
    const product = await db
      .selectFrom('fund_product')
      .select('product_id')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('product_code', '=', 'ICBC-SCF-01')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('financing_business')
      .values({
        business_id: PACT_FINANCING_APPLICATION_ID,
        capital_side_id: DemoOrg.icbcShanghai,
        product_id: product.product_id,
        tenant_id: DEMO_TENANT_ID,
        business_no: 'RZ202611209902',
        supplier_id: DemoOrg.huadongBuildingMaterials,
        state: 'APPLICATION/DRAFT',
        stage: 'APPLICATION',
        owner_id: OPERATOR_ID,
        apply_amount: 100_00,
        created_by: OPERATOR_ID,
        created_at: at,
        updated_by: OPERATOR_ID,
        updated_at: at,
        version: 1,
      })
      .execute();
    await db
      .insertInto('pre_credit')
      .values({
        business_id: PACT_FINANCING_APPLICATION_ID,
        tenant_id: DEMO_TENANT_ID,
        pre_credit_no: 'YS202611209902',
        apply_amount: 1_000_00,
        approved_amount: 1_000_00,
        valid_days: 90,
        valid_from: '2026-11-20',
        valid_to: '2099-02-17',
        basis_order_ids: JSON.stringify([orderId]),
        created_by: OPERATOR_ID,
        created_at: at,
        updated_at: at,
      })
      .execute();
    if (!withApplication) return;
    const files = ACCESS_DOC_TYPES.filter((t) => t.required).map((t, i) => ({ t, id: `25600000000000001${i}` }));
    await db
      .deleteFrom('stored_file')
      .where(
        'key_id',
        'in',
        files.map((f) => f.id),
      )
      .execute();
    await db
      .insertInto('stored_file')
      .values(
        files.map((f) => ({
          key_id: f.id,
          tenant_id: DEMO_TENANT_ID,
          file_name: `${f.t.code}.pdf`,
          extension: 'pdf',
          content_type: 'application/pdf',
          size: 10,
          sha256: '0'.repeat(64),
          sub_sys: 'business',
          module: 'financingApplication',
          business_type: 'financingApplication',
          business_id: PACT_FINANCING_APPLICATION_ID,
          created_by: OPERATOR_ID,
        })),
      )
      .execute();
    await db
      .insertInto('financing_application')
      .values({
        application_id: PACT_FINANCING_APPLICATION_ID,
        tenant_id: DEMO_TENANT_ID,
        application_no: 'SQ202611209902',
        term_days: 90,
        repayment_source: 'PROJECT_COMPANY',
        payee_bank: '中国工商银行上海分行',
        payee_account: '6222021001999999',
        lines: JSON.stringify([{ orderId, financeAmount: 100_00 }]),
        docs: JSON.stringify(files.map((f) => ({ docType: f.t.code, fileIds: [f.id], validTo: '2099-12-31' }))),
        total_amount: 100_00,
        reserved: '{}',
        created_by: OPERATOR_ID,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };

  return {
    [FinancingApplicationState.draft]: async () => {
      await business(true);
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [FinancingApplicationState.candidate]: async () => {
      await business(false);
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [FinancingApplicationState.submitted]: async () => {
      await business(true);
      const reviewer = await db
        .selectFrom('app_user')
        .select('user_id')
        .where('user_name', '=', 'reviewer1')
        .executeTakeFirstOrThrow();
      const level = (ids: string[]) => ({
        roles: [],
        userIds: [],
        reviewerIds: ids,
        approveMethod: 'ANY' as const,
        rejectHandler: 'RETURN_TO_MAKER' as const,
      });
      const review = startReview({
        type: 'APPLICATION',
        makerId: OPERATOR_ID,
        levels: [level([reviewer.user_id]), level([reviewer.user_id])],
      });
      await db
        .updateTable('financing_business')
        .set({ state: 'APPLICATION/PENDING', review: JSON.stringify(review), review_arrived_at: at, version: 2 })
        .where('business_id', '=', PACT_FINANCING_APPLICATION_ID)
        .execute();
      await db
        .updateTable('financing_application')
        .set({ submitted_at: at })
        .where('application_id', '=', PACT_FINANCING_APPLICATION_ID)
        .execute();
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [FinancingApplicationState.held]: async () => {
      await business(true);
      // The order under a fixed id, 100.00 元 of it held by the submitted application (as 提交 leaves it).
      await db.deleteFrom('payment_order').where('order_id', '=', PACT_HELD_ORDER_ID).execute();
      await db
        .updateTable('payment_order')
        .set({ order_id: PACT_HELD_ORDER_ID, reserved_amount: 100_00, financing_status: 'FINANCING' })
        .where('order_no', '=', ORDER_NO)
        .execute();
      await db
        .updateTable('financing_application')
        .set({
          lines: JSON.stringify([{ orderId: PACT_HELD_ORDER_ID, financeAmount: 100_00 }]),
          reserved: JSON.stringify({ [PACT_HELD_ORDER_ID]: 100_00 }),
          submitted_at: at,
        })
        .where('application_id', '=', PACT_FINANCING_APPLICATION_ID)
        .execute();
      await db
        .updateTable('financing_business')
        .set({ state: 'APPLICATION/PENDING', version: 2 })
        .where('business_id', '=', PACT_FINANCING_APPLICATION_ID)
        .execute();
      await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    },
    [FinancingApplicationState.pending]: async () => {
      await business(true);
      await issueToken(gateway.db, { userName: 'reviewer1', token: REVIEWER1_TOKEN });
    },
  };
};
