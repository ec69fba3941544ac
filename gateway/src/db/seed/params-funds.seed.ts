// Demo rows of 参数管理 and 资金方管理: three more capital sides beside the two banks of the core seed (a
// factoring company, a trust and a third bank), each with its side row (type, total limit, validity); a dozen
// products over the five; a parameter for every project company and for 远景地产(上海) (the city company
// 远景建设工程(杭州) is left without, for a user to add); and three versions of the summary parameters, the
// last in force. Amounts in 分, rates as exact decimal text. Idempotent: fixed ids, nothing overwritten.
import type { Kysely } from 'kysely';
import { describeChanges } from '../../../../src/domain/parameters/risk-summary.resource';
import type { ResourceForm } from '../../../../src/domain/resource/resource';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg } from './demo-seed';
import { demoCreditCode } from './organization-seed';
import { dateBefore, daysBefore, storyDaysBefore } from './seed-days';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

const WAN = 1_000_000; // 1 万元 in 分
const YI = 10_000 * WAN; // 1 亿元 in 分
/** The story's next year is 2027, not a leap year. */
const YEAR_DAYS = 365;

/** The capital sides this seed adds (organisation rows of type CAPITAL_SIDE), after the core seed's two banks. */
export const MORE_CAPITAL_SIDES = [
  { orgId: '1100000000000000231', name: '远景商业保理(深圳)有限公司', region: '440300', sortNo: 23 },
  { orgId: '1100000000000000232', name: '华润深国投信托有限公司', region: '440300', sortNo: 24 },
  { orgId: '1100000000000000233', name: '中国建设银行股份有限公司苏州分行', region: '320500', sortNo: 25 },
] as const;

/** Each capital side's cooperation lasts the given days beyond the seed (validInDays). */
const SIDES: { orgId: string; type: string; totalLimit: number; validInDays: number }[] = [
  { orgId: DemoOrg.icbcShanghai, type: 'BANK', totalLimit: 50 * YI, validInDays: 398 },
  { orgId: DemoOrg.cmbHangzhou, type: 'BANK', totalLimit: 30 * YI, validInDays: 214 },
  { orgId: MORE_CAPITAL_SIDES[0].orgId, type: 'FACTORING', totalLimit: 10 * YI, validInDays: 398 },
  { orgId: MORE_CAPITAL_SIDES[1].orgId, type: 'TRUST', totalLimit: 20 * YI, validInDays: 489 },
  { orgId: MORE_CAPITAL_SIDES[2].orgId, type: 'BANK', totalLimit: 40 * YI, validInDays: 306 },
];

type Product = [
  side: number,
  code: string,
  name: string,
  min: string,
  max: string,
  quotaYi: number,
  terms: [number, number],
  methods: string,
];
const PRODUCTS: Product[] = [
  [0, 'ICBC-SCF-01', '工行e信通应收账款融资', '0.0380', '0.0550', 20, [30, 360], 'BULLET,INTEREST_FIRST'],
  [0, 'ICBC-SCF-02', '工行保理池融资', '0.0400', '0.0600', 15, [90, 360], 'INTEREST_FIRST,EQUAL_PRINCIPAL'],
  [0, 'ICBC-SCF-03', '工行工程款快贷', '0.0420', '0.0650', 8, [30, 180], 'BULLET'],
  [1, 'CMB-SCF-01', '招行付款代理融资', '0.0395', '0.0580', 12, [30, 360], 'BULLET,INTEREST_FIRST'],
  [1, 'CMB-SCF-02', '招行有追索权保理', '0.0450', '0.0680', 10, [60, 360], 'EQUAL_INSTALLMENT,EQUAL_PRINCIPAL'],
  [2, 'YJBL-01', '远景保理应收账款转让', '0.0600', '0.0950', 5, [30, 180], 'BULLET'],
  [2, 'YJBL-02', '远景保理反向保理', '0.0650', '0.1050', 3, [30, 360], 'BULLET,INTEREST_FIRST'],
  [3, 'CRT-TR-01', '华润信托供应链集合计划', '0.0700', '0.1100', 10, [180, 360], 'INTEREST_FIRST'],
  [3, 'CRT-TR-02', '华润信托应收账款收益权', '0.0750', '0.1200', 6, [90, 360], 'INTEREST_FIRST,BULLET'],
  [4, 'CCB-SCF-01', '建行e点通融资', '0.0370', '0.0520', 18, [30, 360], 'BULLET,INTEREST_FIRST,EQUAL_INSTALLMENT'],
  [4, 'CCB-SCF-02', '建行建工保理', '0.0410', '0.0590', 10, [60, 270], 'EQUAL_PRINCIPAL'],
  [4, 'CCB-SCF-03', '建行订单融资', '0.0430', '0.0620', 4, [30, 120], 'BULLET'],
];
export const SEEDED_PRODUCT_COUNT = PRODUCTS.length;

/** The summary parameters' versions, oldest first; the last is in force. */
const SUMMARY_VERSIONS: ResourceForm[] = [
  {
    supplierMaxExposure: 5_000 * WAN,
    supplierMaxShare: '0.2000',
    projectCompanyMaxExposure: 3 * YI,
    groupTotalQuota: 100 * YI,
    maxFinancingRatio: '0.8000',
    maxTermDays: 360,
    graceDays: 15,
    minRemainingDays: 30,
    overdueWarnDays: 7,
    supplierConcentrationWarnPct: '0.1500',
    projectCompanyConcentrationWarnPct: '0.3000',
  },
];
SUMMARY_VERSIONS.push({ ...SUMMARY_VERSIONS[0]!, groupTotalQuota: 120 * YI, overdueWarnDays: 5 });
SUMMARY_VERSIONS.push({ ...SUMMARY_VERSIONS[1]!, projectCompanyMaxExposure: 4 * YI, maxFinancingRatio: '0.8500' });
export const SEEDED_SUMMARY_VERSIONS = SUMMARY_VERSIONS.length;

const columnsOfSummary = (v: ResourceForm) => ({
  supplier_max_exposure: v.supplierMaxExposure,
  supplier_max_share: v.supplierMaxShare,
  project_company_max_exposure: v.projectCompanyMaxExposure,
  group_total_quota: v.groupTotalQuota,
  max_financing_ratio: v.maxFinancingRatio,
  max_term_days: v.maxTermDays,
  grace_days: v.graceDays,
  min_remaining_days: v.minRemainingDays,
  overdue_warn_days: v.overdueWarnDays,
  supplier_concentration_warn_pct: v.supplierConcentrationWarnPct,
  project_company_concentration_warn_pct: v.projectCompanyConcentrationWarnPct,
});

export async function seed(database: Kysely<Database>, now: Date): Promise<void> {
  const db = database as unknown as AnyDb;
  const tenantId = DEMO_TENANT_ID;
  // The year's dates, told by month and day up to 28 November (seed-days.ts), at 10:00.
  const at = (month: number, day: number) => daysBefore(now, storyDaysBefore(month, day), 10);
  const date = (month: number, day: number) => dateBefore(now, storyDaysBefore(month, day));
  const validTo = (side: (typeof SIDES)[number]) => dateBefore(now, -side.validInDays);
  const admin = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('user_name', '=', 'admin')
    .executeTakeFirst();
  const actor = admin ? String(admin.user_id) : null;

  await db
    .insertInto('organization')
    .values(
      MORE_CAPITAL_SIDES.map((s, i) => ({
        org_id: s.orgId,
        tenant_id: tenantId,
        parent_id: DemoOrg.group,
        org_name: s.name,
        org_type: 'CAPITAL_SIDE',
        gys_id: null,
        data_auth_state: null,
        sort_no: s.sortNo,
        credit_code: demoCreditCode(s.region, 9_100 + i),
        contact_name: ['周海涛', '孙雅琴', '钱立新'][i],
        contact_mobile: `1391000${String(7_001 + i).padStart(4, '0')}`,
        address: ['深圳市南山区科技园南区', '深圳市福田区中心四路', '苏州市工业园区苏州大道东'][i],
        created_at: at(1, 2),
        updated_at: at(1, 2),
      })),
    )
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();

  await db
    .insertInto('capital_side')
    .values(
      SIDES.map((s) => ({
        org_id: s.orgId,
        tenant_id: tenantId,
        side_type: s.type,
        total_limit: s.totalLimit,
        valid_to: validTo(s),
        created_at: at(1, 2),
        updated_at: at(1, 2),
      })),
    )
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();

  await db
    .insertInto('fund_product')
    .values(
      PRODUCTS.map(([side, code, name, min, max, quotaYi, [termMin, termMax], methods], i) => {
        const made = at(1 + (i % 9), 5 + i);
        return {
          product_id: `${tenantId.slice(0, 4)}FP${String(i + 1).padStart(6, '0')}`,
          tenant_id: tenantId,
          capital_side_id: SIDES[side]!.orgId,
          product_code: code,
          product_name: name,
          min_rate: min,
          max_rate: max,
          service_fee_rate: ['0.0030', '0.0050', '0.0100', '0.0080'][i % 4],
          quota: quotaYi * YI,
          term_min_days: termMin,
          term_max_days: termMax,
          max_financing_ratio: side >= 2 ? '0.8500' : '0.8000',
          day_count_basis: side === 3 ? '365' : '360',
          repayment_methods: methods,
          interest_mode: side === 2 ? 'FRONT' : 'BACK',
          grace_days: side >= 2 ? 10 : 15,
          penalty_markup: '0.5000',
          early_repay_fee_rate: side >= 2 ? '0.0050' : '0.0000',
          valid_from: date(1, 1),
          valid_to: validTo(SIDES[side]!),
          status: i === 11 ? 'DISABLED' : 'ENABLED',
          status_reason: i === 11 ? '资金方暂停该产品投放' : null,
          created_by: actor,
          version: 1,
          created_at: made,
          updated_at: made,
        };
      }),
    )
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();

  const subsidiaries = await db
    .selectFrom('organization')
    .select(['org_id', 'org_type'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('org_type', '=', 'PROJECT_COMPANY'), eb('org_id', '=', DemoOrg.shanghaiRealEstate)]))
    .orderBy('sort_no')
    .orderBy('org_id')
    .execute();
  const taken = new Set(
    (
      await db.selectFrom('subsidiary_parameter').select('subsidiary_id').where('tenant_id', '=', tenantId).execute()
    ).map((r) => String(r.subsidiary_id)),
  );
  const params = subsidiaries
    .filter((o) => !taken.has(String(o.org_id)))
    .map((o, i) => {
      const city = o.org_type === 'SUBSIDIARY';
      const made = at(1, 6 + i);
      return {
        param_id: `${tenantId.slice(0, 4)}SP${String(o.org_id).slice(-6)}`,
        tenant_id: tenantId,
        subsidiary_id: o.org_id,
        single_max_amount: (city ? 3_000 : [1_000, 2_000, 1_500, 3_000][i % 4]!) * WAN,
        max_financing_ratio: city ? '0.8500' : ['0.8000', '0.7500', '0.8000', '0.7000'][i % 4],
        max_term_days: city ? 360 : [360, 270, 180, 360][i % 4],
        annual_quota: (city ? 20 : [5, 8, 3, 6][i % 4]!) * YI,
        effective_from: date(1, 1),
        // To the end of the story's next year, not its own: its year ends a month after the seed, and a demo
        // left running would lose every subsidiary's cap with it.
        effective_to: dateBefore(now, storyDaysBefore(12, 31) - YEAR_DAYS),
        status: i === 5 ? 'DISABLED' : 'ENABLED',
        created_by: actor,
        version: 1,
        created_at: made,
        updated_at: made,
      };
    });
  if (params.length > 0) {
    await db
      .insertInto('subsidiary_parameter')
      .values(params)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const hasSummary = await db
    .selectFrom('risk_summary_parameter')
    .select('param_id')
    .where('tenant_id', '=', tenantId)
    .limit(1)
    .executeTakeFirst();
  if (!hasSummary) {
    const dates = [at(1, 2), at(5, 18), at(9, 1)];
    await db
      .insertInto('risk_summary_parameter')
      .values(
        SUMMARY_VERSIONS.map((v, i) => ({
          param_id: `${tenantId.slice(0, 4)}RS${String(i + 1).padStart(6, '0')}`,
          tenant_id: tenantId,
          version: i + 1,
          ...columnsOfSummary(v),
          change_summary: describeChanges(i === 0 ? null : SUMMARY_VERSIONS[i - 1]!, v),
          approved_by: actor,
          approved_at: dates[i]!,
          status: i === SUMMARY_VERSIONS.length - 1 ? 'ACTIVE' : 'SUPERSEDED',
          created_at: dates[i]!,
          updated_at: dates[i]!,
        })),
      )
      .execute();
  }
}
