// Benchmark load: `count` generated staff users of the demo tenant with plausible Chinese names, spread over
// the group's subsidiaries and project companies, all 业务经办. Deterministic (user i is always the same
// person), so loading twice adds nothing. One argon2 hash serves every user: hashing 100,000 passwords
// would take over an hour and prove nothing; batched inserts keep 100,000 users well under a minute.
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { DEMO_TENANT_ID, DemoOrg, DemoRole } from './demo-seed';

export const GENERATED_STAFF_PASSWORD = 'Staff@2026';
const BATCH = 1000;

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂英华玉萍红鹏飞斌宇浩凯秀健俊帆晨欣怡婷雪琳颖倩佳嘉子轩梓涵思雨博文泽宏志国庆建新春海波峰亮辉晶燕琴云莉',
];
const STAFF_ORGS = [
  DemoOrg.shanghaiRealEstate,
  DemoOrg.hangzhouConstruction,
  DemoOrg.suzhouProject,
  DemoOrg.nanjingProject,
];
const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '158',
  '159',
  '177',
  '181',
  '186',
  '187',
  '188',
  '189',
  '199',
];

function pick(chars: readonly string[], n: number): string {
  return chars[n % chars.length]!;
}

/** A stable pseudo-random name for the i-th user (multiplicative hashing, no state). */
export function staffName(i: number): string {
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  const surname = pick(SURNAMES, h);
  const first = pick(GIVEN, h >>> 8);
  return h % 3 === 0 ? surname + first : surname + first + pick(GIVEN, h >>> 16);
}

export async function seedGeneratedStaff(db: Kysely<Database>, count: number, now: Date): Promise<void> {
  const passwordHash = await hash(GENERATED_STAFF_PASSWORD);
  for (let start = 0; start < count; start += BATCH) {
    const users = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k + 1;
      const h = Math.imul(i, 40503) >>> 0;
      return {
        user_id: `14${String(i).padStart(17, '0')}`,
        tenant_id: DEMO_TENANT_ID,
        user_name: `staff${String(i).padStart(6, '0')}`,
        nick_name: staffName(i),
        organization_id: STAFF_ORGS[i % STAFF_ORGS.length]!,
        user_type: 'STAFF' as const,
        mobile: MOBILE_PREFIXES[h % MOBILE_PREFIXES.length]! + String(i).padStart(8, '0'),
        password_hash: passwordHash,
        status: 'ENABLED' as const,
        created_at: now,
        updated_at: now,
      };
    });
    await db
      .insertInto('app_user')
      .values(users)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await db
      .insertInto('user_role')
      .values(users.map((u) => ({ user_id: u.user_id, role_id: DemoRole.operator })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();
  }
}
