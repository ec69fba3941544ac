import type { ServiceIdentifier } from 'inversify';
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

/** 供应商管理 and 项目公司管理 are one kind of resource each; 组织管理 ('org') is the whole tree. */
export type OrgResource = 'supplier' | 'projectCompany' | 'org';

/** 组织管理, 项目公司管理, 供应商管理 and the organisation lookups (SPEC §7.2 Organisations and lookups). */
export interface OrganizationGateway {
  page(
    resource: 'supplier' | 'projectCompany',
    query: OrganizationQuery & { gysId?: string },
    page: PageRequest,
  ): Promise<Page<Organization>>;
  get(resource: 'supplier' | 'projectCompany', keyId: string): Promise<Organization>;
  /** A supplier's answer carries its new gysId; others ''. `type` is for 'org' only. */
  create(resource: OrgResource, form: OrganizationForm, type?: OrgType): Promise<{ keyId: string; gysId: string }>;
  update(resource: OrgResource, keyId: string, form: OrganizationForm, version: number): Promise<void>;
  setStatus(resource: OrgResource, keyId: string, status: OrgStatus, version: number): Promise<void>;
  tree(): Promise<Organization[]>;
  accounts(orgId: string, page: PageRequest): Promise<Page<OrgAccount>>;
  topOfCurrentUser(): Promise<OrgRef | null>;
  supplierOptions(enterpriseName?: string): Promise<SupplierOption[]>;
  capitalSides(): Promise<CapitalSide[]>;
  byType(orgType: OrgType): Promise<Array<OrgRef & { parentId: string }>>;
}

export const OrganizationGatewayId: ServiceIdentifier<OrganizationGateway> = Symbol.for('OrganizationGateway');
