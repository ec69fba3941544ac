// Demo rows for 负面舆情: enough to page through (36), with realistic enterprises, sources and dates.
import type { Kysely } from 'kysely';
import type { Database, OpinionStatus, RiskLevel } from '../database';
import { DEMO_TENANT_ID } from './demo-seed';
import { dateBefore, daysBefore } from './seed-days';

const ENTERPRISES = [
  '华东建材有限公司',
  '江南钢构工程有限公司',
  '中联幕墙科技有限公司',
  '恒信混凝土有限公司',
  '鼎盛机电安装有限公司',
  '广厦装饰工程有限公司',
];
const TOPICS = [
  '被列为被执行人',
  '涉及建设工程合同纠纷',
  '延期支付供应商货款',
  '高管变更频繁',
  '环保处罚公示',
  '股权被冻结',
  '中标项目停工',
  '税务非正常户提示',
  '工程质量投诉',
  '融资租赁纠纷',
  '社保欠缴',
  '诉讼案件新增',
];
const SOURCES = ['中国裁判文书网', '信用中国', '全国企业信用信息公示系统', '证券时报', '新华财经', '地方生态环境局'];
const LEVELS: RiskLevel[] = ['HIGH', 'MEDIUM', 'LOW'];
const STATUSES: OpinionStatus[] = ['PENDING', 'FOLLOWING', 'CLOSED'];

export const NEGATIVE_OPINION_COUNT = 36;

export async function seedNegativeOpinions(trx: Kysely<Database>, tenantId: string, now: Date): Promise<void> {
  const rows = Array.from({ length: NEGATIVE_OPINION_COUNT }, (_, i) => {
    // Published every three days, the latest eight days before the seed.
    const publishedOn = dateBefore(now, 8 + i * 3);
    // Each enterprise comes back every six rows; the other columns turn at other rates so that one
    // enterprise's rows differ from each other.
    const round = Math.floor(i / ENTERPRISES.length);
    const enterprise = ENTERPRISES[i % ENTERPRISES.length]!;
    return {
      opinion_id: `${tenantId.slice(0, 4)}NO${String(i + 1).padStart(6, '0')}`,
      tenant_id: tenantId,
      enterprise_name: enterprise,
      title: `${enterprise}${TOPICS[(i + round * 5) % TOPICS.length]!}`,
      source: SOURCES[(i + round) % SOURCES.length]!,
      risk_level: LEVELS[(i + round) % LEVELS.length]!,
      status: STATUSES[(round + (i % 2)) % STATUSES.length]!,
      published_on: publishedOn,
      created_at: daysBefore(now, 8 + i * 3, 18),
      updated_at: daysBefore(now, 8 + i * 3, 18),
    };
  });
  await trx
    .insertInto('negative_opinion')
    .values(rows)
    .onConflict((oc) => oc.column('opinion_id').doNothing())
    .execute();
}

/** Gathered by the demo seed (demo-seed.ts), after the core seed. */
export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedNegativeOpinions(db, DEMO_TENANT_ID, now);
}
