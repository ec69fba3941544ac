import { inject, injectable } from 'inversify';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type { UserGateway } from '../../application/ports/user-gateway.port';
import type { Page, PageRequest } from '../../domain/paging/page';
import { USER_IMPORT_TEMPLATE_CODE } from '../../domain/user/user';
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
import { HttpClient, HttpClientId } from './http-client';

const withExclude = (params: Record<string, unknown>, excludeId?: string) =>
  excludeId ? { ...params, excludeId } : params;

@injectable()
export class UserGatewayAdapter implements UserGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  async pageUsers(query: UserQuery, page: PageRequest): Promise<Page<UserRecord>> {
    const params: Record<string, unknown> = { current: page.current, size: page.size, ...filters(query) };
    const result = await this.http.get<Page<Omit<UserRecord, 'orgName'>>>('/api/authcenter/base/user/page', { params });
    return { ...result, records: result.records.map((r) => ({ ...r, orgName: '' })) };
  }

  listCompanies(keyIds: readonly string[]): Promise<CompanyName[]> {
    // Repeated keys without brackets (SPEC §7.1): the client's serializer writes keyIds=a&keyIds=b.
    return this.http.get<CompanyName[]>('/api/company/supplier/listcompany', {
      params: { keyIds: [...keyIds] },
      silent: true,
    });
  }

  async listOrganizations(): Promise<Array<CompanyName & { parentId: string }>> {
    const rows = await this.http.get<Array<CompanyName & { orgType: string; parentId: string }>>(
      '/api/authcenter/org/tenant/licensable/list',
      { silent: true },
    );
    // The parent lets the form show the organisations as their tree.
    return rows.map(({ keyId, enterpriseName, parentId }) => ({ keyId, enterpriseName, parentId }));
  }

  createUser(user: NewUser): Promise<{ userId: string; password: string }> {
    return this.http.post('/api/authcenter/base/user', { data: user });
  }

  async createPersonnel(userId: string, personnel: Personnel): Promise<string> {
    const { keyId } = await this.http.post<{ keyId: string }>('/api/company/personnel', {
      data: { userId, ...personnel },
    });
    return keyId;
  }

  async updateUser(userId: string, changes: UserChanges): Promise<void> {
    await this.http.put(`/api/authcenter/base/user/${encodeURIComponent(userId)}`, { data: changes });
  }

  async updatePersonnel(userId: string, personnel: Personnel): Promise<void> {
    await this.http.put(`/api/company/personnel/${encodeURIComponent(userId)}`, { data: { userId, ...personnel } });
  }

  userNameExists(userName: string, excludeId?: string): Promise<boolean> {
    return this.http.get<boolean>('api/authcenter/base/user/exist', {
      params: withExclude({ userName }, excludeId),
      silent: true,
    });
  }

  userByPhone(mobile: string, excludeId?: string): Promise<UserByPhone | null> {
    return this.http.get<UserByPhone | null>('/api/authcenter/base/user/getByPhone', {
      params: withExclude({ mobile }, excludeId),
      silent: true,
    });
  }

  oaAccountExists(oaAccount: string, excludeId?: string): Promise<boolean> {
    return this.http.get<boolean>('api/authcenter/base/user/exist/oa', {
      params: withExclude({ oaAccount }, excludeId),
      silent: true,
    });
  }

  assignableRoles(userId: string): Promise<UserRoles> {
    return this.http.get<UserRoles>(`/api/authcenter/base/user/roles/wsf/${encodeURIComponent(userId)}`);
  }

  rolesOfUser(userId: string): Promise<Array<{ roleId: string; roleCode: string; roleName: string }>> {
    return this.http.get(`/api/authcenter/base/user/roles/${encodeURIComponent(userId)}`);
  }

  async saveRoles(userId: string, roleIds: readonly string[], isAuthData: boolean): Promise<void> {
    await this.http.post('/api/authcenter/base/user/role', {
      params: { isAuthData: String(isAuthData) },
      data: { userId, roleIds: [...roleIds] },
    });
  }

  async resetPassword(userId: string): Promise<string> {
    const { password } = await this.http.post<{ password: string }>('api/authcenter/base/user/pwd/post', {
      data: { userId },
    });
    return password;
  }

  pageOperationLog(query: { targetId?: string }, page: PageRequest): Promise<Page<OperationLogEntry>> {
    const params: Record<string, unknown> = { current: page.current, size: page.size };
    if (query.targetId) params.targetId = query.targetId;
    return this.http.get<Page<OperationLogEntry>>('/api/authcenter/base/operlog/page', { params });
  }

  async exportUsers(query: UserQuery): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', '/api/authcenter/base/user/export', {
      params: filters(query),
      fallbackName: '用户列表.xlsx',
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  async downloadImportTemplate(): Promise<string> {
    const { blob, fileName } = await this.http.blob('POST', 'api/file/filegen/download/code', {
      params: { code: USER_IMPORT_TEMPLATE_CODE },
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  importUsers(file: Blob & { readonly name: string }): Promise<UserImportReport> {
    const form = new FormData();
    form.append('file', file, file.name);
    return this.http.upload<UserImportReport>('/api/authcenter/base/user/import', form, { silent: false });
  }
}

function filters(query: UserQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['userName', 'nickName', 'mobile'] as const) if (query[key].trim()) params[key] = query[key].trim();
  if (query.status) params.status = query.status;
  return params;
}
