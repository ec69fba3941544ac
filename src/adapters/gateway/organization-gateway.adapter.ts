import { inject, injectable } from 'inversify';
import type { OrganizationGateway, OrgResource } from '../../application/ports/organization-gateway.port';
import type {
  CapitalSide,
  OrgAccount,
  OrgRef,
  OrgStatus,
  OrgType,
  Organization,
  OrganizationForm,
  OrganizationQuery,
  SupplierOption,
} from '../../domain/organization/organization';
import type { Page, PageRequest } from '../../domain/paging/page';
import { HttpClient, HttpClientId } from './http-client';

const BASE: Record<OrgResource, string> = {
  supplier: '/api/company/supplier',
  projectCompany: '/api/company/projectCompany',
  org: '/api/authcenter/org',
};

/** The body the gateway stores: trimmed text, the parent only where one is chosen, sub-systems for suppliers. */
function bodyOf(resource: OrgResource, form: OrganizationForm, type?: OrgType): Record<string, unknown> {
  const body: Record<string, unknown> = { enterpriseName: form.enterpriseName.trim() };
  if (form.parentId) body.parentId = form.parentId;
  for (const key of ['creditCode', 'contactName', 'contactMobile', 'email', 'address'] as const)
    body[key] = form[key].trim();
  if (resource === 'supplier' || type === 'SUPPLIER') body.appIds = [...form.appIds];
  return body;
}

@injectable()
export class OrganizationGatewayAdapter implements OrganizationGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  page(
    resource: 'supplier' | 'projectCompany',
    query: OrganizationQuery & { gysId?: string },
    page: PageRequest,
  ): Promise<Page<Organization>> {
    const params: Record<string, unknown> = { current: page.current, size: page.size };
    for (const key of ['enterpriseName', 'creditCode', 'gysId'] as const)
      if (query[key]?.trim()) params[key] = query[key]!.trim();
    if (query.status) params.status = query.status;
    return this.http.get<Page<Organization>>(`${BASE[resource]}/page`, { params });
  }

  get(resource: 'supplier' | 'projectCompany', keyId: string): Promise<Organization> {
    return this.http.get<Organization>(`${BASE[resource]}/${encodeURIComponent(keyId)}`);
  }

  create(resource: OrgResource, form: OrganizationForm, type?: OrgType): Promise<{ keyId: string; gysId: string }> {
    const data = bodyOf(resource, form, type);
    if (resource === 'org') data.orgType = type;
    return this.http.post(BASE[resource], { data });
  }

  async update(resource: OrgResource, keyId: string, form: OrganizationForm, version: number): Promise<void> {
    const data = bodyOf(resource, form);
    if (resource === 'org' && form.appIds.length) data.appIds = [...form.appIds];
    await this.http.put(`${BASE[resource]}/${encodeURIComponent(keyId)}`, { data: { ...data, version } });
  }

  async setStatus(resource: OrgResource, keyId: string, status: OrgStatus, version: number): Promise<void> {
    await this.http.put(`${BASE[resource]}/status/${encodeURIComponent(keyId)}`, { data: { status, version } });
  }

  tree(): Promise<Organization[]> {
    return this.http.get<Organization[]>('/api/authcenter/org/tree');
  }

  accounts(orgId: string, page: PageRequest): Promise<Page<OrgAccount>> {
    return this.http.get<Page<OrgAccount>>('/api/authcenter/org/account/page', {
      params: { orgId, current: page.current, size: page.size },
    });
  }

  topOfCurrentUser(): Promise<OrgRef | null> {
    return this.http.get<OrgRef | null>('/api/authcenter/org/user/top', { silent: true });
  }

  supplierOptions(enterpriseName?: string): Promise<SupplierOption[]> {
    return this.http.get<SupplierOption[]>('/api/company/supplier/drop', {
      params: enterpriseName?.trim() ? { enterpriseName: enterpriseName.trim() } : {},
      silent: true,
    });
  }

  capitalSides(): Promise<CapitalSide[]> {
    return this.http.get<CapitalSide[]>('/api/capital/side/list', { silent: true });
  }

  byType(orgType: OrgType): Promise<Array<OrgRef & { parentId: string }>> {
    return this.http.get('/api/company/supplier/listbylabel', { params: { orgType }, silent: true });
  }
}
