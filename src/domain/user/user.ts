// 用户管理 (/basicDataManagement/userManagment): what the list shows and filters by, and what the dialogs
// read and write (SPEC §3 User, §7.2 Users).
import type { UserForm, UserStatus } from './user-form';

export const USER_MANAGEMENT_PATH = '/basicDataManagement/userManagment';

export interface UserRecord {
  userId: string;
  userName: string;
  nickName: string;
  organizationId: string;
  /** Derived from the organisation lookup (SPEC §3); '' until known. */
  orgName: string;
  mobile: string;
  email: string;
  idNumber: string;
  oaAccount: string;
  status: UserStatus;
  userType: 'STAFF' | 'SUPPLIER';
  isAuthData: boolean;
  version: number;
  createTime: string;
}

export interface UserQuery {
  userName: string;
  nickName: string;
  mobile: string;
  status: UserStatus | '';
}

export const EMPTY_USER_QUERY: UserQuery = { userName: '', nickName: '', mobile: '', status: '' };

export interface CompanyName {
  keyId: string;
  enterpriseName: string;
}

export interface AssignableRole {
  roleId: string;
  roleCode: string;
  roleName: string;
  checked: boolean;
}

export interface UserRoles {
  isAuthData: boolean;
  roles: AssignableRole[];
}

export interface UserByPhone {
  userId: string;
  userName: string;
  nickName: string;
}

export interface NewUser {
  userName: string;
  nickName: string;
  organizationId: string;
  mobile: string;
  oaAccount?: string;
}

export interface UserChanges {
  nickName?: string;
  organizationId?: string;
  mobile?: string;
  oaAccount?: string;
  status?: UserStatus;
}

export interface Personnel {
  name: string;
  mobile: string;
  email?: string;
  idNumber?: string;
}

export interface OperationLogEntry {
  keyId: string;
  userId: string;
  userName: string;
  operateTime: string;
  action: string;
  targetType: string;
  targetId: string;
  before: string | null;
  after: string | null;
}

export const OPERATION_LABEL: Readonly<Record<string, string>> = {
  'user.create': '新增用户',
  'user.update': '编辑用户',
  'user.enable': '启用用户',
  'user.disable': '停用用户',
  'user.roles': '分配角色',
  'user.resetPassword': '重置密码',
  'user.import': '导入用户',
  'personnel.create': '新增人员信息',
  'personnel.update': '编辑人员信息',
  'organization.create': '新增组织',
  'organization.update': '编辑组织',
  'organization.enable': '启用组织',
  'organization.disable': '停用组织',
  'certificate.apply': '申请证书',
  'certificate.revoke': '吊销证书',
  'enterpriseCertification.create': '新增企业认证',
  'enterpriseCertification.approve': '通过企业认证',
  'enterpriseCertification.reject': '驳回企业认证',
  'personalCertification.create': '新增个人认证',
  'personalCertification.approve': '通过个人认证',
  'personalCertification.reject': '驳回个人认证',
};

/** The organisation ids of a page, each once, for the name lookup. */
export function organizationIdsOf(records: readonly Pick<UserRecord, 'organizationId'>[]): string[] {
  return [...new Set(records.map((r) => r.organizationId).filter((id) => id !== ''))];
}

export function withOrgNames<T extends { organizationId: string }>(
  records: readonly T[],
  names: readonly CompanyName[],
): Array<T & { orgName: string }> {
  const byId = new Map(names.map((n) => [n.keyId, n.enterpriseName]));
  return records.map((r) => ({ ...r, orgName: byId.get(r.organizationId) ?? '' }));
}

/** The form a user's edit dialog starts from. */
export function formOf(user: UserRecord): UserForm {
  return {
    userName: user.userName,
    nickName: user.nickName,
    organizationId: user.organizationId,
    mobile: user.mobile,
    email: user.email,
    idNumber: user.idNumber,
    oaAccount: user.oaAccount,
  };
}

/** The answer to an import: how many rows were read, the accounts made (each password shown once), the refusals. */
export interface UserImportReport {
  total: number;
  imported: Array<{ row: number; userName: string; password: string }>;
  errors: Array<{ row: number; message: string }>;
}

export const USER_IMPORT_TEMPLATE_CODE = 'USER_IMPORT';
