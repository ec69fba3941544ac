// The demo tenant of DESIGN.md §3–4: 远景控股集团, its applications, organisations, three roles and three
// accounts, the dictionaries, and the menu catalogue (seeded from src/domain, never retyped). Every insert
// ignores rows that already exist, so running the seed on each start changes nothing after the first.
//
// Convention for a feature's demo rows: a file `<feature>.seed.ts` in this folder exporting
// `seed(db: Kysely<Database>, now: Date)`, idempotent (insert what is missing, keep what the screens changed),
// every date a number of days before `now`, the moment the seed runs (seed-days.ts). The core seed below runs
// first (menus, tenant, applications, organisations, roles, grants, users, dictionaries — in that order, each
// needs the ones before), then every *.seed.ts, all in one transaction: a
// seed that needs another's rows says so (`export const after = ['business']`) and runs after it; the others
// keep name order. A seed walking through code with transactions of its own runs after that one has committed
// (`export const ownTransactions = true`). A new feature adds its file and edits nothing here.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sourceExtension } from '../../source-files';
import { seedOrganizationDetails } from './organization-seed';
import { adminSeedAccounts, seedAdministration, XH_TENANT_ID } from './admin-seed';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { MenuArea, OperationCode, RouteEntry } from '../../../../src/domain/menu/route-catalogue';
import { DASHBOARD_ROUTE, MENU_AREAS, REVIEW_TYPE_CONFIG_PATH } from '../../../../src/domain/menu/route-catalogue';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { Database, DictItemTable, OrganizationTable } from '../database';
import { bindExtensions, hasExtensions } from '../../stage/extensions';
import { appExtensions } from '../../app-extensions';
import { STAGES, STAGE_LABEL } from '../../../../src/domain/financing/stages';

export const DEMO_TENANT_ID = '1000000000000000001';
export const DEMO_TENANT_NAME = '远景控股集团';

export const DemoOrg = {
  group: '1100000000000000001',
  shanghaiRealEstate: '1100000000000000002',
  hangzhouConstruction: '1100000000000000003',
  suzhouProject: '1100000000000000004',
  nanjingProject: '1100000000000000005',
  huadongBuildingMaterials: '1100000000000000011',
  hengguSteel: '1100000000000000012',
  lvyuanLandscape: '1100000000000000013',
  shentongMechanical: '1100000000000000014',
  icbcShanghai: '1100000000000000021',
  cmbHangzhou: '1100000000000000022',
} as const;

export const DemoRole = {
  admin: '1200000000000000001',
  operator: '1200000000000000002',
  supplier: '1200000000000000003',
} as const;

export const DEMO_ACCOUNTS = [
  {
    userId: '1300000000000000001',
    userName: 'admin',
    password: 'Admin@2026',
    nickName: '平台管理员',
    orgId: DemoOrg.group,
    userType: 'STAFF',
    roleId: DemoRole.admin,
    mobile: '13800000001',
  },
  {
    userId: '1300000000000000002',
    userName: 'operator',
    password: 'Operator@2026',
    nickName: '业务经办',
    orgId: DemoOrg.shanghaiRealEstate,
    userType: 'STAFF',
    roleId: DemoRole.operator,
    mobile: '13800000002',
  },
  {
    userId: '1300000000000000003',
    userName: 'supplier',
    password: 'Supplier@2026',
    nickName: '华东建材-王建国',
    orgId: DemoOrg.huadongBuildingMaterials,
    userType: 'SUPPLIER',
    roleId: DemoRole.supplier,
    mobile: '13800000003',
  },
] as const;

const ORGANIZATIONS: Omit<OrganizationTable, 'tenant_id'>[] = [
  {
    org_id: DemoOrg.group,
    parent_id: null,
    org_name: '远景控股集团',
    org_type: 'GROUP',
    gys_id: null,
    data_auth_state: null,
    sort_no: 1,
  },
  {
    org_id: DemoOrg.shanghaiRealEstate,
    parent_id: DemoOrg.group,
    org_name: '远景地产(上海)有限公司',
    org_type: 'SUBSIDIARY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 2,
  },
  {
    org_id: DemoOrg.hangzhouConstruction,
    parent_id: DemoOrg.group,
    org_name: '远景建设工程(杭州)有限公司',
    org_type: 'SUBSIDIARY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 3,
  },
  {
    org_id: DemoOrg.suzhouProject,
    parent_id: DemoOrg.shanghaiRealEstate,
    org_name: '苏州远景置业有限公司',
    org_type: 'PROJECT_COMPANY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 4,
  },
  {
    org_id: DemoOrg.nanjingProject,
    parent_id: DemoOrg.hangzhouConstruction,
    org_name: '南京远景城市发展有限公司',
    org_type: 'PROJECT_COMPANY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 5,
  },
  {
    org_id: DemoOrg.huadongBuildingMaterials,
    parent_id: DemoOrg.group,
    org_name: '华东建材有限公司',
    org_type: 'SUPPLIER',
    gys_id: 'GYS202400001',
    data_auth_state: 'PENDING',
    sort_no: 11,
  },
  {
    org_id: DemoOrg.hengguSteel,
    parent_id: DemoOrg.group,
    org_name: '江苏恒固钢结构工程有限公司',
    org_type: 'SUPPLIER',
    gys_id: 'GYS202400002',
    data_auth_state: 'AUTHORIZED',
    sort_no: 12,
  },
  {
    org_id: DemoOrg.lvyuanLandscape,
    parent_id: DemoOrg.group,
    org_name: '浙江绿源园林景观有限公司',
    org_type: 'SUPPLIER',
    gys_id: 'GYS202400003',
    data_auth_state: 'AUTHORIZED',
    sort_no: 13,
  },
  {
    org_id: DemoOrg.shentongMechanical,
    parent_id: DemoOrg.group,
    org_name: '上海申通机电安装有限公司',
    org_type: 'SUPPLIER',
    gys_id: 'GYS202400004',
    data_auth_state: 'PENDING',
    sort_no: 14,
  },
  {
    org_id: DemoOrg.icbcShanghai,
    parent_id: DemoOrg.group,
    org_name: '中国工商银行股份有限公司上海市分行',
    org_type: 'CAPITAL_SIDE',
    gys_id: null,
    data_auth_state: null,
    sort_no: 21,
  },
  {
    org_id: DemoOrg.cmbHangzhou,
    parent_id: DemoOrg.group,
    org_name: '招商银行股份有限公司杭州分行',
    org_type: 'CAPITAL_SIDE',
    gys_id: null,
    data_auth_state: null,
    sort_no: 22,
  },
];

const APPS = [
  { app_id: '1010000000000000001', app_code: 'wsf_app', app_name: '供应链金融', website: '/', sort_no: 1 },
  {
    app_id: '1010000000000000002',
    app_code: 'wsf_portal',
    app_name: '供应商门户',
    website: 'https://portal.yuanjing-group.example.com/',
    sort_no: 2,
  },
  { app_id: '1010000000000000003', app_code: 'wsf_report', app_name: '报表中心', website: '', sort_no: 3 },
];

const DICTIONARIES: Array<{ code: string; name: string; items: Array<[code: string, name: string]> }> = [
  {
    code: 'BUSINESS_STAGE',
    name: '业务阶段',
    // The lifecycle table's stages and labels, not a copy of them.
    items: STAGES.map((s) => [s, STAGE_LABEL[s]]),
  },
  {
    code: 'YES_NO',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'ORG_TYPE',
    name: '组织类型',
    items: [
      ['GROUP', '集团'],
      ['SUBSIDIARY', '子公司'],
      ['PROJECT_COMPANY', '项目公司'],
      ['SUPPLIER', '供应商'],
      ['CAPITAL_SIDE', '资金方'],
    ],
  },
  {
    code: 'USER_STATUS',
    name: '用户状态',
    items: [
      ['ENABLED', '启用'],
      ['DISABLED', '停用'],
    ],
  },
  {
    code: 'CURRENCY',
    name: '币种',
    items: [
      ['CNY', '人民币'],
      ['USD', '美元'],
      ['HKD', '港币'],
      ['EUR', '欧元'],
    ],
  },
  {
    code: 'ID_TYPE',
    name: '证件类型',
    items: [
      ['ID_CARD', '居民身份证'],
      ['PASSPORT', '护照'],
      ['HK_MACAO_PASS', '港澳居民来往内地通行证'],
      ['TAIWAN_PASS', '台湾居民来往大陆通行证'],
      ['USCC', '统一社会信用代码证'],
    ],
  },
];

interface CatalogueMenu {
  menu_id: string;
  parent_id: string;
  menu_name: string;
  path: string;
  menu_code: string;
  icon: string;
  hidden: boolean;
  sort_no: number;
  ops: readonly OperationCode[];
  /** The area a route belongs to ('' for the dashboard and the area items themselves). */
  area: string;
  isRoute: boolean;
}

/** The menu table's rows in catalogue order: the dashboard, then each area followed by its routes. */
export function catalogueMenus(areas: readonly MenuArea[] = MENU_AREAS): CatalogueMenu[] {
  const rows: CatalogueMenu[] = [];
  const add = (
    entry: { path: string; title: string; icon?: string; hidden?: boolean },
    parentId: string,
    ops: readonly OperationCode[],
    area: string,
    isRoute: boolean,
  ) => {
    rows.push({
      menu_id: menuIdForPath(entry.path),
      parent_id: parentId,
      menu_name: entry.title,
      path: entry.path,
      menu_code: entry.path.replace(/^\//, '').replace(/\//g, '_'),
      icon: entry.icon ?? '',
      hidden: entry.hidden ?? false,
      sort_no: rows.length,
      ops,
      area,
      isRoute,
    });
  };
  add(DASHBOARD_ROUTE, '0', DASHBOARD_ROUTE.ops, '', true);
  const walk = (entries: readonly RouteEntry[], parentId: string, area: string) => {
    for (const entry of entries) {
      add(entry, parentId, entry.ops, area, true);
      if (entry.children) walk(entry.children, menuIdForPath(entry.path), area);
    }
  };
  for (const area of areas) {
    add(area, '0', [], '', false);
    walk(area.children, menuIdForPath(area.path), area.path);
  }
  return rows;
}

/** Which routes each demo role is granted, and which of their operation codes. */
function roleGrants(
  menus: CatalogueMenu[],
): Array<{ roleId: string; menu: CatalogueMenu; ops: readonly OperationCode[] }> {
  const routes = menus.filter((m) => m.isRoute);
  const everyone = (m: CatalogueMenu) => m.menu_id === menuIdForPath(DASHBOARD_ROUTE.path);
  const operatorAreas = ['/business', '/assetsManage', '/CRM', '/workbench', '/financingDemandManagement'];
  const supplierAreas = ['/financingDemandManagement', '/workbench'];
  // The supplier's signer signs its business's contracts in the back office (签约详情 → 签署) and reads them signed.
  const supplierRoutes = [
    '/business/preCreditApplicationManage',
    '/business/applyForRufs',
    '/business/signManagement',
    '/business/signingDetails',
    '/business/signFileDetails',
  ].map(menuIdForPath);
  // A supplier applies for pre-credit; reviewing it is the group's job.
  const supplierOps = (m: CatalogueMenu) => m.ops.filter((op) => op !== 'examine' && op !== 'reject');
  // A maker does not choose who reviews its items (BUSINESS.md §1.5): 审核类型配置 is read-only to the operator;
  // administrators and risk heads (review-type-config.seed.ts) edit it.
  const operatorOps = (m: CatalogueMenu) => (m.menu_id === menuIdForPath(REVIEW_TYPE_CONFIG_PATH) ? [] : m.ops);
  const grants: Array<{ roleId: string; menu: CatalogueMenu; ops: readonly OperationCode[] }> = [];
  for (const menu of routes) {
    grants.push({ roleId: DemoRole.admin, menu, ops: menu.ops });
    if (everyone(menu) || operatorAreas.includes(menu.area))
      grants.push({ roleId: DemoRole.operator, menu, ops: operatorOps(menu) });
    if (everyone(menu) || supplierAreas.includes(menu.area) || supplierRoutes.includes(menu.menu_id)) {
      grants.push({ roleId: DemoRole.supplier, menu, ops: supplierOps(menu) });
    }
  }
  return grants;
}

/**
 * Where the seed files the documents its walks make (contracts, signed copies, letters, push packages): the
 * gateway's own files folder, so that a seeded document opens after the start like any other. Without one (a
 * test seeding a database of its own) they go to a folder removed after, and only their rows stay.
 */
export interface SeedPlace {
  filesDir?: string;
}

export interface FeatureSeed {
  /** The file's name without `.seed.ts`. */
  name: string;
  /**
   * Writes the feature's rows, each dated as many days before `now` (the moment the seed runs) as its story says;
   * the documents its walks make go to the gateway's file store, `place.filesDir`, when the caller names it.
   */
  seed(db: Kysely<Database>, now: Date, place: SeedPlace): Promise<void>;
  /** The seeds whose rows this one needs (their names); it runs after them. */
  after?: readonly string[];
  /**
   * It walks businesses through code that opens transactions of its own (signing, push, a repayment's 登记), so
   * it runs after the others' transaction has committed, on the database itself (`export const ownTransactions`).
   */
  ownTransactions?: boolean;
}

/** The seeds with each after the ones it names, otherwise in name order; an unknown name or a cycle is refused. */
export function orderSeeds(seeds: readonly FeatureSeed[]): FeatureSeed[] {
  const byName = new Map(seeds.map((s) => [s.name, s]));
  const done = new Set<string>();
  const out: FeatureSeed[] = [];
  const visit = (s: FeatureSeed, path: readonly string[]) => {
    if (done.has(s.name)) return;
    if (path.includes(s.name)) throw new Error(`seeds wait for each other: ${[...path, s.name].join(' → ')}`);
    for (const name of [...(s.after ?? [])].sort()) {
      const before = byName.get(name);
      if (!before) throw new Error(`${s.name}.seed.ts runs after ${name}, which is no seed`);
      visit(before, [...path, s.name]);
    }
    done.add(s.name);
    out.push(s);
  };
  for (const s of [...seeds].sort((a, b) => a.name.localeCompare(b.name))) visit(s, []);
  return out;
}

const SEED_DIR = dirname(fileURLToPath(import.meta.url));
const SEED_FILE = /^([\w-]+)\.seed\.[jt]s$/;

/** Every `<feature>.seed.ts` of the folder, each after the seeds it names. */
export async function featureSeeds(dir = SEED_DIR): Promise<FeatureSeed[]> {
  const names = (await readdir(dir))
    .map((file) => SEED_FILE.exec(file)?.[1])
    .filter((n) => n !== undefined)
    .sort();
  const seeds: FeatureSeed[] = [];
  for (const name of names) {
    const module = (await import(
      pathToFileURL(join(dir, `${name}.seed${sourceExtension(import.meta.url)}`)).href
    )) as Partial<FeatureSeed>;
    if (typeof module.seed !== 'function') throw new Error(`${name}.seed.ts exports no seed(db)`);
    seeds.push({
      ...{ name, seed: module.seed, ...(module.after ? { after: module.after } : {}) },
      ...(module.ownTransactions ? { ownTransactions: true } : {}),
    });
  }
  return orderSeeds(seeds);
}

/** The demo tenant as it stands on `now`: every feature's rows dated back from it (seed-days.ts). */
export async function seedDemo(db: Kysely<Database>, now: Date, place: SeedPlace = {}): Promise<void> {
  // The seed moves businesses through the lifecycle's rules before any app runs: the app's own set of them.
  if (!hasExtensions(db)) bindExtensions(db, appExtensions());
  const features = await featureSeeds();
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hash(a.password)));
  const moreAccounts = adminSeedAccounts(DEMO_TENANT_ID, DemoOrg.group);
  const moreHashes = await Promise.all(moreAccounts.map((a) => hash(a.password)));
  const menus = catalogueMenus();
  await db.transaction().execute(async (trx) => {
    await seedMenus(trx, menus);
    await trx
      .insertInto('tenant')
      .values({ tenant_id: DEMO_TENANT_ID, tenant_name: DEMO_TENANT_NAME })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
    await trx
      .insertInto('app')
      .values(APPS.map((a) => ({ ...a, tenant_id: DEMO_TENANT_ID })))
      .onConflict((oc) => oc.column('app_id').doNothing())
      .execute();
    await trx
      .insertInto('organization')
      .values(ORGANIZATIONS.map((o) => ({ ...o, tenant_id: DEMO_TENANT_ID, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.column('org_id').doNothing())
      .execute();
    await trx
      .insertInto('role')
      .values(
        [
          { role_id: DemoRole.admin, role_code: 'PLATFORM_ADMIN', role_name: '平台管理员' },
          { role_id: DemoRole.operator, role_code: 'BUSINESS_OPERATOR', role_name: '业务经办' },
          { role_id: DemoRole.supplier, role_code: 'SUPPLIER_USER', role_name: '供应商用户' },
        ].map((r) => ({ ...r, tenant_id: DEMO_TENANT_ID, created_at: now, updated_at: now })),
      )
      .onConflict((oc) => oc.column('role_id').doNothing())
      .execute();

    const grants = roleGrants(menus);
    await trx
      .insertInto('role_menu')
      .values(grants.map((g) => ({ role_id: g.roleId, menu_id: g.menu.menu_id })))
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
    const grantOps = grants.flatMap((g) =>
      g.ops.map((op) => ({ role_id: g.roleId, menu_id: g.menu.menu_id, operation_code: op })),
    );
    await trx
      .insertInto('role_menu_operation')
      .values(grantOps)
      .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
      .execute();

    await trx
      .insertInto('app_user')
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          user_id: a.userId,
          tenant_id: DEMO_TENANT_ID,
          user_name: a.userName,
          nick_name: a.nickName,
          organization_id: a.orgId,
          user_type: a.userType,
          mobile: a.mobile,
          password_hash: hashes[i]!,
          status: 'ENABLED' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await trx
      .insertInto('user_role')
      .values(DEMO_ACCOUNTS.map((a) => ({ user_id: a.userId, role_id: a.roleId })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();

    // The read-only auditor and the second tenant 星河建设集团 (admin-seed.ts).
    await seedAdministration(trx, menus, DEMO_TENANT_ID, now);
    await trx
      .insertInto('app_user')
      .values(
        moreAccounts.map((a, i) => ({
          user_id: a.userId,
          tenant_id: a.tenantId,
          user_name: a.userName,
          nick_name: a.nickName,
          organization_id: a.orgId,
          user_type: 'STAFF' as const,
          mobile: a.mobile,
          password_hash: moreHashes[i]!,
          status: 'ENABLED' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await trx
      .insertInto('user_role')
      .values(moreAccounts.map((a) => ({ user_id: a.userId, role_id: a.roleId })))
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .execute();

    const dictRows: Insertable<DictItemTable>[] = DICTIONARIES.flatMap((type) =>
      type.items.map(([code, name], i) => ({
        tenant_id: DEMO_TENANT_ID,
        dict_type_code: type.code,
        dict_type_name: type.name,
        dict_code: code,
        dict_name: name,
        sort_no: i + 1,
      })),
    );
    await trx
      .insertInto('dict_item')
      .values([...dictRows, ...dictRows.map((r) => ({ ...r, tenant_id: XH_TENANT_ID }))])
      .onConflict((oc) => oc.columns(['tenant_id', 'dict_type_code', 'dict_code']).doNothing())
      .execute();
    await seedOrganizationDetails(trx, DEMO_TENANT_ID, DemoOrg.group, now);

    for (const feature of features.filter((f) => !f.ownTransactions)) await feature.seed(trx, now, place);
  });
  for (const feature of features.filter((f) => f.ownTransactions)) await feature.seed(db, now, place);
}

// The catalogue is the product's, not the tenant's: titles, icons and order follow the code on every start.
async function seedMenus(trx: Transaction<Database>, menus: CatalogueMenu[]): Promise<void> {
  await trx
    .insertInto('menu')
    .values(menus.map(({ ops: _ops, area: _area, isRoute: _isRoute, ...row }) => row))
    .onConflict((oc) =>
      oc.column('menu_id').doUpdateSet((eb) => ({
        parent_id: eb.ref('excluded.parent_id'),
        menu_name: eb.ref('excluded.menu_name'),
        path: eb.ref('excluded.path'),
        menu_code: eb.ref('excluded.menu_code'),
        icon: eb.ref('excluded.icon'),
        hidden: eb.ref('excluded.hidden'),
        sort_no: eb.ref('excluded.sort_no'),
      })),
    )
    .execute();
  const ops = menus.flatMap((m) => m.ops.map((op) => ({ menu_id: m.menu_id, operation_code: op })));
  await trx
    .insertInto('menu_operation')
    .values(ops)
    .onConflict((oc) => oc.columns(['menu_id', 'operation_code']).doNothing())
    .execute();
  // A code the catalogue no longer gives a menu goes, with every role's grant of it: a restart brings an
  // existing database in line with the code.
  const wanted = new Set(ops.map((o) => `${o.menu_id} ${o.operation_code}`));
  const stored = await trx.selectFrom('menu_operation').select(['menu_id', 'operation_code']).execute();
  for (const row of stored.filter((r) => !wanted.has(`${r.menu_id} ${r.operation_code}`))) {
    await trx
      .deleteFrom('role_menu_operation')
      .where('menu_id', '=', row.menu_id)
      .where('operation_code', '=', row.operation_code)
      .execute();
    await trx
      .deleteFrom('menu_operation')
      .where('menu_id', '=', row.menu_id)
      .where('operation_code', '=', row.operation_code)
      .execute();
  }
}
