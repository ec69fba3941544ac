// Demo rows for 监管账户, 风险检测, 供应商锁定 and 合同锁定: tens a list, naming the tenant's own suppliers,
// project companies and capital sides, amounts in 分. Every date counts back from the day the seed runs, as the
// demo businesses' do (business/seed.ts), so the demo reads the same whenever it is started: 绿源景观's lock,
// which the 融资申请 page warns of, is as old and as live on any day. Idempotent: fixed ids, nothing
// overwritten.
import type { Kysely } from 'kysely';
import { dateBefore, daysBefore } from '../../db/seed/seed-days';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

const BANKS = [
  '中国工商银行上海分行',
  '招商银行杭州分行',
  '中国建设银行苏州分行',
  '交通银行南京分行',
  '浦发银行上海静安支行',
  '兴业银行杭州钱江支行',
];
const CATEGORIES = [
  'JUDGMENT',
  'COURT_NOTICE',
  'HEARING_NOTICE',
  'DISHONEST',
  'ABNORMAL_OPERATION',
  'EQUITY_FREEZE',
  'OVERDUE',
  'ASSET_CHANGE',
];
const LEVELS = ['HINT', 'ATTENTION', 'WARNING', 'SEVERE'];
const SUMMARIES: Record<string, string> = {
  JUDGMENT: '新增建设工程施工合同纠纷判决一份，判决支付工程款',
  COURT_NOTICE: '法院公告送达起诉状副本，涉及买卖合同纠纷',
  HEARING_NOTICE: '开庭公告：承揽合同纠纷将于下月开庭',
  DISHONEST: '被列入失信被执行人名单',
  ABNORMAL_OPERATION: '因未按期公示年报被列入经营异常名录',
  EQUITY_FREEZE: '股东所持股权被司法冻结',
  OVERDUE: '付款单到期未回款，已逾期',
  ASSET_CHANGE: '付款单应收金额调减',
};
const LOCK_REASONS = [
  '涉诉金额较大，待法务核实',
  '被列入经营异常名录',
  '监管账户回款异常',
  '股权冻结待核查',
  '重大负面舆情待澄清',
  '逾期未回款',
];
const SCOPES = ['NEW_APPLICATION', 'LENDING', 'ALL'];

async function orgsOf(db: AnyDb, tenantId: string, type: string) {
  return db
    .selectFrom('organization')
    .select(['org_id', 'org_name'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', type)
    .orderBy('sort_no')
    .execute();
}

async function adminOf(db: AnyDb, tenantId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  return row ? String(row.user_id) : null;
}

export async function seed(db: AnyDb, tenantId: string, now: Date): Promise<void> {
  /** The i-th row of a list made every `step` days, counting back from today. */
  const day = (i: number, step: number) => daysBefore(now, i * step);
  const suppliers = await orgsOf(db, tenantId, 'SUPPLIER');
  const capitalSides = await orgsOf(db, tenantId, 'CAPITAL_SIDE');
  const projectCompanies = await orgsOf(db, tenantId, 'PROJECT_COMPANY');
  if (suppliers.length === 0) return;
  const actor = await adminOf(db, tenantId);
  const key = tenantId.slice(0, 4);
  const pick = <T>(list: T[], i: number) => list[i % list.length];

  const accounts = Array.from({ length: 24 }, (_, i) => {
    const supplier = pick(suppliers, i)!;
    const at = day(i, 5);
    return {
      account_id: `${key}SA${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      account_name: `${supplier.org_name}监管户${i >= suppliers.length ? `${Math.floor(i / suppliers.length) + 1}` : ''}`,
      account_no: `62220${key}${String(31_000_000_000 + i * 7_919_373).padStart(11, '0')}`,
      bank: BANKS[i % BANKS.length]!,
      supplier_id: supplier.org_id,
      capital_side_id: pick(capitalSides, i)?.org_id ?? null,
      balance: 1_000_000_00 + ((i * 7_368_911_00) % 90_000_000_00),
      status: i % 9 === 4 ? 'FROZEN' : i % 11 === 10 ? 'CLOSED' : 'NORMAL',
      status_reason: i % 9 === 4 ? '回款异常，暂停对外支付' : i % 11 === 10 ? '业务结清，账户销户' : null,
      created_by: actor,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db
    .insertInto('supervised_account')
    .values(accounts)
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();

  const subjects = [
    ...suppliers.map((o) => ({ ...o, type: 'SUPPLIER' })),
    ...projectCompanies.map((o) => ({ ...o, type: 'PROJECT_COMPANY' })),
  ];
  const alerts = Array.from({ length: 36 }, (_, i) => {
    const subject = pick(subjects, i)!;
    const category = CATEGORIES[(i * 3) % CATEGORIES.length]!;
    const handled = i % 3 === 2;
    const at = day(i, 2);
    return {
      alert_id: `${key}RA${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      subject_type: subject.type,
      subject_id: subject.org_id,
      subject_name: subject.org_name,
      category,
      level: LEVELS[(i + Math.floor(i / 4)) % LEVELS.length]!,
      detected_on: dateBefore(at, 0),
      business_nos: i % 4 === 0 ? `YW2026${String(1000 + i).padStart(6, '0')}` : null,
      summary: SUMMARIES[category]!,
      result: handled ? (i % 2 === 0 ? 'KEEP' : 'CANCEL') : null,
      handling: handled ? '已核实，按规定处理' : null,
      handled_by: handled ? actor : null,
      handled_at: handled ? at : null,
      status: handled ? 'HANDLED' : 'PENDING',
      created_by: actor,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db
    .insertInto('risk_alert')
    .values(alerts)
    .onConflict((oc) => oc.column('alert_id').doNothing())
    .execute();

  const supplierLocks = Array.from({ length: 12 }, (_, i) => {
    const unlocked = i % 3 === 1;
    // A live lock was made yesterday, after every demo business of its supplier was submitted — a lock against
    // new applications would have refused them: 绿源景观's pre-credits went in four and ten days before the seed,
    // and it is now its 融资申请 the lock is warned of. One already lifted is older, as is its lifting.
    const at = unlocked ? day(i, 9) : daysBefore(now, 1, 8 + i);
    return {
      lock_id: `${key}SL${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      supplier_id: pick(suppliers, i)!.org_id,
      scope: SCOPES[i % SCOPES.length]!,
      reason: LOCK_REASONS[i % LOCK_REASONS.length]!,
      expires_at: i % 4 === 0 ? dateBefore(at, -180) : null,
      unlock_reason: unlocked ? '风险已排除，解除锁定' : null,
      unlocked_by: unlocked ? actor : null,
      unlocked_at: unlocked ? day(i, 4) : null,
      status: unlocked ? 'UNLOCKED' : 'LOCKED',
      created_by: actor,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db
    .insertInto('supplier_lock')
    .values(supplierLocks)
    .onConflict((oc) => oc.column('lock_id').doNothing())
    .execute();

  const contractLocks = Array.from({ length: 15 }, (_, i) => {
    const unlocked = i % 4 === 3;
    const at = day(i, 6);
    return {
      lock_id: `${key}CL${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      contract_no: `HT-2026-${String(310 + i * 7).padStart(5, '0')}`,
      payment_order_no: i % 3 === 0 ? null : `FKD2026${String(2000 + i * 13).padStart(6, '0')}`,
      project_company_id: pick(projectCompanies, i)?.org_id ?? null,
      supplier_id: pick(suppliers, i)!.org_id,
      reason: [
        '基础合同存在争议',
        '付款单金额待复核',
        '中登查询显示已被转让',
        '项目公司申请暂停支付',
        '发票真实性待核验',
      ][i % 5]!,
      unlock_reason: unlocked ? '争议已解决' : null,
      unlocked_by: unlocked ? actor : null,
      unlocked_at: unlocked ? day(i, 3) : null,
      status: unlocked ? 'UNLOCKED' : 'LOCKED',
      created_by: actor,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db
    .insertInto('contract_lock')
    .values(contractLocks)
    .onConflict((oc) => oc.column('lock_id').doNothing())
    .execute();
}
