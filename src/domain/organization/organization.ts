// Organisations of a tenant (组织管理, 项目公司管理, 供应商管理): one record shape for the group, its
// subsidiaries and project companies, suppliers and capital sides, and one set of form rules and messages
// for the screens and the gateway, which is the authority. Credit code, mobile and e-mail use the shared
// patterns (SPEC §5, `checkPattern`); the words for required fields and lengths are ours.
import { checkPattern } from '../patterns/pattern-check';

export type OrgType = 'GROUP' | 'SUBSIDIARY' | 'PROJECT_COMPANY' | 'SUPPLIER' | 'CAPITAL_SIDE';
export type OrgStatus = 'ENABLED' | 'DISABLED';

export const ORG_TYPES: readonly OrgType[] = ['GROUP', 'SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'];
export const ORG_TYPE_LABEL: Readonly<Record<OrgType, string>> = {
  GROUP: '集团',
  SUBSIDIARY: '子公司',
  PROJECT_COMPANY: '项目公司',
  SUPPLIER: '供应商',
  CAPITAL_SIDE: '资金方',
};
export const ORG_STATUS_LABEL: Readonly<Record<OrgStatus, string>> = { ENABLED: '启用', DISABLED: '停用' };

export const ORG_MAIN_PATH = '/basicDataManagement/orgMain';
export const PROJECT_COMPANY_PATH = '/basicDataManagement/projectCompanyManagement';
export const ADD_PROJECT_COMPANY_PATH = '/addProjectCompany';
export const SUPPLIER_PATH = '/basicDataManagement/supplierManagement';
export const ADD_SUPPLIER_PATH = '/addSupplier';

/** An organisation as every screen reads it; text fields the record lacks are ''. */
export interface Organization {
  keyId: string;
  orgType: OrgType;
  /** '0' at the top. */
  parentId: string;
  parentName: string;
  enterpriseName: string;
  creditCode: string;
  contactName: string;
  contactMobile: string;
  email: string;
  address: string;
  status: OrgStatus;
  /** Suppliers only (SPEC §3 Supplier: gysId); '' otherwise. */
  gysId: string;
  /** Suppliers only: the sub-systems (applications of the tenant) it belongs to. */
  appIds: string[];
  version: number;
  createTime: string;
}

export interface OrganizationQuery {
  enterpriseName: string;
  creditCode: string;
  status: OrgStatus | '';
}

export const EMPTY_ORGANIZATION_QUERY: OrganizationQuery = { enterpriseName: '', creditCode: '', status: '' };

export interface OrganizationForm {
  enterpriseName: string;
  parentId: string;
  creditCode: string;
  contactName: string;
  contactMobile: string;
  email: string;
  address: string;
  appIds: string[];
}

export type OrganizationFormField = keyof OrganizationForm;
export type OrganizationFormErrors = Partial<Record<OrganizationFormField, string>>;

export const EMPTY_ORGANIZATION_FORM: OrganizationForm = {
  enterpriseName: '',
  parentId: '',
  creditCode: '',
  contactName: '',
  contactMobile: '',
  email: '',
  address: '',
  appIds: [],
};

export const OrgFormMessage = {
  nameRequired: '请输入企业名称',
  nameLength: '企业名称不能超过100个字符',
  nameTaken: '企业名称已存在',
  parentRequired: '请选择上级组织',
  parentInvalid: '上级组织不存在或不可选',
  creditCodeRequired: '请输入统一社会信用代码',
  creditCodeTaken: '统一社会信用代码已存在',
  contactNameLength: '联系人不能超过30个字符',
  contactMobileRequired: '请输入联系人手机号',
  addressLength: '地址不能超过200个字符',
  appsRequired: '请至少选择一个所属子系统',
  appInvalid: '所属子系统不存在',
  groupFixed: '集团不能新增或移动',
} as const;

/** Which rules a kind of organisation follows: companies that sign must name their credit code and a contact. */
function needsCompanyDetails(type: OrgType): boolean {
  return type === 'SUPPLIER' || type === 'PROJECT_COMPANY';
}

export function validateOrganizationField(
  field: OrganizationFormField,
  form: OrganizationForm,
  type: OrgType,
): string | null {
  switch (field) {
    case 'enterpriseName': {
      const v = form.enterpriseName.trim();
      if (!v) return OrgFormMessage.nameRequired;
      return [...v].length > 100 ? OrgFormMessage.nameLength : null;
    }
    case 'parentId':
      return type === 'GROUP' || form.parentId.trim() ? null : OrgFormMessage.parentRequired;
    case 'creditCode':
      if (!form.creditCode.trim()) return needsCompanyDetails(type) ? OrgFormMessage.creditCodeRequired : null;
      return checkPattern('creditCode', form.creditCode);
    case 'contactName':
      return [...form.contactName.trim()].length > 30 ? OrgFormMessage.contactNameLength : null;
    case 'contactMobile':
      if (!form.contactMobile.trim()) return needsCompanyDetails(type) ? OrgFormMessage.contactMobileRequired : null;
      return checkPattern('mobile', form.contactMobile);
    case 'email':
      return checkPattern('email', form.email);
    case 'address':
      return [...form.address.trim()].length > 200 ? OrgFormMessage.addressLength : null;
    case 'appIds':
      return type === 'SUPPLIER' && form.appIds.length === 0 ? OrgFormMessage.appsRequired : null;
  }
}

const FIELDS: readonly OrganizationFormField[] = [
  'enterpriseName',
  'parentId',
  'creditCode',
  'contactName',
  'contactMobile',
  'email',
  'address',
  'appIds',
];

export function validateOrganizationForm(form: OrganizationForm, type: OrgType): OrganizationFormErrors {
  const errors: OrganizationFormErrors = {};
  for (const field of FIELDS) {
    const message = validateOrganizationField(field, form, type);
    if (message) errors[field] = message;
  }
  return errors;
}

export function firstOrganizationFormError(form: OrganizationForm, type: OrgType): string | null {
  return Object.values(validateOrganizationForm(form, type))[0] ?? null;
}

/** The form as it stands for a record being edited. */
export function formOf(org: Organization): OrganizationForm {
  return {
    enterpriseName: org.enterpriseName,
    parentId: org.parentId === '0' ? '' : org.parentId,
    creditCode: org.creditCode,
    contactName: org.contactName,
    contactMobile: org.contactMobile,
    email: org.email,
    address: org.address,
    appIds: [...org.appIds],
  };
}

/** Which kinds may sit under which (the tree 组织管理 keeps): the group at the top, companies under it. */
export const ALLOWED_PARENT_TYPES: Readonly<Record<OrgType, readonly OrgType[]>> = {
  GROUP: [],
  SUBSIDIARY: ['GROUP', 'SUBSIDIARY'],
  PROJECT_COMPANY: ['GROUP', 'SUBSIDIARY'],
  SUPPLIER: ['GROUP', 'SUBSIDIARY'],
  CAPITAL_SIDE: ['GROUP'],
};

export interface OrganizationNode {
  org: Organization;
  children: OrganizationNode[];
}

/** The tenant's organisations as a tree; a record whose parent is not among them becomes a root. */
export function buildOrganizationTree(orgs: readonly Organization[]): OrganizationNode[] {
  const nodes = new Map(orgs.map((o) => [o.keyId, { org: o, children: [] as OrganizationNode[] }]));
  const roots: OrganizationNode[] = [];
  for (const o of orgs) {
    const node = nodes.get(o.keyId)!;
    const parent = o.parentId !== o.keyId ? nodes.get(o.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The organisation and everything below it: what may not become its parent. */
export function descendantIds(orgs: readonly Organization[], keyId: string): Set<string> {
  const out = new Set<string>([keyId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of orgs)
      if (!out.has(o.keyId) && out.has(o.parentId)) {
        out.add(o.keyId);
        grew = true;
      }
  }
  return out;
}

// ---- lookups (SPEC §7.2 Organisations and lookups) ----

export interface OrgRef {
  keyId: string;
  enterpriseName: string;
  orgType: OrgType;
}

export interface OrgAccount {
  userId: string;
  userName: string;
  nickName: string;
  mobile: string;
  status: OrgStatus;
  userType: 'STAFF' | 'SUPPLIER';
}

export interface SupplierOption {
  keyId: string;
  gysId: string;
  enterpriseName: string;
}

export interface CapitalSide {
  keyId: string;
  capitalSideCode: string;
  capitalSideName: string;
}
