// The provider states of the review contract (审核类型配置, 业务审核, the workbench): reviewer1 signed in with
// one pre-credit (PACT_PRE_CREDIT, fixed id and number, on the seeded order FKHG20270101) waiting at level 1 of 2 — reviewer1 and reviewer2 on
// level 1, risk1 and risk2 on level 2, operator its maker — at version 2; and admin signed in with the audit
// type PUSH put back to its default at version 1.
import type { Kysely } from 'kysely';
import { defaultAuditType, startReview } from '../../../src/domain/financing/review';
import { DEMO_TENANT_ID, DemoOrg } from '../../../gateway/src/db/seed/demo-seed';
import type { Database } from '../../../gateway/src/db/database';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { PACT_TOKEN } from './consumer';

export const REVIEW_STATE = {
  reviewer1Level1: 'reviewer1 is signed in and a pre-credit awaits level 1',
  adminAuditTypes: 'admin is signed in and the audit type PUSH is at its default, version 1',
} as const;

/** reviewer1's token (the demo tokens of consumer.ts are for the first three accounts). */
export const REVIEWER1_TOKEN = 'pact-token-reviewer1-00000000000000000000';
export const PACT_PRE_CREDIT = { id: '1590000000000000001', businessNo: 'RZ209901010001' } as const;

const OPERATOR_ID = '1300000000000000002';

async function userId(db: Kysely<Database>, userName: string) {
  const row = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

async function putPendingPreCredit(db: Kysely<Database>) {
  const [r1, r2, k1, k2] = await Promise.all(['reviewer1', 'reviewer2', 'risk1', 'risk2'].map((n) => userId(db, n)));
  const level = (ids: string[]) => ({
    roles: [],
    userIds: [],
    reviewerIds: ids,
    approveMethod: 'ANY' as const,
    rejectHandler: 'RETURN_TO_MAKER' as const,
  });
  const review = startReview({
    type: 'PRE_CREDIT',
    makerId: OPERATOR_ID,
    levels: [level([r1!, r2!]), level([k1!, k2!])],
  });
  const at = new Date('2026-11-20T02:00:00Z');
  await db.deleteFrom('business_event').where('business_id', '=', PACT_PRE_CREDIT.id).execute();
  await db.deleteFrom('financing_business').where('business_id', '=', PACT_PRE_CREDIT.id).execute();
  await db
    .insertInto('financing_business')
    .values({
      business_id: PACT_PRE_CREDIT.id,
      tenant_id: DEMO_TENANT_ID,
      business_no: PACT_PRE_CREDIT.businessNo,
      supplier_id: DemoOrg.hengguSteel,
      project_company_id: DemoOrg.suzhouProject,
      capital_side_id: DemoOrg.icbcShanghai,
      state: 'PRE_CREDIT/PENDING',
      stage: 'PRE_CREDIT',
      owner_id: OPERATOR_ID,
      apply_amount: 2_000_000_00n,
      review: JSON.stringify(review),
      review_arrived_at: at,
      created_by: OPERATOR_ID,
      created_at: at,
      updated_by: OPERATOR_ID,
      updated_at: at,
      version: 2,
    })
    .execute();
  // Its pre-credit, resting on one of 恒固's long-lived orders (the review page shows it read-only).
  const basis = await db
    .selectFrom('payment_order' as never)
    .select('order_id' as never)
    .where('order_no' as never, '=', 'FKHG20270101' as never)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('pre_credit')
    .values({
      business_id: PACT_PRE_CREDIT.id,
      tenant_id: DEMO_TENANT_ID,
      pre_credit_no: 'YS209901010001',
      apply_amount: 2_000_000_00n,
      valid_days: 90,
      valid_from: '2026-11-20',
      valid_to: '2027-02-17',
      basis_order_ids: JSON.stringify([(basis as { order_id: string }).order_id]),
      created_by: OPERATOR_ID,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('business_event')
    .values({
      event_id: `${PACT_PRE_CREDIT.id}1`,
      tenant_id: DEMO_TENANT_ID,
      business_id: PACT_PRE_CREDIT.id,
      stage: 'PRE_CREDIT',
      from_state: 'PRE_CREDIT/DRAFT',
      to_state: 'PRE_CREDIT/PENDING',
      action: 'submit',
      action_label: '提交',
      level: null,
      actor_id: OPERATOR_ID,
      actor_name: '业务经办',
      actor_role: '业务经办',
      comment: '契约测试：申请预授信',
      file_ids: '[]',
      at,
      version: 2,
    })
    .execute();
}

export const providerStates = (gateway: TestGateway): Record<string, () => Promise<void>> => ({
  [REVIEW_STATE.reviewer1Level1]: async () => {
    await putPendingPreCredit(gateway.db);
    await issueToken(gateway.db, { userName: 'reviewer1', token: REVIEWER1_TOKEN });
  },
  [REVIEW_STATE.adminAuditTypes]: async () => {
    const push = defaultAuditType('PUSH');
    await gateway.db
      .updateTable('audit_type')
      .set({ enabled: true, levels: JSON.stringify(push.levels), version: 1 })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('code', '=', 'PUSH')
      .execute();
    await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  },
});
