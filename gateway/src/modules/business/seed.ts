// The people and the first businesses of the financing lifecycle in the demo tenant (BUSINESS.md §1.3,
// "Roles in the demo tenant"): a role for each reviewer of §1.3 with the pages its transitions name, a demo
// user or two per role (password Staff@2026) so that every review level is walked through by a different
// person and four-eyes can be shown, the audit types with their defaults in both tenants, and a handful of
// businesses made and moved by the aggregate as those people, each on payment orders of its own: waiting at
// level 1 and at level 2 of the pre-credit review, returned, approved into 融资申请, terminated, and paused.
// The plans say only who does what, with which comment, on which day; the table's guards judge each move.
// Idempotent: inserts what is missing and keeps what the screens changed.
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { LIFECYCLE, REVIEW_STAGES } from '../../../../src/domain/financing/lifecycle';
import { defaultAuditType } from '../../../../src/domain/financing/review';
import { ROLE, ROLE_NAME, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { DASHBOARD_ROUTE, type OperationCode, flattenRoutes } from '../../../../src/domain/menu/route-catalogue';
import type { Database } from '../../db/database';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { DEMO_TENANT_ID, DemoOrg, DemoRole, catalogueMenus } from '../../db/seed/demo-seed';
import { addConfirmedOrder } from '../financing-application/confirmed-orders';
import { newId } from '../../ids';
import { createPreCreditDraft } from '../pre-credit/store';
import { dateBefore, daysBefore } from '../../db/seed/seed-days';
import { actorById, createBusiness, transitionBusiness } from './aggregate';
import { DEFAULT_AUDIT_LEVELS, REVIEW_TYPES } from '../../../../src/domain/financing/stages';
import { DOCUMENT_PREFIX, shanghaiDay } from '../../../../src/domain/document-numbers';

export const STAFF_PASSWORD = 'Staff@2026';

/** The review roles added beside the three seeded first (their ids follow the demo seed's numbering). */
export const LifecycleRole: Readonly<Partial<Record<RoleCode, string>>> = {
  [ROLE.BIZ_REVIEWER]: '1200000000000000101',
  [ROLE.RISK]: '1200000000000000102',
  [ROLE.RISK_HEAD]: '1200000000000000103',
  [ROLE.MEMBER]: '1200000000000000104',
  [ROLE.CHAIR]: '1200000000000000105',
  [ROLE.SECRETARY]: '1200000000000000106',
  [ROLE.APPROVER]: '1200000000000000107',
  [ROLE.LEGAL]: '1200000000000000108',
  [ROLE.OPS]: '1200000000000000109',
  [ROLE.FINANCE]: '1200000000000000110',
};

export interface LifecycleAccount {
  userId: string;
  userName: string;
  nickName: string;
  role: RoleCode;
}

export const LIFECYCLE_ACCOUNTS: readonly LifecycleAccount[] = [
  { userId: '1300000000000000101', userName: 'reviewer1', nickName: '周敏', role: ROLE.BIZ_REVIEWER },
  { userId: '1300000000000000102', userName: 'reviewer2', nickName: '吴磊', role: ROLE.BIZ_REVIEWER },
  { userId: '1300000000000000103', userName: 'risk1', nickName: '陈静', role: ROLE.RISK },
  { userId: '1300000000000000104', userName: 'risk2', nickName: '孙浩', role: ROLE.RISK },
  { userId: '1300000000000000105', userName: 'riskhead', nickName: '赵立新', role: ROLE.RISK_HEAD },
  { userId: '1300000000000000106', userName: 'secretary', nickName: '钱芳', role: ROLE.SECRETARY },
  { userId: '1300000000000000107', userName: 'chair', nickName: '郑国华', role: ROLE.CHAIR },
  { userId: '1300000000000000108', userName: 'member1', nickName: '冯涛', role: ROLE.MEMBER },
  { userId: '1300000000000000109', userName: 'member2', nickName: '褚云', role: ROLE.MEMBER },
  { userId: '1300000000000000110', userName: 'member3', nickName: '卫东', role: ROLE.MEMBER },
  { userId: '1300000000000000111', userName: 'approver', nickName: '蒋建平', role: ROLE.APPROVER },
  { userId: '1300000000000000112', userName: 'legal', nickName: '沈律', role: ROLE.LEGAL },
  { userId: '1300000000000000113', userName: 'ops1', nickName: '韩冰', role: ROLE.OPS },
  { userId: '1300000000000000114', userName: 'ops2', nickName: '杨帆', role: ROLE.OPS },
  { userId: '1300000000000000115', userName: 'finance', nickName: '朱琳', role: ROLE.FINANCE },
  // The second pair of eyes on a repayment: one finance user registers it, the other confirms it.
  { userId: '1300000000000000116', userName: 'finance2', nickName: '林晓', role: ROLE.FINANCE },
];

const OPERATOR_ID = '1300000000000000002';
const SUPPLIER_USER_ID = '1300000000000000003';
const accountOf = (userName: string) => LIFECYCLE_ACCOUNTS.find((a) => a.userName === userName) as LifecycleAccount;

/** The seeded businesses, by what they show. */
export const SeededBusiness = {
  preCreditLevel1: '1500000000000000001',
  preCreditLevel2: '1500000000000000002',
  preCreditReturned: '1500000000000000003',
  applicationDraft: '1500000000000000004',
  terminated: '1500000000000000005',
  suspended: '1500000000000000006',
  supplierDraft: '1500000000000000007',
} as const;

const BUSINESS_MANAGE = '/business/financingBusinessManage';
// Every staff role of the demo tenant has the dashboard (as the three seeded first do), the business lists, and
// 文件预览, where the documents of what they work on open.
const LISTS = [
  DASHBOARD_ROUTE.path,
  BUSINESS_MANAGE,
  '/business/newDetails',
  '/workbench/technological/todo',
  '/workbench/technological/done',
  '/preView/preViewMain',
];

/** A hidden page (a make page) → the list it belongs to. */
const LIST_OF_PAGE = new Map(
  flattenRoutes()
    .filter((r) => r.hidden)
    .map((r) => [r.path, r.parentPath]),
);

/** Page → operation codes a role is granted: its transitions' pages, the review pages of its levels, the lists. */
export function lifecycleGrants(role: RoleCode): Map<string, Set<OperationCode>> {
  const out = new Map<string, Set<OperationCode>>();
  const add = (menu: string, op?: OperationCode) => {
    const ops = out.get(menu) ?? new Set<OperationCode>();
    if (op) ops.add(op);
    out.set(menu, ops);
  };
  for (const t of LIFECYCLE.transitions) {
    if (!t.menu || !t.who?.includes(role)) continue;
    add(t.menu, t.op);
    // Who submits from a make page saves its draft there too (where the page has 编辑), and exports the list
    // the page belongs to (风控经理's 导出 on 融资决议管理), where that list has 导出.
    if (t.action === 'submit') {
      add(t.menu, 'edit');
      const list = LIST_OF_PAGE.get(t.menu);
      if (list) add(list, 'export');
    }
  }
  for (const s of REVIEW_STAGES) {
    if (!DEFAULT_AUDIT_LEVELS[s.type].includes(role)) continue;
    add(s.examine, 'examine');
    add(s.examine, 'reject');
    add('/business/examine');
  }
  for (const menu of LISTS) add(menu, 'export');
  return out;
}

async function seedRolesAndUsers(db: Kysely<Database>, now: Date): Promise<void> {
  // The users are dated a day before the accounts of DESIGN.md §3, so that the user list (newest first) still
  // opens on admin, operator and supplier; the roles after the first three (the role list is oldest first).
  const before = daysBefore(now, 1);
  const roles = Object.entries(LifecycleRole) as [RoleCode, string][];
  await db
    .insertInto('role')
    .values(
      roles.map(([code, id]) => ({
        role_id: id,
        tenant_id: DEMO_TENANT_ID,
        role_code: code,
        role_name: ROLE_NAME[code],
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('role_id').doNothing())
    .execute();

  // A grant names a page of the catalogue and only codes the catalogue gives it; a hidden page brings the
  // list it belongs to, so the menu leads there.
  const menus = catalogueMenus();
  const byId = new Map(menus.map((m) => [m.menu_id, m]));
  const grants: { role_id: string; menu_id: string; ops: OperationCode[] }[] = [];
  const grantFor = (roleId: string, pages: Map<string, Set<OperationCode>>) => {
    const wanted = new Map<string, Set<OperationCode>>();
    for (const [path, ops] of pages) {
      let menu = byId.get(menuIdForPath(path));
      if (!menu) continue;
      wanted.set(
        menu.menu_id,
        new Set([...(wanted.get(menu.menu_id) ?? []), ...[...ops].filter((o) => menu?.ops.includes(o))]),
      );
      while (menu?.hidden && byId.get(menu.parent_id)?.isRoute) {
        menu = byId.get(menu.parent_id);
        if (menu && !wanted.has(menu.menu_id)) wanted.set(menu.menu_id, new Set());
      }
    }
    for (const [menuId, ops] of wanted) grants.push({ role_id: roleId, menu_id: menuId, ops: [...ops] });
  };
  for (const [code, id] of roles) grantFor(id, lifecycleGrants(code));
  // The demo supplier reads its own businesses' details from its pre-credit list, and takes their attachments.
  grantFor(DemoRole.supplier, new Map([['/business/newDetails', new Set<OperationCode>(['export'])]]));
  await db
    .insertInto('role_menu')
    .values(grants.map((g) => ({ role_id: g.role_id, menu_id: g.menu_id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  const ops = grants.flatMap((g) =>
    g.ops.map((op) => ({ role_id: g.role_id, menu_id: g.menu_id, operation_code: op })),
  );
  if (ops.length) {
    await db
      .insertInto('role_menu_operation')
      .values(ops)
      .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
      .execute();
  }

  const existing = await db
    .selectFrom('app_user')
    .select('user_id')
    .where(
      'user_id',
      'in',
      LIFECYCLE_ACCOUNTS.map((a) => a.userId),
    )
    .execute();
  if (existing.length < LIFECYCLE_ACCOUNTS.length) {
    // One hash serves every demo account: they share the password, and hashing fifteen times costs a second.
    const passwordHash = await hash(STAFF_PASSWORD);
    await db
      .insertInto('app_user')
      .values(
        LIFECYCLE_ACCOUNTS.map((a, i) => ({
          user_id: a.userId,
          tenant_id: DEMO_TENANT_ID,
          user_name: a.userName,
          nick_name: a.nickName,
          organization_id: DemoOrg.group,
          user_type: 'STAFF' as const,
          mobile: `13800001${String(i + 1).padStart(3, '0')}`,
          password_hash: passwordHash,
          status: 'ENABLED' as const,
          created_at: before,
          updated_at: before,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
  await db
    .insertInto('user_role')
    .values(LIFECYCLE_ACCOUNTS.map((a) => ({ user_id: a.userId, role_id: LifecycleRole[a.role] as string })))
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

async function seedAuditTypes(db: Kysely<Database>, now: Date): Promise<void> {
  for (const tenantId of [DEMO_TENANT_ID, XH_TENANT_ID]) {
    await db
      .insertInto('audit_type')
      .values(
        REVIEW_TYPES.map((code) => {
          const config = defaultAuditType(code);
          return {
            tenant_id: tenantId,
            code,
            name: config.name,
            enabled: config.enabled,
            levels: JSON.stringify(config.levels),
            updated_at: now,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
      .execute();
  }
}

// ---- the businesses -----------------------------------------------------------------------------------

/** One move of a seeded business: who takes which action of the table, with which comment. */
interface Step {
  action: string;
  by: string;
  comment?: string;
}

/** A confirmed payment order a seeded pre-credit rests on: number, amount in 分, days from the seed to its due date. */
type Order = readonly [orderNo: string, amount: number, dueInDays: number];

interface Plan {
  id: string;
  daysAgo: number;
  supplierId: string;
  projectCompanyId: string;
  capitalSideId: string | null;
  applyAmount: bigint;
  ownerId: string;
  /** The orders its pre-credit names, due 13 to 19 months on so that they come after every other seed's in the lists. */
  orders: readonly Order[];
  steps: Step[];
}

const PLANS: Plan[] = [
  {
    id: SeededBusiness.preCreditLevel1,
    daysAgo: 2,
    supplierId: DemoOrg.hengguSteel,
    projectCompanyId: DemoOrg.suzhouProject,
    capitalSideId: DemoOrg.icbcShanghai,
    applyAmount: 3_000_000_00n,
    ownerId: OPERATOR_ID,
    orders: [
      ['FKHG20280001', 1_600_000_00, 413],
      ['FKHG20280002', 1_500_000_00, 444],
      ['FKHG20280003', 1_400_000_00, 473],
    ],
    steps: [{ action: 'submit', by: OPERATOR_ID, comment: '依据付款单3笔，申请预授信300万元' }],
  },
  {
    id: SeededBusiness.preCreditLevel2,
    daysAgo: 4,
    supplierId: DemoOrg.lvyuanLandscape,
    projectCompanyId: DemoOrg.nanjingProject,
    capitalSideId: DemoOrg.cmbHangzhou,
    applyAmount: 1_200_000_00n,
    ownerId: OPERATOR_ID,
    orders: [['FKLY20280001', 2_000_000_00, 418]],
    steps: [
      { action: 'submit', by: OPERATOR_ID },
      { action: 'approve', by: accountOf('reviewer1').userId, comment: '付款单真实，额度合理' },
    ],
  },
  {
    id: SeededBusiness.preCreditReturned,
    daysAgo: 6,
    supplierId: DemoOrg.hengguSteel,
    projectCompanyId: DemoOrg.nanjingProject,
    capitalSideId: DemoOrg.icbcShanghai,
    applyAmount: 5_000_000_00n,
    ownerId: OPERATOR_ID,
    orders: [
      ['FKHG20280004', 4_200_000_00, 504],
      ['FKHG20280005', 3_800_000_00, 534],
    ],
    steps: [
      { action: 'submit', by: OPERATOR_ID },
      { action: 'return', by: accountOf('reviewer2').userId, comment: '依据付款单金额不足以支持申请额度，请补充' },
    ],
  },
  {
    id: SeededBusiness.applicationDraft,
    daysAgo: 10,
    supplierId: DemoOrg.lvyuanLandscape,
    projectCompanyId: DemoOrg.suzhouProject,
    capitalSideId: DemoOrg.cmbHangzhou,
    applyAmount: 2_000_000_00n,
    ownerId: OPERATOR_ID,
    orders: [
      ['FKLY20280002', 1_800_000_00, 449],
      ['FKLY20280003', 1_600_000_00, 478],
    ],
    steps: [
      { action: 'submit', by: OPERATOR_ID },
      { action: 'approve', by: accountOf('reviewer1').userId, comment: '同意' },
      { action: 'approve', by: accountOf('risk1').userId, comment: '风险可控，同意预授信' },
    ],
  },
  {
    id: SeededBusiness.terminated,
    daysAgo: 12,
    supplierId: DemoOrg.shentongMechanical,
    projectCompanyId: DemoOrg.suzhouProject,
    capitalSideId: null,
    applyAmount: 800_000_00n,
    ownerId: OPERATOR_ID,
    orders: [['FKST20280001', 1_500_000_00, 423]],
    steps: [{ action: 'terminate', by: OPERATOR_ID, comment: '供应商已通过其他渠道融资，放弃本次申请' }],
  },
  {
    id: SeededBusiness.suspended,
    daysAgo: 8,
    supplierId: DemoOrg.hengguSteel,
    projectCompanyId: DemoOrg.suzhouProject,
    capitalSideId: DemoOrg.icbcShanghai,
    applyAmount: 1_500_000_00n,
    ownerId: OPERATOR_ID,
    orders: [['FKHG20280006', 2_600_000_00, 565]],
    steps: [{ action: 'suspend', by: accountOf('risk1').userId, comment: '供应商涉及诉讼，暂停业务待核实' }],
  },
  {
    id: SeededBusiness.supplierDraft,
    daysAgo: 1,
    supplierId: DemoOrg.huadongBuildingMaterials,
    projectCompanyId: DemoOrg.suzhouProject,
    capitalSideId: null,
    applyAmount: 600_000_00n,
    ownerId: SUPPLIER_USER_ID,
    orders: [['FKHD20280001', 1_000_000_00, 408]],
    steps: [],
  },
];

const HOUR = 3600_000;

/** The plan's orders, each confirmed the day before its business is made unless the tenant has it already. */
async function ordersOf(database: Kysely<Database>, plan: Plan, confirmedAt: Date, now: Date): Promise<string[]> {
  const db = database;
  const stored = new Map<string, string>(
    (
      await db
        .selectFrom('payment_order')
        .select(['order_no', 'order_id'])
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where(
          'order_no',
          'in',
          plan.orders.map(([orderNo]) => orderNo),
        )
        .execute()
    ).map((r) => [String(r.order_no), String(r.order_id)]),
  );
  const ids: string[] = [];
  for (const [orderNo, amount, dueInDays] of plan.orders) {
    const dueDate = dateBefore(now, -dueInDays);
    const order = { tenantId: DEMO_TENANT_ID, supplierId: plan.supplierId, orderNo, amount, dueDate, now: confirmedAt };
    ids.push(stored.get(orderNo) ?? (await addConfirmedOrder(db, order)));
  }
  return ids;
}

/**
 * One seeded business made and moved by the aggregate as its people, at 09:00 `daysAgo` Beijing days before
 * `now`, its moves five hours apart: the business with its pre-credit draft on its orders (confirmed the day
 * before), then each step as a transition, which the table's guards judge on the day it is taken.
 */
async function walkBusiness(db: Kysely<Database>, plan: Plan, n: number, now: Date): Promise<void> {
  const start = daysBefore(now, plan.daysAgo, 9);
  const basisOrderIds = await ordersOf(db, plan, daysBefore(now, plan.daysAgo + 1, 9), now);
  const business = await createBusiness(db, {
    tenantId: DEMO_TENANT_ID,
    id: plan.id,
    // Numbers 9000 and on of their day, beyond what the day's own sequence reaches.
    businessNo: `${DOCUMENT_PREFIX.business}${shanghaiDay(start)}${9000 + n}`,
    supplierId: plan.supplierId,
    projectCompanyId: plan.projectCompanyId,
    capitalSideId: plan.capitalSideId,
    ownerId: plan.ownerId,
    applyAmount: plan.applyAmount,
    actor: await actorById(db, DEMO_TENANT_ID, plan.ownerId),
    now: start,
  });
  await createPreCreditDraft(db, {
    tenantId: DEMO_TENANT_ID,
    businessId: business.keyId,
    applyAmount: plan.applyAmount,
    basisOrderIds,
    userId: plan.ownerId,
    now: start,
  });
  let version = business.version;
  for (const [i, step] of plan.steps.entries()) {
    const moved = await transitionBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: business.keyId,
      actor: await actorById(db, DEMO_TENANT_ID, step.by),
      action: step.action,
      version,
      ...(step.comment ? { comment: step.comment } : {}),
      now: new Date(start.getTime() + (i + 1) * 5 * HOUR),
    });
    version = moved.version;
  }
}

/**
 * A data-query consent of the supplier for one capital side, unless it has one already. Consent is per capital
 * side only (facts.ts), and pre-credit needs one: 恒固钢铁 and 绿源景观 consented for 工商银行上海分行 a month
 * before their first pre-credit — 绿源's businesses went to 招商银行, which its consent does not cover, so its
 * 融资申请 is warned of that beside its lock.
 */
export async function ensureConsent(
  db: Kysely<Database>,
  consent: { supplierId: string; userId: string; capitalSideId: string; at: Date },
): Promise<void> {
  const has = await db
    .selectFrom('supplier_consent')
    .select('consent_id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('supplier_org_id', '=', consent.supplierId)
    .where('auth_state', '=', '1')
    .executeTakeFirst();
  if (has) return;
  const id = newId(consent.at);
  await db
    .insertInto('supplier_consent')
    .values({
      consent_id: id,
      tenant_id: DEMO_TENANT_ID,
      supplier_org_id: consent.supplierId,
      gys_id: consent.supplierId,
      template_id: 'DATA_QUERY_2026',
      auth_state: '1',
      user_id: consent.userId,
      consented_at: consent.at,
    })
    .execute();
  await db
    .insertInto('supplier_consent_capital_side')
    .values({ consent_id: id, capital_side_org_id: consent.capitalSideId })
    .execute();
}

/** The plans' businesses the tenant lacks, each walked whole or not at all; the others are left as they are. */
async function seedBusinesses(db: Kysely<Database>, now: Date): Promise<void> {
  const monthAgo = daysBefore(now, 30, 10);
  for (const supplierId of [DemoOrg.hengguSteel, DemoOrg.lvyuanLandscape]) {
    await ensureConsent(db, { supplierId, userId: OPERATOR_ID, capitalSideId: DemoOrg.icbcShanghai, at: monthAgo });
  }
  const existing = new Set(
    (
      await db
        .selectFrom('financing_business')
        .select('business_id')
        .where(
          'business_id',
          'in',
          PLANS.map((p) => p.id),
        )
        .execute()
    ).map((r) => r.business_id),
  );
  for (const [n, plan] of PLANS.entries()) {
    if (existing.has(plan.id)) continue;
    if (db.isTransaction) await walkBusiness(db, plan, n, now);
    else await db.transaction().execute((trx) => walkBusiness(trx, plan, n, now));
  }
}

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedRolesAndUsers(db, now);
  await seedAuditTypes(db, now);
  await seedBusinesses(db, now);
}
