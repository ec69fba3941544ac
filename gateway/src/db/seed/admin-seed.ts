// A seed beside the demo tenant of DESIGN.md §3: the read-only `auditor` of 远景控股集团 (用户管理 and
// 角色管理 without any operation code), and a second tenant, 星河建设集团, with its own applications,
// organisations, admin `xh_admin` and a few staff — so that tenant isolation is something the tests and a
// person can see. Inserts ignore existing rows, like the demo seed.
import type { Transaction } from 'kysely';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import type { OperationCode } from '../../../../src/domain/menu/route-catalogue';
import { DASHBOARD_ROUTE, REVIEW_TYPE_CONFIG_PATH } from '../../../../src/domain/menu/route-catalogue';
import type { Database, OrganizationTable } from '../database';

export const XH_TENANT_ID = '2000000000000000001';
export const XH_TENANT_NAME = '星河建设集团';

export const XhOrg = {
  group: '2100000000000000101',
  chengduConstruction: '2100000000000000102',
  wuhanProject: '2100000000000000103',
  supplier: '2100000000000000131',
} as const;

export const AuditorRole = '1200000000000000009';
export const XhRole = { admin: '2200000000000000001', staff: '2200000000000000002' } as const;

export const USER_MANAGEMENT_PATH = '/basicDataManagement/userManagment';
export const ROLE_MANAGEMENT_PATH = '/basicDataManagement/rolesManagment';

export interface SeedAccount {
  userId: string;
  tenantId: string;
  userName: string;
  password: string;
  nickName: string;
  orgId: string;
  roleId: string;
  mobile: string;
}

export function adminSeedAccounts(demoTenantId: string, demoGroupOrg: string): SeedAccount[] {
  return [
    {
      userId: '1300000000000000009',
      tenantId: demoTenantId,
      userName: 'auditor',
      password: 'Auditor@2026',
      nickName: '审计员',
      orgId: demoGroupOrg,
      roleId: AuditorRole,
      mobile: '13800000009',
    },
    {
      userId: '2300000000000000101',
      tenantId: XH_TENANT_ID,
      userName: 'xh_admin',
      password: 'Admin@2026',
      nickName: '星河管理员',
      orgId: XhOrg.group,
      roleId: XhRole.admin,
      mobile: '13900000001',
    },
    {
      userId: '2300000000000000102',
      tenantId: XH_TENANT_ID,
      userName: 'xh_zhangwei',
      password: 'Staff@2026',
      nickName: '张伟',
      orgId: XhOrg.chengduConstruction,
      roleId: XhRole.staff,
      mobile: '13900000002',
    },
    {
      userId: '2300000000000000103',
      tenantId: XH_TENANT_ID,
      userName: 'xh_liuyang',
      password: 'Staff@2026',
      nickName: '刘洋',
      orgId: XhOrg.wuhanProject,
      roleId: XhRole.staff,
      mobile: '13900000003',
    },
  ];
}

const XH_ORGANIZATIONS: Omit<OrganizationTable, 'tenant_id'>[] = [
  {
    org_id: XhOrg.group,
    parent_id: null,
    org_name: '星河建设集团',
    org_type: 'GROUP',
    gys_id: null,
    data_auth_state: null,
    sort_no: 1,
  },
  {
    org_id: XhOrg.chengduConstruction,
    parent_id: XhOrg.group,
    org_name: '星河建设(成都)有限公司',
    org_type: 'SUBSIDIARY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 2,
  },
  {
    org_id: XhOrg.wuhanProject,
    parent_id: XhOrg.chengduConstruction,
    org_name: '武汉星河置业有限公司',
    org_type: 'PROJECT_COMPANY',
    gys_id: null,
    data_auth_state: null,
    sort_no: 3,
  },
  {
    org_id: XhOrg.supplier,
    parent_id: XhOrg.group,
    org_name: '四川蜀道建材有限公司',
    org_type: 'SUPPLIER',
    gys_id: 'GYS202500031',
    data_auth_state: 'AUTHORIZED',
    sort_no: 11,
  },
];

const XH_APPS = [
  { app_id: '2010000000000000001', app_code: 'wsf_app', app_name: '供应链金融', website: '/', sort_no: 1 },
  { app_id: '2010000000000000002', app_code: 'wsf_report', app_name: '报表中心', website: '', sort_no: 2 },
];

interface GrantMenu {
  menu_id: string;
  path: string;
  ops: readonly OperationCode[];
  isRoute: boolean;
  area: string;
}

/** Tenant, organisations, roles and their grants; the accounts are inserted by the demo seed with its hashes. */
export async function seedAdministration(
  trx: Transaction<Database>,
  menus: readonly GrantMenu[],
  demoTenantId: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('tenant')
    .values({ tenant_id: XH_TENANT_ID, tenant_name: XH_TENANT_NAME })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  await trx
    .insertInto('app')
    .values(XH_APPS.map((a) => ({ ...a, tenant_id: XH_TENANT_ID })))
    .onConflict((oc) => oc.column('app_id').doNothing())
    .execute();
  await trx
    .insertInto('organization')
    .values(XH_ORGANIZATIONS.map((o) => ({ ...o, tenant_id: XH_TENANT_ID, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  await trx
    .insertInto('role')
    .values(
      [
        { role_id: AuditorRole, tenant_id: demoTenantId, role_code: 'AUDITOR', role_name: '审计员' },
        { role_id: XhRole.admin, tenant_id: XH_TENANT_ID, role_code: 'PLATFORM_ADMIN', role_name: '平台管理员' },
        { role_id: XhRole.staff, tenant_id: XH_TENANT_ID, role_code: 'BUSINESS_OPERATOR', role_name: '业务经办' },
      ].map((r) => ({ ...r, created_at: now, updated_at: now })),
    )
    .onConflict((oc) => oc.column('role_id').doNothing())
    .execute();

  const routes = menus.filter((m) => m.isRoute);
  const dashboard = menuIdForPath(DASHBOARD_ROUTE.path);
  const auditorMenus = [dashboard, menuIdForPath(USER_MANAGEMENT_PATH), menuIdForPath(ROLE_MANAGEMENT_PATH)];
  const grants: Array<{ roleId: string; menu: GrantMenu; ops: readonly OperationCode[] }> = [];
  for (const menu of routes) {
    grants.push({ roleId: XhRole.admin, menu, ops: menu.ops });
    // A maker does not choose its reviewers (BUSINESS.md §1.5): 审核类型配置 is read-only to the staff role.
    const reviewConfig = menu.menu_id === menuIdForPath(REVIEW_TYPE_CONFIG_PATH);
    if (menu.menu_id === dashboard || ['/business', '/workbench'].includes(menu.area))
      grants.push({ roleId: XhRole.staff, menu, ops: reviewConfig ? [] : menu.ops });
    if (auditorMenus.includes(menu.menu_id)) grants.push({ roleId: AuditorRole, menu, ops: [] });
  }
  await trx
    .insertInto('role_menu')
    .values(grants.map((g) => ({ role_id: g.roleId, menu_id: g.menu.menu_id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();
  const ops = grants.flatMap((g) =>
    g.ops.map((op) => ({ role_id: g.roleId, menu_id: g.menu.menu_id, operation_code: op })),
  );
  if (ops.length) {
    await trx
      .insertInto('role_menu_operation')
      .values(ops)
      .onConflict((oc) => oc.columns(['role_id', 'menu_id', 'operation_code']).doNothing())
      .execute();
  }
}
