import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { MenuGrant, MenuResource, Role, RoleForm, RoleQuery, RoleUser } from '../../domain/role/role';
import type { RoleExistCheck, RoleGateway, RoleUserPair } from '../../application/ports/role-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class RoleGatewayAdapter implements RoleGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  pageRoles(query: RoleQuery, page: PageRequest): Promise<Page<Role>> {
    const params: Record<string, unknown> = { current: page.current, size: page.size };
    if (query.roleName.trim()) params.roleName = query.roleName.trim();
    if (query.roleCode.trim()) params.roleCode = query.roleCode.trim();
    if (query.status) params.status = query.status;
    return this.http.get<Page<Role>>('api/authcenter/base/role/wsf/page', { params });
  }

  allRoles() {
    return this.http.get<Array<Pick<Role, 'roleId' | 'roleName' | 'roleCode'>>>('api/authcenter/base/role/wsf/all');
  }

  roleExists(check: RoleExistCheck): Promise<boolean> {
    const params: Record<string, unknown> = {};
    if (check.roleName !== undefined) params.roleName = check.roleName;
    if (check.roleCode !== undefined) params.roleCode = check.roleCode;
    if (check.excludeRoleId) params.roleId = check.excludeRoleId;
    return this.http.get<boolean>('/api/authcenter/base/role/exist', { params, silent: true });
  }

  createRole(form: RoleForm): Promise<Role> {
    return this.http.post<Role>('api/authcenter/base/role', { data: trimmed(form) });
  }

  updateRole(roleId: string, form: RoleForm, version: number): Promise<Role> {
    return this.http.put<Role>(`api/authcenter/base/role/${encodeURIComponent(roleId)}`, {
      data: { ...trimmed(form), version },
    });
  }

  async deleteRoles(roleIds: readonly string[]): Promise<void> {
    await this.http.put<null>('/api/authcenter/base/role/delstatus', { data: { roleIds } });
  }

  pageRoleUsers(roleId: string, name: string, page: PageRequest): Promise<Page<RoleUser>> {
    return this.http.get<Page<RoleUser>>(`/api/authcenter/base/role/users/${encodeURIComponent(roleId)}`, {
      params: userParams(name, page),
    });
  }

  pageUsersOutsideRole(roleId: string, name: string, page: PageRequest): Promise<Page<RoleUser>> {
    return this.http.get<Page<RoleUser>>('/api/authcenter/base/tenant/user/users/wsf/exclude', {
      params: { roleId, ...userParams(name, page) },
    });
  }

  async addUsersToRole(roleId: string, userIds: readonly string[]): Promise<void> {
    await this.http.post<null>('/api/authcenter/base/role/add/users', { data: { roleId, userIds } });
  }

  resources(roleId: string): Promise<MenuResource[]> {
    return this.http.get<MenuResource[]>('/api/authcenter/base/role/auth/resource', { params: { roleId } });
  }

  pageResources(roleId: string, menuName: string, page: PageRequest): Promise<Page<MenuResource>> {
    const params: Record<string, unknown> = { roleId, current: page.current, size: page.size };
    if (menuName.trim()) params.menuName = menuName.trim();
    return this.http.get<Page<MenuResource>>('api/authcenter/base/role/auth/resourceByPage', { params });
  }

  roleUserPairs(filter: { roleId?: string; userId?: string }): Promise<RoleUserPair[]> {
    const params: Record<string, unknown> = {};
    if (filter.roleId) params.roleId = filter.roleId;
    if (filter.userId) params.userId = filter.userId;
    return this.http.get<RoleUserPair[]>('/api/authcenter/base/role/user/list', { params });
  }

  async saveGrants(roleId: string, menus: readonly MenuGrant[]): Promise<void> {
    await this.http.post<null>('/api/authcenter/base/role/auth/roleAuth', { data: { roleId, menus } });
  }

  async grantInBatch(roleIds: readonly string[], menus: readonly MenuGrant[]): Promise<void> {
    await this.http.post<null>('/api/authcenter/base/role/auth/batch', { data: { roleIds, menus } });
  }
}

function trimmed(form: RoleForm): RoleForm {
  return {
    roleName: form.roleName.trim(),
    roleCode: form.roleCode.trim(),
    status: form.status,
    remark: form.remark.trim(),
  };
}

function userParams(name: string, page: PageRequest): Record<string, unknown> {
  return { current: page.current, size: page.size, ...(name.trim() ? { name: name.trim() } : {}) };
}
