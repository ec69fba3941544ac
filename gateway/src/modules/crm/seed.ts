// Demo rows for 访谈纪要 and 企业信息 profiles: thirty minutes across the tenant's suppliers and project
// companies over the half year before the seed runs, numbered as the gateway numbers them (FT + date + daily
// sequence). Idempotent: fixed ids, nothing overwritten.
import type { Kysely } from 'kysely';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { daysBefore } from '../../db/seed/seed-days';
import { dailyDocumentNo } from '../../../../src/domain/document-numbers';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

const TYPES = ['PRE_LOAN', 'POST_LOAN', 'REVISIT'];
const PEOPLE = ['张明（财务总监）', '王芳（总经理）', '刘强（项目经理）', '陈静（出纳）', '赵磊（法务负责人）'];
const INTERVIEWERS = ['李娜、周杰', '孙浩', '吴婷、郑伟', '钱坤'];
const CONTENT = [
  '了解企业近一年经营情况、主要客户与回款周期，核对应收账款台账与付款单一致。',
  '实地查看项目进度与现场材料进场情况，项目公司确认付款计划不变。',
  '回访融资资金用途，抽查采购合同与发票，资金按约定用于材料采购。',
  '核实涉诉事项：纠纷金额较小，已与对方达成和解意向。',
];
const CONCLUSIONS = [
  '经营正常，建议继续合作。',
  '回款稳定，风险可控。',
  '需关注诉讼进展，下月再次回访。',
  '资金用途合规，无异常。',
];

export async function seed(db: AnyDb, tenantId: string, now: Date): Promise<void> {
  const orgs = await db
    .selectFrom('organization')
    .select(['org_name'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', 'in', ['SUPPLIER', 'PROJECT_COMPANY'])
    .orderBy('sort_no')
    .execute();
  if (orgs.length === 0) return;
  const author = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .orderBy('user_id')
    .limit(1)
    .executeTakeFirst();
  const key = tenantId.slice(0, 4);
  const rows = Array.from({ length: 30 }, (_, i) => {
    const date = daysBefore(now, 12 + i * 6, 8);
    const ymd = businessDay(date);
    return {
      minutes_id: `${key}IM${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      // One minutes a day here, so each is its day's first; the gateway numbers the next one 0002.
      minutes_no: dailyDocumentNo('interviewMinutes', date, 1),
      enterprise_name: String(orgs[i % orgs.length]!.org_name),
      minutes_type: TYPES[i % TYPES.length]!,
      interview_date: ymd,
      place: ['企业会议室', '项目现场', '我司会议室', '线上视频'][i % 4]!,
      interviewees: PEOPLE[i % PEOPLE.length]!,
      interviewers: INTERVIEWERS[i % INTERVIEWERS.length]!,
      content: CONTENT[i % CONTENT.length]!,
      conclusion: CONCLUSIONS[i % CONCLUSIONS.length]!,
      business_nos: i % 3 === 0 ? `YW2026${String(1200 + i).padStart(6, '0')}` : null,
      status: 'SAVED',
      created_by: author ? String(author.user_id) : null,
      deleted: false,
      version: 1,
      created_at: date,
      updated_at: date,
    };
  });
  await db
    .insertInto('interview_minutes')
    .values(rows)
    .onConflict((oc) => oc.column('minutes_id').doNothing())
    .execute();
  await seedProfiles(db, tenantId, now);
}

const INDUSTRIES: Record<string, string[]> = {
  SUPPLIER: ['建筑材料', '钢结构工程', '园林景观', '机电安装', '幕墙工程', '装饰装修'],
  PROJECT_COMPANY: ['房地产开发'],
  CAPITAL_SIDE: ['银行业', '商业保理'],
};
const pad2 = (n: number) => String(n).padStart(2, '0');
const LEGAL_REPS = ['王建国', '李海燕', '张志强', '刘丽华', '陈国平', '杨晓东', '黄明', '赵静'];
const SCALES = ['LARGE', 'MEDIUM', 'SMALL'];
const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB'];

/** 企业信息: a profile for two of every three enterprises; the rest show 未建档 until someone edits them. */
async function seedProfiles(db: AnyDb, tenantId: string, now: Date): Promise<void> {
  // Profiled in the spring, some nine months before the seed runs.
  const profiledAt = daysBefore(now, 272, 10);
  const orgs = await db
    .selectFrom('organization')
    .select(['org_id', 'org_type', 'address'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', 'in', ['SUPPLIER', 'PROJECT_COMPANY', 'CAPITAL_SIDE'])
    .orderBy('sort_no')
    .orderBy('org_id')
    .execute();
  const rows = orgs
    .filter((_, i) => i % 3 !== 2)
    .map((o, i) => {
      const type = String(o.org_type);
      const industries = INDUSTRIES[type] ?? ['其他'];
      return {
        org_id: o.org_id,
        tenant_id: tenantId,
        scale: type === 'SUPPLIER' ? SCALES[(i + 1) % 3]! : 'LARGE',
        legal_rep: LEGAL_REPS[i % LEGAL_REPS.length]!,
        registered_capital: (5_000_000 + ((i * 37_000_000) % 495_000_000)) * 100,
        established_on: `${1998 + (i % 22)}-${pad2((i % 12) + 1)}-${pad2((i % 27) + 1)}`,
        address: o.address ?? null,
        industry: industries[i % industries.length]!,
        taxpayer_type: i % 4 === 3 ? 'SMALL_SCALE' : 'GENERAL',
        rating: RATINGS[i % RATINGS.length]!,
        whitelist: type === 'SUPPLIER' ? ['MANUAL', 'SYSTEM', 'NONE'][i % 3]! : 'SYSTEM',
        version: 2,
        created_at: profiledAt,
        updated_at: profiledAt,
      };
    });
  if (rows.length)
    await db
      .insertInto('enterprise_profile')
      .values(rows)
      .onConflict((oc) => oc.column('org_id').doNothing())
      .execute();
}
