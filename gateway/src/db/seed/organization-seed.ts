// What the organisation screens show — credit codes, contacts and sub-systems of the seeded
// organisations, and enough further suppliers and project companies that both lists page. Idempotent: new
// rows are inserted only when missing, and details are filled in only where none are set yet, so a user's
// edits survive a restart.
import type { Transaction } from 'kysely';
import { creditCodeCheckChar } from '../../../../src/domain/patterns/social-credit-code';
import type { Database, OrgType } from '../database';

/** A valid unified social credit code (GB 32100) for a region and a serial. */
export function demoCreditCode(region: string, serial: number): string {
  const first17 = `91${region}MA${String(serial).padStart(7, '0')}`;
  return first17 + creditCodeCheckChar(first17);
}

interface Details {
  orgId: string;
  region: string;
  contact: string;
  mobile: string;
  email?: string;
  address: string;
  apps?: readonly string[];
}

const PRODUCT_APP = '1010000000000000001';
const PORTAL_APP = '1010000000000000002';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['伟', '芳', '建国', '海燕', '志强', '丽华', '明', '静', '国平', '晓东'];

// Further suppliers and project companies, ids clear of the seed's and the tests' own.
const MORE_SUPPLIERS = [
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
  '嘉兴恒通管业有限公司',
  '温州永固防水材料有限公司',
  '南通鑫盛劳务分包有限公司',
  '绍兴明辉照明科技有限公司',
];
const MORE_PROJECT_COMPANIES = [
  ['无锡远景房地产开发有限公司', '1100000000000000002'],
  ['杭州远景置业有限公司', '1100000000000000003'],
  ['宁波远景城市建设有限公司', '1100000000000000003'],
  ['上海远景滨江置业有限公司', '1100000000000000002'],
  ['合肥远景房地产开发有限公司', '1100000000000000002'],
  ['常州远景置业有限公司', '1100000000000000003'],
] as const;
const REGIONS = ['310000', '320100', '330100', '340100', '320500', '330200'];

export const MORE_SUPPLIER_COUNT = MORE_SUPPLIERS.length;
export const MORE_PROJECT_COMPANY_COUNT = MORE_PROJECT_COMPANIES.length;

function person(i: number): string {
  return SURNAMES[i % SURNAMES.length]! + GIVEN[i % GIVEN.length]!;
}

export async function seedOrganizationDetails(
  trx: Transaction<Database>,
  tenantId: string,
  groupId: string,
  now: Date,
): Promise<void> {
  const rows: Array<{
    org_id: string;
    parent_id: string;
    org_name: string;
    org_type: OrgType;
    gys_id: string | null;
    data_auth_state: 'PENDING' | 'AUTHORIZED' | null;
    sort_no: number;
  }> = [
    ...MORE_SUPPLIERS.map((name, i) => ({
      org_id: `11000000000000001${String(i + 1).padStart(2, '0')}`,
      parent_id: groupId,
      org_name: name,
      org_type: 'SUPPLIER' as const,
      gys_id: `GYS2024${String(i + 11).padStart(5, '0')}`,
      data_auth_state: (i % 3 === 0 ? 'PENDING' : 'AUTHORIZED') as 'PENDING' | 'AUTHORIZED',
      sort_no: 100 + i,
    })),
    ...MORE_PROJECT_COMPANIES.map(([name, parent], i) => ({
      org_id: `11000000000000002${String(i + 1).padStart(2, '0')}`,
      parent_id: parent,
      org_name: name,
      org_type: 'PROJECT_COMPANY' as const,
      gys_id: null,
      data_auth_state: null,
      sort_no: 200 + i,
    })),
  ];
  await trx
    .insertInto('organization')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();

  // Only records nobody has edited yet (version 1): a user's cleared field stays cleared.
  const seeded = await trx
    .selectFrom('organization')
    .select(['org_id', 'org_type', 'org_name', 'credit_code', 'version'])
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_no')
    .orderBy('org_id')
    .execute();
  const details: Details[] = seeded
    .filter((o) => o.credit_code === null && o.version === 1 && o.org_type !== 'GROUP')
    .map((o, i) => ({
      orgId: o.org_id,
      region: REGIONS[Number(o.org_id.slice(-6)) % REGIONS.length]!,
      contact: person(i),
      mobile: `139${String(10000000 + i * 7919).slice(-8)}`,
      ...(o.org_type === 'SUPPLIER' ? { email: `contact${i + 1}@supplier${i + 1}.example.com` } : {}),
      address: `${['上海市浦东新区', '南京市建邺区', '杭州市西湖区', '合肥市蜀山区', '苏州市工业园区', '宁波市鄞州区'][i % 6]}${100 + i}号`,
      ...(o.org_type === 'SUPPLIER' ? { apps: i % 2 === 0 ? [PRODUCT_APP, PORTAL_APP] : [PRODUCT_APP] } : {}),
    }));
  for (const d of details) {
    // The serial is the id's own, so the code does not depend on which rows are filled in this run.
    await trx
      .updateTable('organization')
      .set({
        credit_code: demoCreditCode(d.region, Number(d.orgId.slice(-6))),
        contact_name: d.contact,
        contact_mobile: d.mobile,
        email: d.email ?? null,
        address: d.address,
      })
      .where('tenant_id', '=', tenantId)
      .where('org_id', '=', d.orgId)
      .where('credit_code', 'is', null)
      .execute();
    if (d.apps?.length) {
      await trx
        .insertInto('organization_app')
        .values(d.apps.map((appId) => ({ org_id: d.orgId, app_id: appId })))
        .onConflict((oc) => oc.columns(['org_id', 'app_id']).doNothing())
        .execute();
    }
  }
}
