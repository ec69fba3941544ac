// Demo 尽调报告 (stage 3): the report pages' grants of 风控经理 and 风控负责人 (reportPagesOf, upserted on every
// start), and — once — the businesses the application seed approved into 尽调报告·草稿 walked on through the
// aggregate by the seeded people: risk1 (陈静) saves the steps one by one and submits, risk2 (孙浩) reviews
// level 1, riskhead (赵立新) level 2. They are left: one with no report yet (for the stepper), one 草稿 with
// three steps saved, 待审核 at level 1, at level 2, 已退回 (revision 2 open, revision 1 kept), and two
// 已通过 — on to 评审会·待上会, the secretary's agenda candidates.
import type { Kysely } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { ratioLimit, termRange } from '../../../../src/domain/financing/financing-terms';
import { LIFECYCLE } from '../../../../src/domain/financing/lifecycle';
import { REPORT_STEPS, type ReportStepKey, type StepContent } from '../../../../src/domain/financing/report';
import { reportPagesOf, termsBoundsOf } from '../../../../src/domain/financing/report-stage';
import { wireFen } from '../../stage/stage-money';
import { ROLE, ROLE_NAME, type RoleCode } from '../../../../src/domain/financing/roles';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { grantOf } from '../../../../src/domain/workflow/workflow';
import { type Actor, loadBusiness, reviseBusiness, transitionBusiness } from '../../modules/business/aggregate';
import { LIFECYCLE_ACCOUNTS, LifecycleRole } from '../../modules/business/seed';
import { reportBounds, saveStep } from '../../modules/report/store';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg, catalogueMenus } from './demo-seed';
import { dateBefore, daysBefore } from './seed-days';

/** The businesses it walks on are the application seed's; the roles are the business seed's. */
export const after = ['business', 'workflow-financing-application'];

const ALL_GRANTS = new Set(LIFECYCLE.transitions.filter((t) => t.menu).map((t) => grantOf(t)));

function person(userName: string): Actor {
  const a = LIFECYCLE_ACCOUNTS.find((x) => x.userName === userName);
  if (!a) throw new Error(`no seeded person ${userName}`);
  const role = a.role as RoleCode;
  return {
    userId: a.userId,
    userName: a.nickName,
    roles: new Set([role]),
    roleName: ROLE_NAME[role],
    roleNames: new Map([[role, ROLE_NAME[role]]]),
    supplierId: null,
    grants: ALL_GRANTS,
  };
}

async function seedGrants(db: Kysely<Database>): Promise<void> {
  const menus = new Map(catalogueMenus().map((m) => [m.menu_id, m]));
  const menuRows: { role_id: string; menu_id: string }[] = [];
  const opRows: { role_id: string; menu_id: string; operation_code: string }[] = [];
  for (const role of [ROLE.RISK, ROLE.RISK_HEAD]) {
    const roleId = LifecycleRole[role];
    if (!roleId) continue;
    for (const [path, ops] of reportPagesOf(role)) {
      let menu = menus.get(menuIdForPath(path));
      if (!menu) continue;
      for (const op of ops) {
        if (menu.ops.includes(op)) opRows.push({ role_id: roleId, menu_id: menu.menu_id, operation_code: op });
      }
      // A hidden page brings the list it belongs to, so the menu leads there.
      menuRows.push({ role_id: roleId, menu_id: menu.menu_id });
      while (menu?.hidden && menus.get(menu.parent_id)?.isRoute) {
        menu = menus.get(menu.parent_id);
        if (menu) menuRows.push({ role_id: roleId, menu_id: menu.menu_id });
      }
    }
  }
  await db
    .insertInto('role_menu')
    .values([...new Map(menuRows.map((r) => [`${r.role_id} ${r.menu_id}`, r])).values()])
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  await db
    .insertInto('role_menu_operation')
    .values(opRows)
    .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
    .execute();
}

/** 万元 → 分. */
const wan = (n: number) => n * 1_000_000;

/**
 * The eight steps of a report on 华东建材 written on `at`, its figures varied by `k`, its proposal within
 * `limits`: the visit that month, the statements of the last year-end, a credit report five weeks old.
 */
function stepsFor(k: number, proposal: StepContent, at: Date): Record<ReportStepKey, StepContent> {
  const scale = 1 + k * 0.1;
  const [year, month] = businessDay(at).split('-').map(Number) as [number, number];
  const w = (n: number) => wan(Math.round(n * scale));
  return {
    CUSTOMER: {
      profile: '华东建材有限公司成立于2012年，注册资本5000万元，主营商品混凝土与预拌砂浆，华东地区产能排名前列。',
      shareholders: '实际控制人王建国持股70%，员工持股平台持股30%',
      mainBusiness: '商品混凝土、预拌砂浆、装配式构件',
      cooperation: `与远景地产合作${5 + (k % 3)}年，年供货约${8000 + k * 500}万元，无质量纠纷`,
      interview: `${year}年${month}月实地走访搅拌站两处，生产正常，访谈财务负责人及实际控制人。`,
    },
    FINANCIALS: {
      statementDate: `${year - 1}-12-31`,
      audited: k % 2 ? 'NO' : 'YES',
      totalAssets: w(20_000),
      currentAssets: w(12_000),
      inventory: w(3_000),
      receivables: w(6_000),
      totalLiabilities: w(12_500),
      currentLiabilities: w(8_000),
      equity: w(7_500),
      revenue: w(30_000),
      previousRevenue: w(25_000),
      costOfSales: w(25_500),
      netProfit: w(1_200),
      operatingCashFlow: w(k % 2 ? 600 : -400),
      investingCashFlow: w(-1_000),
      financingCashFlow: w(900),
    },
    INDICATORS: { analysis: '资产负债率处于行业中等水平，流动比率尚可；经营现金流受回款节奏影响波动，需关注。' },
    CREDIT: {
      creditReportDate: dateBefore(at, 36),
      outstandingDebt: w(5_000),
      guaranteeBalance: w(800),
      overdue: 'NONE',
      adverse: 'NONE',
      creditSummary: '征信记录正常，无逾期及不良记录',
    },
    COUNTERPARTY: {
      counterpartyStanding: 'GOOD',
      paymentCapacity: '项目公司为远景地产全资子公司，项目销售回款良好',
      paymentHistory: '近三年按合同约定期限付款，无拖欠',
      confirmation: '付款确认书已由项目公司盖章签回',
    },
    JUDICIAL: {
      judgments: '近三年买卖合同纠纷2起，均为原告，已结案',
      courtNotices: '无',
      hearingNotices: '无',
      dishonest: 'NONE',
      judicialSummary: '无重大涉诉，无失信被执行记录',
    },
    RATING: { riskRating: k % 3 === 0 ? 'A' : 'B', ratingBasis: '规模适中、回款稳定、核心企业付款能力强' },
    PROPOSAL: proposal,
  };
}

export type ReportTarget = 'NONE' | 'DRAFT' | 'PENDING_1' | 'PENDING_2' | 'RETURNED' | 'APPROVED';
const PLAN: ReportTarget[] = ['NONE', 'DRAFT', 'PENDING_1', 'PENDING_2', 'RETURNED', 'APPROVED', 'APPROVED'];

export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedGrants(db);
  // Once: a report already made means the walk was done (or a person made one since).
  const done = await db
    .selectFrom('due_diligence_report')
    .select('report_id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const waiting = await db
    .selectFrom('financing_business')
    .select('business_id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .where('supplier_id', '=', DemoOrg.huadongBuildingMaterials)
    .where('state', '=', 'REPORT/DRAFT')
    .where('deleted', '=', false)
    .orderBy('business_no')
    .execute();
  for (const [k, target] of PLAN.entries()) {
    const id = waiting[k]?.business_id;
    // Three days before the seed, from 09:00, an hour apart.
    if (id) await walkReport(db, id, k, target, daysBefore(now, 3, 9 + k));
  }
}

/**
 * A business at 尽调报告·草稿 walked on by the seeded people from `at`: risk1 (陈静) saves the steps (three for a
 * draft) and submits, risk2 (孙浩) reviews level 1, riskhead (赵立新) level 2 — returning it, or approving it on
 * to 评审会·待上会. `k` varies the report's figures.
 */
export async function walkReport(
  db: Kysely<Database>,
  id: string,
  k: number,
  target: ReportTarget,
  at: Date,
): Promise<void> {
  const risk1 = person('risk1');
  const risk2 = person('risk2');
  const head = person('riskhead');
  if (target === 'NONE') return;
  const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
  let business = await loadBusiness(db, DEMO_TENANT_ID, id);
  const bounds = await reportBounds(db, DEMO_TENANT_ID, business, at);
  const limits = bounds ? termsBoundsOf(bounds) : null;
  const proposal: StepContent = {
    proposedAmount: wireFen(business.applyAmount),
    proposedRate: bounds?.product.maxRate ?? '0.0600',
    proposedTermDays: limits ? Math.min(180, termRange(limits).max) : 180,
    proposedFinancingRatio: limits ? ratioLimit(limits) : '0.8000',
    proposedRepaymentMethod: bounds?.product.repaymentMethods[0] ?? 'BULLET',
    guarantees: '实际控制人王建国承担连带责任保证',
    proposedConditions: '放款前项目公司签回付款确认书\n应收账款转让通知书送达并取得回执',
    conclusion: k % 2 ? 'RECOMMEND' : 'CONDITIONAL',
  };
  const steps = stepsFor(k, proposal, at);
  const keys = target === 'DRAFT' ? REPORT_STEPS.slice(0, 3).map((s) => s.key) : REPORT_STEPS.map((s) => s.key);
  for (const [n, key] of keys.entries()) {
    // The seed runs in one transaction: each save is the stepper's (the step, then the business's version).
    await saveStep(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: id,
      actor: risk1,
      now: later(n * 5),
      key,
      content: steps[key],
    });
    await reviseBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: id,
      version: business.version,
      states: ['REPORT/DRAFT', 'REPORT/RETURNED'],
      actor: risk1,
      now: later(n * 5),
    });
    business = await loadBusiness(db, DEMO_TENANT_ID, id);
  }
  if (target === 'DRAFT') return;
  const move = async (actor: Actor, action: string, minutes: number, comment?: string) => {
    business = await transitionBusiness(db, {
      tenantId: DEMO_TENANT_ID,
      businessId: id,
      actor,
      action,
      version: business.version,
      comment,
      now: later(minutes),
    });
  };
  await move(risk1, 'submit', 45, '尽调完成，提请审核');
  if (target === 'PENDING_1') return;
  await move(risk2, 'approve', 60, '调查充分，方案在限额内，同意');
  if (target === 'PENDING_2') return;
  if (target === 'RETURNED') {
    await move(head, 'return', 75, '请补充项目公司近一年付款明细及应收账款账龄分析');
    return;
  }
  await move(head, 'approve', 75, '同意提交评审会');
}
