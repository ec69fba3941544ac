import type { ServiceIdentifier } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type {
  CompanyName,
  NewUser,
  UserImportReport,
  OperationLogEntry,
  Personnel,
  UserByPhone,
  UserChanges,
  UserQuery,
  UserRecord,
  UserRoles,
} from '../../domain/user/user';

/** 用户管理's calls (SPEC §7.2 Users) and the organisation-name lookup its list uses. */
export interface UserGateway {
  /** One page; orgName is '' here — the list fills it in from `listCompanies`. */
  pageUsers(query: UserQuery, page: PageRequest): Promise<Page<UserRecord>>;
  listCompanies(keyIds: readonly string[]): Promise<CompanyName[]>;
  /** The organisations a user may belong to (the form's 所属组织). */
  /** parentId '0' (or one not listed) for a root. */
  listOrganizations(): Promise<Array<CompanyName & { parentId?: string }>>;
  /** The account; the answer holds the initial password, shown once. */
  createUser(user: NewUser): Promise<{ userId: string; password: string }>;
  createPersonnel(userId: string, personnel: Personnel): Promise<string>;
  updateUser(userId: string, changes: UserChanges): Promise<void>;
  updatePersonnel(userId: string, personnel: Personnel): Promise<void>;
  userNameExists(userName: string, excludeId?: string): Promise<boolean>;
  userByPhone(mobile: string, excludeId?: string): Promise<UserByPhone | null>;
  oaAccountExists(oaAccount: string, excludeId?: string): Promise<boolean>;
  /** Every role of the tenant, those of the user checked, and the user's data-authorisation flag. */
  assignableRoles(userId: string): Promise<UserRoles>;
  rolesOfUser(userId: string): Promise<Array<{ roleId: string; roleCode: string; roleName: string }>>;
  saveRoles(userId: string, roleIds: readonly string[], isAuthData: boolean): Promise<void>;
  /** The new password, shown once. */
  resetPassword(userId: string): Promise<string>;
  pageOperationLog(query: { targetId?: string }, page: PageRequest): Promise<Page<OperationLogEntry>>;
  /** Saves the query's users as .xlsx; answers the file name. */
  exportUsers(query: UserQuery): Promise<string>;
  /** Saves the import template (USER_IMPORT); answers the file name. */
  downloadImportTemplate(): Promise<string>;
  importUsers(file: Blob & { readonly name: string }): Promise<UserImportReport>;
}

export const UserGatewayId: ServiceIdentifier<UserGateway> = Symbol.for('UserGateway');
