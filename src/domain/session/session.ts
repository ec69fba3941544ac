// What a signed-in session is made of (SPEC §3, §4) and the rules of its initialisation (SPEC §8).
import { PRODUCT_APP_CODE } from '../constants';
import type { ServerMenuItem } from '../menu/menu';

export const GROUP_COMPANY_NAME = '远景控股集团';
/** SPEC §2.3: the document title is set to the group company's name on each navigation. */
export const DOCUMENT_TITLE = `${GROUP_COMPANY_NAME}供应链金融平台`;

export const SessionMessage = {
  noAppPermission: '没有获取到应用权限',
  configuring: '系统数据配置中',
  userInitFailed: (reason: string) => `用户信息初始化失败：${reason}`,
} as const;

export interface Credentials {
  username: string;
  password: string;
}

export interface SignedIn {
  token: string;
  tenantId: string;
  userId: string;
  clientId: string;
  nickName: string;
  expiresIn: number;
}

export interface CurrentUser {
  userId: string;
  userName: string;
  nickName: string;
  organizationId: string;
  orgName: string;
  tenantId: string;
  clientId: string;
  userType: 'STAFF' | 'SUPPLIER';
  gysId: string | null;
  authStatus: boolean;
}

export interface AppEntry {
  appCode: string;
  appId: string;
  appName: string;
  website: string;
}

export interface TenantEntry {
  tenantId: string;
  tenantName: string;
  appLists: AppEntry[];
}

export interface DictionaryEntry {
  dictTypeCode: string;
  dictTypeName: string;
  dictCode: string;
  dictName: string;
  sortNo: number;
}

export interface EncryptionSetting {
  key: string;
  enabled: boolean;
}

/** The part of a session kept in cookies (SPEC §3). sysId is the product application's id. */
export interface StoredSession {
  token: string;
  tenantId: string;
  sysId?: string;
  orgId?: string;
}

export interface SessionData {
  menus: ServerMenuItem[];
  user: CurrentUser;
  dictionaries: DictionaryEntry[];
  tenants: TenantEntry[];
}

/** The product application of the signed-in tenant, or of the first tenant that has it. */
export function findProductApp(tenants: readonly TenantEntry[], tenantId?: string): AppEntry | undefined {
  const ordered = [...tenants].sort((a, b) => Number(b.tenantId === tenantId) - Number(a.tenantId === tenantId));
  for (const t of ordered) {
    const app = t.appLists.find((a) => a.appCode === PRODUCT_APP_CODE);
    if (app) return app;
  }
  return undefined;
}

/** The applications of the signed-in tenant (used by the sub-system switch). */
export function tenantApps(tenants: readonly TenantEntry[], tenantId: string): AppEntry[] {
  return tenants.find((t) => t.tenantId === tenantId)?.appLists ?? tenants[0]?.appLists ?? [];
}
