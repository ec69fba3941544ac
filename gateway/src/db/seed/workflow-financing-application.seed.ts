// Demo 融资申请 (stage 2): five businesses of the demo supplier 华东建材 walked through the aggregate — their
// pre-credit submitted and approved by both levels, then an application made on the supplier's confirmed
// orders and left 草稿, 待审核 at level 1, 待审核 at level 2, 已退回, and 已通过 (the business on to 尽调报告
// ·草稿). The checklist's files are stored-file rows named by a placeholder sha-256 (the seed does not know
// the file store's folder); the file module gives them real bytes when it starts (file/seeded-contents.ts).
// It runs after the business and pre-credit seeds (`after`); the seeded business at 融资申请·草稿 is left
// without an application, for 新增.
import { fenFromWire, fenToWire } from '../../../../src/domain/decimal/wire-fen';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { dateBefore, daysBefore } from './seed-days';
import type { Kysely } from 'kysely';
import { addConfirmedOrder } from '../../modules/financing-application/confirmed-orders';
import { ACCESS_DOC_TYPES, daysBetween, lineCap } from '../../../../src/domain/financing/financing-application-rules';
import { LIFECYCLE } from '../../../../src/domain/financing/lifecycle';
import { orderRatio } from '../../../../src/domain/financing/pre-credit-rules';
import { ROLE, ROLE_NAME } from '../../../../src/domain/financing/roles';
import { grantOf } from '../../../../src/domain/workflow/workflow';
import {
  applicationOrders,
  createFinancingApplicationDraft,
  limitsOf,
} from '../../modules/financing-application/store';
import { type Actor, createBusiness, reviseBusiness, transitionBusiness } from '../../modules/business/aggregate';
import { insertFiles } from '../../modules/file/repository';
import { SEEDED_PLACEHOLDER_SHA256 } from '../../modules/file/seeded-contents';
import { newId } from '../../ids';
import { createPreCreditDraft } from '../../modules/pre-credit/store';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg } from './demo-seed';

const OPERATOR_ID = '1300000000000000002';
const ALL_GRANTS = new Set(LIFECYCLE.transitions.filter((t) => t.menu).map((t) => grantOf(t)));

function actorAs(userId: string, userName: string, role: string): Actor {
  const roleName = ROLE_NAME[role as keyof typeof ROLE_NAME] ?? role;
  return {
    userId,
    userName,
    roles: new Set([role]),
    roleName,
    roleNames: new Map([[role, roleName]]),
    supplierId: null,
    grants: ALL_GRANTS,
  };
}

async function memberOf(db: Kysely<Database>, role: string): Promise<Actor | null> {
  const row = await db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.role_id', 'ur.role_id')
    .innerJoin('app_user as u', 'u.user_id', 'ur.user_id')
    .select(['u.user_id', 'u.nick_name'])
    .where('r.tenant_id', '=', DEMO_TENANT_ID)
    .where('r.role_code', '=', role)
    .where('u.status', '=', 'ENABLED')
    .orderBy('u.user_id')
    .executeTakeFirst();
  return row ? actorAs(row.user_id, row.nick_name, role) : null;
}

/** Days from the seed to the due dates of the applications' nine orders, a month or so apart. */
const DUE_IN_DAYS = [102, 134, 165, 197, 228, 260, 292, 323, 355];

export type FinancingApplicationTarget = 'DRAFT' | 'PENDING_1' | 'PENDING_2' | 'RETURNED' | 'APPROVED';
// The last six are approved too: the report seed walks them on through 尽调报告 (report.seed.ts).
const PLAN: FinancingApplicationTarget[] = [
  'DRAFT',
  'PENDING_1',
  'PENDING_2',
  'RETURNED',
  'APPROVED',
  ...Array<FinancingApplicationTarget>(6).fill('APPROVED'),
];

/** The seeds whose rows this one needs: the reviewers, the demands' businesses and their suppliers' orders. */
export const after = ['assets', 'business', 'workflow-demands', 'params-funds'];

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  // Once: a second run of the demo seed adds nothing.
  const done = await db
    .selectFrom('financing_application')
    .select('application_id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const walk = await financingApplicationWalkOf(db, now);
  if (!walk) return;
  const { supplierId } = walk;
  // Orders due three to twelve months on for these applications (the assets seed's fall due within five weeks).
  // The last three for the applications the report seed walks on, so the first five's orders stay as they were.
  for (let k = 0; k < 9; k++) {
    await addConfirmedOrder(db as never, {
      tenantId: DEMO_TENANT_ID,
      supplierId,
      orderNo: `FKHD2027${String(k + 1).padStart(4, '0')}`,
      amount: (1_200_000 + k * 350_000) * 100,
      dueDate: dateBefore(now, -DUE_IN_DAYS[k]!),
      now: daysBefore(now, 16, 9),
    });
  }

  for (const [i, target] of PLAN.entries())
    await walkFinancingApplication(db, walk, i, target, daysBefore(now, 14 - i, 9));
}

/** Who walks an application and on whose orders (the seed's people, the demo supplier 华东建材). */
export interface FinancingApplicationWalk {
  reviewer: Actor;
  risk: Actor;
  operator: Actor;
  supplierId: string;
  supplierName: string;
  /** Today in Asia/Shanghai: the orders picked have 45 days of life left. */
  today: string;
  /** The capital side the supplier consented for, and one of its products (BUSINESS.md §2: chosen here). */
  product: { product_id: string; capital_side_id: string } | undefined;
}

/** The seeded reviewers, the operator and the demo supplier; null before the people are seeded. */
export async function financingApplicationWalkOf(
  db: Kysely<Database>,
  now: Date,
): Promise<FinancingApplicationWalk | null> {
  const reviewer = await memberOf(db, ROLE.BIZ_REVIEWER);
  const risk = await memberOf(db, ROLE.RISK);
  if (!reviewer || !risk) return null;
  const supplierId = DemoOrg.huadongBuildingMaterials;
  const supplier = await db
    .selectFrom('organization')
    .select('org_name')
    .where('org_id', '=', supplierId)
    .executeTakeFirst();
  const product = await db
    .selectFrom('fund_product' as never)
    .select(['product_id' as never, 'capital_side_id' as never])
    .where('tenant_id' as never, '=', DEMO_TENANT_ID as never)
    .where('product_code' as never, '=', 'ICBC-SCF-01' as never)
    .executeTakeFirst()
    .then((r) => r as unknown as { product_id: string; capital_side_id: string } | undefined);
  return {
    reviewer,
    risk,
    operator: actorAs(OPERATOR_ID, '业务经办', ROLE.OPERATOR),
    supplierId,
    supplierName: supplier?.org_name ?? '',
    today: businessDay(now),
    product,
  };
}

/**
 * One business of the demo supplier walked from its pre-credit to `target` of its 融资申请 by the seeded
 * people, on orders with room left (the `i`th of the plan picks which), starting `at`. Answers the business, or
 * null when no order has room (or the caps refuse the sum).
 */
export async function walkFinancingApplication(
  db: Kysely<Database>,
  walk: FinancingApplicationWalk,
  i: number,
  target: FinancingApplicationTarget,
  at: Date,
): Promise<string | null> {
  const { reviewer, risk, operator, supplierId, today } = walk;
  const later = (hours: number) => new Date(at.getTime() + hours * 3600_000);
  // Orders with room left and the 30 days of life the rule asks for, one or two per application.
  const orders = (await applicationOrders(db as never, DEMO_TENANT_ID, {}, { supplierId }, at)).filter(
    (o) =>
      o.confirmStatus === 'CONFIRMED' &&
      !o.locked &&
      o.eligibleAmount >= 2_000_00 &&
      daysBetween(today, o.dueDate) >= 45,
  );
  const picked =
    i < 5
      ? orders.slice(i % 3, (i % 3) + (i % 2) + 1)
      : orders.filter((o) => o.orderNo === `FKHD2027${String(7 + (i % 3)).padStart(4, '0')}`);
  if (picked.length === 0) return null;
  const limits = await limitsOf(db, DEMO_TENANT_ID, { keyId: '' }, at);
  // Half of each order's cap, in whole 元; the pre-credit approves exactly their sum.
  const lines = picked.map((o) => ({
    orderId: o.orderId,
    financeAmount: fenToWire((lineCap(o.eligibleAmount, orderRatio(o, limits.ratio)) / 200n) * 100n),
  }));
  const total = lines.reduce((s, l) => s + fenFromWire(l.financeAmount), 0n);
  const capped = limits.singleMax !== null && total > limits.singleMax;
  if (capped || total <= 0n) return null;

  const business = await createBusiness(db, {
    tenantId: DEMO_TENANT_ID,
    supplierId,
    projectCompanyId: null,
    ownerId: OPERATOR_ID,
    applyAmount: total,
    actor: operator,
    now: at,
  });
  await createPreCreditDraft(db, {
    tenantId: DEMO_TENANT_ID,
    businessId: business.keyId,
    applyAmount: total,
    basisOrderIds: picked.map((o) => o.orderId),
    userId: OPERATOR_ID,
    now: at,
  });
  let version = 1;
  const move = async (actor: Actor, action: string, hours: number, comment?: string) => {
    const row = await transitionBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: business.keyId,
      actor,
      action,
      version,
      comment,
      now: later(hours),
    });
    version = row.version;
  };
  await move(operator, 'submit', 1, '申请预授信');
  await move(reviewer, 'approve', 2, '付款单已确权，同意');
  await move(risk, 'approve', 3, '额度在可融资范围内，同意');
  await db
    .updateTable('pre_credit')
    .set({ approved_amount: total })
    .where('business_id', '=', business.keyId)
    .execute();

  await createFinancingApplicationDraft(db, {
    tenantId: DEMO_TENANT_ID,
    businessId: business.keyId,
    userId: OPERATOR_ID,
    now: later(4),
  });
  const files = ACCESS_DOC_TYPES.filter((t) => t.required).map((t) => ({
    keyId: newId(later(4)),
    tenantId: DEMO_TENANT_ID,
    fileName: `${t.label.replace(/[（）/]/g, '')}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    size: 0,
    sha256: SEEDED_PLACEHOLDER_SHA256,
    subSys: 'business',
    module: 'financingApplication',
    createdBy: OPERATOR_ID,
    createdAt: later(4),
    docType: t.code,
  }));
  // The draft still lacks its last required document, so 提交 on it says what is missing.
  const stored = target === 'DRAFT' ? files.slice(0, -1) : files;
  await insertFiles(
    db,
    stored.map(({ docType: _t, ...f }) => f),
  );
  await db
    .updateTable('stored_file')
    .set({ business_type: 'financingApplication', business_id: business.keyId })
    .where(
      'key_id',
      'in',
      stored.map((f) => f.keyId),
    )
    .execute();
  await db
    .updateTable('financing_application')
    .set({
      term_days: 90 + 30 * (i % 3),
      repayment_source: i % 2 ? 'SUPPLIER_BUYBACK' : 'PROJECT_COMPANY',
      payee_bank: '中国工商银行上海浦东支行',
      payee_account: `62220210010${String(4_000_000 + i * 7919).padStart(8, '0')}`,
      lines: JSON.stringify(lines),
      // Each document valid some thirteen months on from the day the application was made.
      docs: JSON.stringify(
        stored.map((f) => ({ docType: f.docType, fileIds: [f.keyId], validTo: dateBefore(at, -400) })),
      ),
      total_amount: total,
      updated_at: later(5),
    })
    .where('application_id', '=', business.keyId)
    .execute();
  if (walk.product) {
    await reviseBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: business.keyId,
      version,
      states: ['APPLICATION/DRAFT'],
      actor: operator,
      now: later(5),
      set: { capitalSideId: walk.product.capital_side_id, productId: walk.product.product_id },
    });
    version += 1;
  }
  if (target === 'DRAFT') return business.keyId;
  await move(operator, 'submit', 6, `${walk.supplierName}融资申请，请审核`);
  if (target === 'PENDING_1') return business.keyId;
  if (target === 'RETURNED') {
    await move(reviewer, 'return', 8, '确权凭证与付款单金额不一致，请核对后重新提交');
    return business.keyId;
  }
  await move(reviewer, 'approve', 8, '资料齐全，同意');
  if (target === 'PENDING_2') return business.keyId;
  await move(risk, 'approve', 10, '风险可控，同意进入尽调');
  return business.keyId;
}
