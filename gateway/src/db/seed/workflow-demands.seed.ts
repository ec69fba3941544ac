// Demo rows of 融资需求 and 预授信 in the demo tenant, over its four suppliers: fifteen demands (待受理, 已受理 —
// each with its business and pre-credit draft —, 已关闭) and ten pre-credits in every status. The businesses are
// made and moved by the aggregate itself (createBusiness, transitionBusiness), so their events, review
// snapshots and versions are what the screens would have made; 已失效 is the system's move, as the daily job
// makes it once a draft's validity has lapsed. The demo supplier 华东建材 is given the data-query consent the Decisions
// promise (one capital side; 恒固钢铁's came with the business seed), so that their demands can be accepted.
// Idempotent: nothing is written when the tenant already has a demand. It runs after the risk
// area's seed (whose locks it lifts for the two demo suppliers it moves) and the business area's (whose
// reviewers it needs to submit and review).
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { dateBefore, daysBefore } from './seed-days';
import type { Kysely } from 'kysely';
import { LIFECYCLE } from '../../../../src/domain/financing/lifecycle';
import { ROLE, ROLE_NAME } from '../../../../src/domain/financing/roles';
import { grantOf } from '../../../../src/domain/workflow/workflow';
import {
  type Actor,
  createBusiness,
  nextDocumentNo,
  systemActor,
  transitionBusiness,
} from '../../modules/business/aggregate';
import { addConfirmedOrder } from '../../modules/financing-application/confirmed-orders';
import { createPreCreditDraft, eligibleOrders } from '../../modules/pre-credit/store';
import { withOrderCaps } from '../../stage/stage-orders';
import { financingRatio, preCreditCeiling } from '../../../../src/domain/financing/pre-credit-rules';
import { newId } from '../../ids';
import '../../modules/demand/tables';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg } from './demo-seed';
import { ensureConsent } from '../../modules/business/seed';

const OPERATOR_ID = '1300000000000000002';
const SUPPLIER_USER_ID = '1300000000000000003';
const SUPPLIERS = [
  DemoOrg.huadongBuildingMaterials,
  DemoOrg.hengguSteel,
  DemoOrg.lvyuanLandscape,
  DemoOrg.shentongMechanical,
];
const COMPANIES = [
  DemoOrg.shanghaiRealEstate,
  DemoOrg.hangzhouConstruction,
  DemoOrg.suzhouProject,
  DemoOrg.nanjingProject,
];
const PURPOSES = [
  '支付钢材采购款',
  '支付水泥及砂石采购款',
  '补充园林工程流动资金',
  '支付机电设备采购款',
  '支付工人工资及分包款',
];
const CONTACTS: Array<[string, string]> = [
  ['王建国', '13800000003'],
  ['李志强', '13912345678'],
  ['陈晓燕', '13788889999'],
  ['赵德明', '13655556666'],
];
const CLOSE_REASONS = ['供应商暂无融资需要', '重复提交的需求', '项目公司未确认应收账款'];

/** Every lifecycle grant: the seed acts as the named people, whose roles the table still checks. */
const ALL_GRANTS = new Set(LIFECYCLE.transitions.filter((t) => t.menu).map((t) => grantOf(t)));

function actorAs(userId: string, userName: string, role: string, supplierId: string | null = null): Actor {
  const roleName = ROLE_NAME[role as keyof typeof ROLE_NAME] ?? role;
  return {
    userId,
    userName,
    roles: new Set([role]),
    roleName,
    roleNames: new Map([[role, roleName]]),
    supplierId,
    grants: ALL_GRANTS,
  };
}

/** The first enabled member of a role in the tenant, as an actor; null when the role has none yet. */
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

/** The seeds whose rows this one needs: the risk area's locks, the business area's reviewers. */
export const after = ['business', 'risk-crm'];

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  const any = db;
  /** `n` Beijing days before the seed, at `hour` (seed-days.ts): the demands came in over the last four weeks. */
  const day = (n: number, hour = 10) => daysBefore(now, n, hour);
  const seeded = await db
    .selectFrom('financing_demand')
    .select('demand_id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .limit(1)
    .executeTakeFirst();
  if (seeded) return;

  await ensureConsent(db, {
    supplierId: DemoOrg.huadongBuildingMaterials,
    userId: SUPPLIER_USER_ID,
    capitalSideId: DemoOrg.icbcShanghai,
    at: day(27),
  });
  // The demo shows accepting and submitting; a lock seeded by the risk area would hide both. Lifted as the demo
  // starts: the risk area dates its locks back from that day, and a lock is not lifted before it was made.
  await any
    .updateTable('supplier_lock')
    .set({ status: 'UNLOCKED', unlock_reason: '演示数据：已核实', unlocked_at: now })
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('supplier_id', 'in', [DemoOrg.huadongBuildingMaterials, DemoOrg.hengguSteel])
    .where('status', '=', 'LOCKED')
    .execute();

  // Orders with the 30 days of life a pre-credit needs on the days these businesses are made (the assets
  // seed's fall due within five weeks of the seed), due after the ones the application seed adds: nine to
  // thirteen months on.
  for (const [s, supplierId] of [DemoOrg.huadongBuildingMaterials, DemoOrg.hengguSteel].entries()) {
    for (let k = 0; k < 4; k++) {
      await addConfirmedOrder(any, {
        tenantId: DEMO_TENANT_ID,
        supplierId,
        orderNo: `FK${s === 0 ? 'HD' : 'HG'}2027${String(101 + k).padStart(4, '0')}`,
        amount: (900_000 + k * 275_000 + s * 130_000) * 100,
        dueDate: dateBefore(now, -[288, 321, 355, 388][k]!),
        now: day(26),
      });
    }
  }

  const operator = actorAs(OPERATOR_ID, '业务经办', ROLE.OPERATOR);

  // 融资需求: 7 待受理, 5 已受理, 3 已关闭.
  const statuses = [...Array(7).fill('NEW'), ...Array(5).fill('ACCEPTED'), ...Array(3).fill('CLOSED')] as string[];
  for (const [i, status] of statuses.entries()) {
    const supplierId = status === 'ACCEPTED' ? SUPPLIERS[i % 2]! : SUPPLIERS[i % SUPPLIERS.length]!;
    const bySupplier = supplierId === DemoOrg.huadongBuildingMaterials;
    const at = day(25 - i, 9 + (i % 8));
    const id = newId(at);
    const amount = BigInt(50 + ((i * 37) % 450)) * 1_000_000n; // 50 万 – 500 万元, in 分
    const [contactName, contactPhone] = CONTACTS[i % CONTACTS.length]!;
    await db
      .insertInto('financing_demand')
      .values({
        demand_id: id,
        tenant_id: DEMO_TENANT_ID,
        demand_no: await nextDocumentNo(db, DEMO_TENANT_ID, 'demand', at),
        supplier_id: supplierId,
        project_company_id: i % 3 === 0 ? null : COMPANIES[i % COMPANIES.length]!,
        expected_amount: amount,
        expected_term_days: [90, 180, 120, 360, 60][i % 5]!,
        purpose: PURPOSES[i % PURPOSES.length]!,
        contact_name: contactName,
        contact_phone: contactPhone,
        source: bySupplier ? 'SUPPLIER' : 'OPERATOR',
        status: 'NEW',
        created_by: bySupplier ? SUPPLIER_USER_ID : OPERATOR_ID,
        created_at: at,
        updated_by: bySupplier ? SUPPLIER_USER_ID : OPERATOR_ID,
        updated_at: at,
        version: 1,
      })
      .execute();
    if (status === 'CLOSED') {
      await db
        .updateTable('financing_demand')
        .set({
          status: 'CLOSED',
          close_reason: CLOSE_REASONS[i % CLOSE_REASONS.length]!,
          updated_by: OPERATOR_ID,
          updated_at: day(24 - i),
          version: 2,
        })
        .where('demand_id', '=', id)
        .execute();
    }
    if (status === 'ACCEPTED') {
      const now = day(24 - i, 14);
      const business = await createBusiness(db, {
        tenantId: DEMO_TENANT_ID,
        supplierId,
        projectCompanyId: null,
        ownerId: OPERATOR_ID,
        applyAmount: amount,
        demandId: id,
        actor: operator,
        now,
        comment: '需求材料齐全，予以受理',
      });
      await createPreCreditDraft(db, {
        tenantId: DEMO_TENANT_ID,
        businessId: business.keyId,
        applyAmount: amount,
        basisOrderIds: [],
        userId: OPERATOR_ID,
        now,
      });
      await db
        .updateTable('financing_demand')
        .set({ status: 'ACCEPTED', business_id: business.keyId, updated_by: OPERATOR_ID, updated_at: now, version: 2 })
        .where('demand_id', '=', id)
        .execute();
    }
  }

  // 预授信 applied for directly (applyForRufs), on confirmed orders, moved through the aggregate.
  const reviewer = await memberOf(db, ROLE.BIZ_REVIEWER);
  const risk = await memberOf(db, ROLE.RISK);
  // 待审核 stays at level 1 here: the business area's seed holds the one business at level 2.
  const plan: string[] = [
    'DRAFT',
    'DRAFT',
    'PENDING',
    'PENDING',
    'RETURNED',
    'APPROVED',
    'APPROVED',
    'CANCELLED',
    'EXPIRED',
    'RETURNED',
  ];
  for (const [i, target] of plan.entries()) {
    const supplierId = i % 3 === 2 ? DemoOrg.hengguSteel : DemoOrg.huadongBuildingMaterials;
    const at = day(20 - i, 11);
    const offered = await eligibleOrders(any, DEMO_TENANT_ID, supplierId, null, businessDay(at));
    // Three quarters of the ceiling, each order at its own company's ratio, in whole 元: well within the rule.
    const cap = await withOrderCaps(db, DEMO_TENANT_ID, offered.slice(i % 3, (i % 3) + 2), null, day(20));
    const basis = cap.orders;
    const ceiling = preCreditCeiling(basis, financingRatio(null));
    const quarterOff = ((ceiling * 3n) / 400n) * 100n;
    const capped = cap.singleMax !== null && quarterOff > cap.singleMax ? cap.singleMax : quarterOff;
    const amount = capped > 100n ? capped : 100n;
    const bySupplier = supplierId === DemoOrg.huadongBuildingMaterials && i % 2 === 0;
    const maker = bySupplier ? actorAs(SUPPLIER_USER_ID, '华东建材-王建国', ROLE.SUPPLIER, supplierId) : operator;
    const business = await createBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      supplierId,
      projectCompanyId: basis[0]?.projectCompanyId ?? null,
      ownerId: maker.userId,
      applyAmount: amount,
      actor: maker,
      now: at,
    });
    await createPreCreditDraft(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: business.keyId,
      applyAmount: amount,
      basisOrderIds: basis.map((o) => o.orderId),
      // The one left to lapse is given three days, not ninety.
      validDays: target === 'EXPIRED' ? 3 : undefined,
      userId: maker.userId,
      now: at,
    });
    const move = (actor: Actor, action: string, version: number, hours: number, comment?: string) =>
      transitionBusiness(db, {
        tenantId: DEMO_TENANT_ID,
        businessId: business.keyId,
        actor,
        action,
        version,
        comment,
        now: new Date(at.getTime() + hours * 3600_000),
      });
    if (target === 'DRAFT' || basis.length === 0) continue;
    if (target === 'CANCELLED') {
      await move(operator, 'terminate', 1, 2, '供应商放弃本次融资');
      continue;
    }
    if (target === 'EXPIRED') {
      // The daily job's run after the draft's three days lapsed unsubmitted: the gateway itself moves it.
      await move(systemActor(), 'expire', 1, 62);
      continue;
    }
    // A submission needs a reviewer at each level; without them (no review roles seeded) it stays a draft.
    if (!reviewer || !risk) continue;
    const submitted = await move(maker, 'submit', 1, 1, '请审核');
    if (target === 'RETURNED') {
      await move(reviewer, 'return', submitted.version, 3, '请补充近一期财务报表');
    } else if (target === 'APPROVED') {
      const first = await move(reviewer, 'approve', submitted.version, 3, '付款单已确权，同意');
      const done = await move(risk, 'approve', first.version, 5, '额度在可融资范围内，同意');
      await db
        .updateTable('pre_credit')
        .set({ approved_amount: amount })
        .where('business_id', '=', done.keyId)
        .execute();
    }
  }
}
