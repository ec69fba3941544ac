import type { ServiceIdentifier } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { MenuGrant, MenuResource, Role, RoleForm, RoleQuery, RoleUser } from '../../domain/role/role';

export interface RoleExistCheck {
  roleName?: string;
  roleCode?: string;
  /** When editing: the role itself does not count. */
  excludeRoleId?: string;
}

/** 角色管理 and 角色权限 (SPEC §7.2 Roles). */
export interface RoleGateway {
  pageRoles(query: RoleQuery, page: PageRequest): Promise<Page<Role>>;
  allRoles(): Promise<Array<Pick<Role, 'roleId' | 'roleName' | 'roleCode'>>>;
  /** Silent: asked while the user types. */
  roleExists(check: RoleExistCheck): Promise<boolean>;
  createRole(form: RoleForm): Promise<Role>;
  updateRole(roleId: string, form: RoleForm, version: number): Promise<Role>;
  deleteRoles(roleIds: readonly string[]): Promise<void>;
  pageRoleUsers(roleId: string, name: string, page: PageRequest): Promise<Page<RoleUser>>;
  pageUsersOutsideRole(roleId: string, name: string, page: PageRequest): Promise<Page<RoleUser>>;
  addUsersToRole(roleId: string, userIds: readonly string[]): Promise<void>;
  resources(roleId: string): Promise<MenuResource[]>;
  /** The pages (not the area groups) by name, with what the role holds on each. */
  pageResources(roleId: string, menuName: string, page: PageRequest): Promise<Page<MenuResource>>;
  /** Role ↔ user pairs of the tenant's roles, for one role or one user. */
  roleUserPairs(filter: { roleId?: string; userId?: string }): Promise<RoleUserPair[]>;
  saveGrants(roleId: string, menus: readonly MenuGrant[]): Promise<void>;
  grantInBatch(roleIds: readonly string[], menus: readonly MenuGrant[]): Promise<void>;
}

export interface RoleUserPair {
  roleId: string;
  roleName: string;
  roleCode: string;
  userId: string;
  userName: string;
  nickName: string;
}

export const RoleGatewayId: ServiceIdentifier<RoleGateway> = Symbol.for('RoleGateway');
