// 证书管理, 企业认证 and 个人认证 rows — a dozen per list, with valid credit codes and resident IDs,
// in every status. Idempotent: rows are inserted only when their id is missing, so a review or revocation
// made in the screens survives a restart.
import type { Insertable, Kysely } from 'kysely';
import { residentIdCheckChar } from '../../../../src/domain/patterns/resident-id';
import type { CertificationTable, Database } from '../database';
import { DEMO_TENANT_ID } from './demo-seed';
import { demoCreditCode } from './organization-seed';
import { daysBefore } from './seed-days';

export const CERTIFICATION_SEED_COUNT = 12;
const ADMIN_USER = '1300000000000000001';

const COMPANIES = [
  '上海宏达建筑材料有限公司',
  '江苏金石水泥制品有限公司',
  '浙江天工幕墙工程有限公司',
  '安徽皖通钢材贸易有限公司',
  '南京中建安装工程有限公司',
  '苏州瑞丰门窗有限公司',
  '杭州绿城景观设计有限公司',
  '宁波东海电梯工程有限公司',
  '无锡华光电气设备有限公司',
  '常州新材保温材料有限公司',
  '上海振华消防工程有限公司',
  '合肥安居装饰工程有限公司',
];
const LEGAL = [
  '王建华',
  '李国强',
  '张秀英',
  '刘志明',
  '陈丽娟',
  '杨海涛',
  '黄晓峰',
  '赵文静',
  '吴建军',
  '周美玲',
  '徐卫东',
  '孙红梅',
];
const PEOPLE = ['陈晓明', '林静', '王志刚', '李丽华', '张伟', '刘芳', '杨帆', '赵敏', '黄磊', '周婷', '吴昊', '郑雪'];
const REGIONS = ['310101', '320102', '330106', '340104', '320505', '330203'];

/** A valid resident ID for a region, a birth date and a serial. */
export function demoResidentId(region: string, birth: string, serial: number): string {
  const first17 = `${region}${birth}${String(serial).padStart(3, '0')}`;
  return first17 + residentIdCheckChar(first17);
}

export async function seedCertifications(trx: Kysely<Database>, tenantId: string, now: Date): Promise<void> {
  /** The i-th application, 10:00 six days after the one before, the first some eleven months before the seed. */
  const ago = (i: number) => 327 - i * 6;
  const day = (i: number) => daysBefore(now, ago(i), 10);
  const review = (
    i: number,
  ): Pick<Insertable<CertificationTable>, 'status' | 'comment' | 'reviewer_id' | 'reviewed_at'> =>
    i % 3 === 0
      ? { status: 'PENDING', comment: null, reviewer_id: null, reviewed_at: null }
      : i % 3 === 1
        ? { status: 'APPROVED', comment: '资料齐全，审核通过', reviewer_id: ADMIN_USER, reviewed_at: day(i + 1) }
        : {
            status: 'REJECTED',
            comment: '证件照片不清晰，请重新上传',
            reviewer_id: ADMIN_USER,
            reviewed_at: day(i + 1),
          };
  const base = (i: number) => ({
    tenant_id: tenantId,
    created_at: day(i),
    updated_at: day(i),
    valid_from: null,
    valid_to: null,
    cert_no: null,
    holder_type: null,
    legal_person: null,
    mobile: null,
  });
  const rows: Insertable<CertificationTable>[] = [];
  for (let i = 0; i < CERTIFICATION_SEED_COUNT; i++) {
    const serial = 5100 + i;
    rows.push({
      ...base(i),
      ...review(i),
      cert_id: `17000000000000011${String(i).padStart(2, '0')}`,
      kind: 'ENTERPRISE',
      subject_name: COMPANIES[i]!,
      id_number: demoCreditCode(REGIONS[i % REGIONS.length]!, serial),
      legal_person: LEGAL[i]!,
    });
    rows.push({
      ...base(i),
      ...review(i + 1),
      cert_id: `17000000000000012${String(i).padStart(2, '0')}`,
      kind: 'PERSONAL',
      subject_name: PEOPLE[i]!,
      id_number: demoResidentId(REGIONS[i % REGIONS.length]!, `19${80 + i}0${(i % 9) + 1}1${i % 10}`, 101 + i * 2),
      mobile: `1371234${String(1000 + i * 37).padStart(4, '0')}`,
    });
    const enterprise = i % 2 === 0;
    rows.push({
      ...base(i),
      cert_id: `17000000000000013${String(i).padStart(2, '0')}`,
      kind: 'CERTIFICATE',
      cert_no: `ZS2026${String(100000000001 + i)}`,
      holder_type: enterprise ? 'ENTERPRISE' : 'PERSONAL',
      subject_name: enterprise ? COMPANIES[i]! : PEOPLE[i]!,
      id_number: enterprise
        ? demoCreditCode(REGIONS[i % REGIONS.length]!, serial)
        : demoResidentId(REGIONS[i % REGIONS.length]!, `19${80 + i}0${(i % 9) + 1}1${i % 10}`, 101 + i * 2),
      valid_from: day(i),
      // A certificate lasts two years (730 days) from its issue.
      valid_to: daysBefore(now, ago(i) - 730, 10),
      ...(i % 4 === 3 ? { status: 'REVOKED', comment: '私钥疑似泄露，申请吊销' } : { status: 'VALID', comment: null }),
      reviewer_id: null,
      reviewed_at: null,
    });
  }
  await trx
    .insertInto('certification')
    .values(rows)
    .onConflict((oc) => oc.column('cert_id').doNothing())
    .execute();
}

/** Gathered by the demo seed (demo-seed.ts), after the core seed. */
export async function seed(db: Kysely<Database>, now: Date): Promise<void> {
  await seedCertifications(db, DEMO_TENANT_ID, now);
}
