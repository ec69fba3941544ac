// Test support for the review queue (gateway tests, contract provider states, browser tests): people holding a
// review role with the pages a reviewer needs, and a business under review at a chosen level, stored as a
// submission would leave it (the audit type snapshotted with its reviewers). Nothing here runs in production.
import type { Kysely } from 'kysely';
import { type ReviewLevelConfig, type ReviewState, startReview } from '../../../src/domain/financing/review';
import { menuIdForPath } from '../../../src/domain/menu/menu';
import type { Database } from '../db/database';
import { DEMO_TENANT_ID, DemoOrg } from '../db/seed/demo-seed';
import { newId } from '../ids';
import { insertUsers } from './test-users';
import { type Actor, createBusiness, systemActor } from '../modules/business/aggregate';

/** The pages a reviewer works on, with their codes. */
export const REVIEWER_GRANTS: ReadonlyArray<[string, readonly string[]]> = [
  ['/business/examine', ['examine', 'reject']],
  ['/workbench/technological/todo', []],
  ['/workbench/technological/done', []],
];

/** The tenant's role of this code (created with the reviewer's pages when the tenant has none). */
export async function ensureRole(
  db: Kysely<Database>,
  code: string,
  name: string,
  tenantId = DEMO_TENANT_ID,
  grants: ReadonlyArray<[string, readonly string[]]> = REVIEWER_GRANTS,
): Promise<string> {
  const found = await db
    .selectFrom('role')
    .select('role_id')
    .where('tenant_id', '=', tenantId)
    .where('role_code', '=', code)
    .where('status', '!=', 'DELETED')
    .executeTakeFirst();
  const roleId = found?.role_id ?? newId(new Date());
  if (!found) {
    await db
      .insertInto('role')
      .values({ role_id: roleId, tenant_id: tenantId, role_code: code, role_name: name })
      .execute();
  }
  for (const [path, ops] of grants) {
    const menu = menuIdForPath(path);
    await db
      .insertInto('role_menu')
      .values({ role_id: roleId, menu_id: menu })
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
    for (const op of ops) {
      await db
        .insertInto('role_menu_operation')
        .values({ role_id: roleId, menu_id: menu, operation_code: op })
        .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
        .execute();
    }
  }
  return roleId;
}

/** A staff user holding the role (created when absent); answers the user id. */
export async function ensureUser(
  db: Kysely<Database>,
  userName: string,
  nickName: string,
  roleId: string,
  tenantId = DEMO_TENANT_ID,
  orgId: string = DemoOrg.group,
): Promise<string> {
  const found = await db.selectFrom('app_user').select('user_id').where('user_name', '=', userName).executeTakeFirst();
  const now = new Date();
  const userId = found?.user_id ?? newId(now);
  if (!found) {
    const user = { user_id: userId, user_name: userName, nick_name: nickName };
    await insertUsers(db, { ...user, tenant_id: tenantId, organization_id: orgId });
  }
  await db
    .insertInto('user_role')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
  return userId;
}

export interface PendingBusiness {
  businessId: string;
  businessNo: string;
  version: number;
}

/**
 * A pre-credit business under review at `level`, made by `makerId`, with one level per reviewer list (或签,
 * a rejection returns to the maker unless the level says otherwise).
 */
export async function pendingPreCredit(
  db: Kysely<Database>,
  options: {
    makerId: string;
    levels: ReadonlyArray<readonly string[] | (Partial<ReviewLevelConfig> & { reviewerIds: readonly string[] })>;
    level?: number;
    opinions?: ReviewState['opinions'];
    tenantId?: string;
    supplierId?: string;
    amount?: number;
    arrivedAt?: Date;
  },
): Promise<PendingBusiness> {
  const tenantId = options.tenantId ?? DEMO_TENANT_ID;
  const now = options.arrivedAt ?? new Date();
  const actor: Actor = { ...systemActor(), userId: options.makerId, userName: '业务经办', roleName: '业务经办' };
  const row = await db.transaction().execute((trx) =>
    createBusiness(trx, {
      tenantId,
      supplierId: options.supplierId ?? DemoOrg.hengguSteel,
      projectCompanyId: DemoOrg.suzhouProject,
      ownerId: options.makerId,
      applyAmount: BigInt(options.amount ?? 500_000_00),
      actor,
      now,
    }),
  );
  const levels = options.levels.map((l) => {
    const given = Array.isArray(l)
      ? { reviewerIds: l as readonly string[] }
      : (l as { reviewerIds: readonly string[] });
    return {
      roles: [],
      userIds: [...given.reviewerIds],
      approveMethod: 'ANY' as const,
      rejectHandler: 'RETURN_TO_MAKER' as const,
      ...given,
    };
  });
  const review: ReviewState = {
    ...startReview({ type: 'PRE_CREDIT', makerId: options.makerId, levels }),
    level: options.level ?? 1,
    opinions: options.opinions ?? [],
  };
  await db
    .updateTable('financing_business')
    .set({
      state: 'PRE_CREDIT/PENDING',
      stage: 'PRE_CREDIT',
      review: JSON.stringify(review),
      review_arrived_at: now,
      version: 2,
    })
    .where('business_id', '=', row.keyId)
    .execute();
  return { businessId: row.keyId, businessNo: row.businessNo, version: 2 };
}
