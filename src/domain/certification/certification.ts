// 证书管理, 企业认证, 个人认证 (issue 5): certificate records (apply, view, revoke) and real-name certification
// records (enterprise: name, unified social credit code, legal person; person: name, resident ID, mobile)
// with their review status. One plain-resource pattern for the three: each kind names its fields, and one set
// of rules checks a form in the screen and in the gateway, which is the authority. Credit code, resident ID
// and mobile use the shared patterns (SPEC §5, `checkPattern`); the words for required fields and lengths
// are ours.
import { checkPattern, type PatternKind } from '../patterns/pattern-check';

export const CERTIFICATE_PATH = '/basicDataManagement/certificateManagement';
export const ENTERPRISE_CERTIFICATION_PATH = '/basicDataManagement/enterpriseCertification';
export const PERSONAL_CERTIFICATION_PATH = '/basicDataManagement/personalCertification';

export type CertificationKind = 'CERTIFICATE' | 'ENTERPRISE' | 'PERSONAL';
export type HolderType = 'ENTERPRISE' | 'PERSONAL';
export type CertificateStatus = 'VALID' | 'REVOKED';
export type ReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type CertificationStatus = CertificateStatus | ReviewStatus;
export type ReviewResult = 'APPROVED' | 'REJECTED';

export const HOLDER_TYPE_LABEL: Readonly<Record<HolderType, string>> = { ENTERPRISE: '企业', PERSONAL: '个人' };
export const STATUS_LABEL: Readonly<Record<CertificationStatus, string>> = {
  VALID: '有效', REVOKED: '已吊销', PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回',
};

/** One record of any kind as every screen reads it; what a kind lacks is ''. */
export interface CertificationRecord {
  keyId: string;
  /** Certificates: 证书编号. */
  certNo: string;
  /** Certificates: whose it is. */
  holderType: HolderType | '';
  /** Enterprise or person name. */
  name: string;
  /** Credit code (enterprise) or resident ID (person). */
  idNumber: string;
  legalPerson: string;
  mobile: string;
  status: CertificationStatus;
  validFrom: string;
  validTo: string;
  /** The review's comment or the revocation's reason. */
  comment: string;
  reviewerName: string;
  reviewTime: string;
  version: number;
  createTime: string;
}

export type CertificationForm = Record<string, string>;
export type CertificationFormErrors = Partial<Record<string, string>>;

export interface FieldRule {
  /** The wire and form name. */
  field: string;
  label: string;
  max: number;
  /** A choice from these, by value. */
  options?: Readonly<Record<string, string>>;
  /** The shared pattern the value must follow, which may depend on the rest of the form. */
  pattern?: (form: CertificationForm) => PatternKind;
}

export interface KindSpec {
  kind: CertificationKind;
  path: string;
  title: string;
  /** The record's word in buttons and messages. */
  noun: string;
  /** Wire names of the name and id-number fields (query and body). */
  nameField: string;
  idField: string;
  fields: readonly FieldRule[];
  statuses: readonly CertificationStatus[];
}

export const CERTIFICATE_SPEC: KindSpec = {
  kind: 'CERTIFICATE', path: CERTIFICATE_PATH, title: '证书管理', noun: '证书', nameField: 'holderName', idField: 'idNumber',
  fields: [
    { field: 'holderType', label: '持有者类型', max: 10, options: HOLDER_TYPE_LABEL },
    { field: 'holderName', label: '持有者名称', max: 100 },
    { field: 'idNumber', label: '证件号码', max: 18, pattern: (f) => (f.holderType === 'PERSONAL' ? 'residentId' : 'creditCode') },
  ],
  statuses: ['VALID', 'REVOKED'],
};

export const ENTERPRISE_SPEC: KindSpec = {
  kind: 'ENTERPRISE', path: ENTERPRISE_CERTIFICATION_PATH, title: '企业认证', noun: '企业认证', nameField: 'enterpriseName', idField: 'creditCode',
  fields: [
    { field: 'enterpriseName', label: '企业名称', max: 100 },
    { field: 'creditCode', label: '统一社会信用代码', max: 18, pattern: () => 'creditCode' },
    { field: 'legalPerson', label: '法定代表人', max: 30 },
  ],
  statuses: ['PENDING', 'APPROVED', 'REJECTED'],
};

export const PERSONAL_SPEC: KindSpec = {
  kind: 'PERSONAL', path: PERSONAL_CERTIFICATION_PATH, title: '个人认证', noun: '个人认证', nameField: 'personName', idField: 'residentId',
  fields: [
    { field: 'personName', label: '姓名', max: 30 },
    { field: 'residentId', label: '身份证号码', max: 18, pattern: () => 'residentId' },
    { field: 'mobile', label: '手机号码', max: 11, pattern: () => 'mobile' },
  ],
  statuses: ['PENDING', 'APPROVED', 'REJECTED'],
};

export const KIND_SPECS: Readonly<Record<CertificationKind, KindSpec>> = { CERTIFICATE: CERTIFICATE_SPEC, ENTERPRISE: ENTERPRISE_SPEC, PERSONAL: PERSONAL_SPEC };

export const CertificationMessage = {
  required: (label: string) => `请${label.endsWith('类型') ? '选择' : '输入'}${label}`,
  tooLong: (label: string, max: number) => `${label}不能超过${max}个字符`,
  optionInvalid: (label: string) => `${label}不正确`,
  duplicate: '该证件号码已有有效证书或待审核、已通过的认证',
  notPending: '只能审核待审核的记录',
  notValid: '只能吊销有效的证书',
  commentRequired: '请输入驳回意见',
  reasonRequired: '请输入吊销原因',
  commentLength: '意见不能超过200个字符',
} as const;

export function emptyForm(spec: KindSpec): CertificationForm {
  return Object.fromEntries(spec.fields.map((r) => [r.field, r.options ? Object.keys(r.options)[0]! : '']));
}

export function validateCertificationField(rule: FieldRule, form: CertificationForm, today: Date = new Date()): string | null {
  const value = (form[rule.field] ?? '').trim();
  if (!value) return CertificationMessage.required(rule.label);
  if (rule.options) return value in rule.options ? null : CertificationMessage.optionInvalid(rule.label);
  if ([...value].length > rule.max) return CertificationMessage.tooLong(rule.label, rule.max);
  return rule.pattern ? checkPattern(rule.pattern(form), value, today) : null;
}

export function validateCertificationForm(spec: KindSpec, form: CertificationForm, today: Date = new Date()): CertificationFormErrors {
  const errors: CertificationFormErrors = {};
  for (const rule of spec.fields) {
    const message = validateCertificationField(rule, form, today);
    if (message) errors[rule.field] = message;
  }
  return errors;
}

export function firstCertificationFormError(spec: KindSpec, form: CertificationForm, today: Date = new Date()): string | null {
  return Object.values(validateCertificationForm(spec, form, today))[0] ?? null;
}

/** A review's or revocation's comment: required to reject or revoke, at most 200 characters. */
export function checkComment(comment: string, required: 'reject' | 'revoke' | null): string | null {
  const value = comment.trim();
  if (!value && required) return required === 'reject' ? CertificationMessage.commentRequired : CertificationMessage.reasonRequired;
  return [...value].length > 200 ? CertificationMessage.commentLength : null;
}

export interface CertificationQuery {
  name: string;
  idNumber: string;
  status: CertificationStatus | '';
}

export const EMPTY_CERTIFICATION_QUERY: CertificationQuery = { name: '', idNumber: '', status: '' };

/** The record's value for a field of its kind's form. */
export function fieldValue(record: CertificationRecord, spec: KindSpec, field: string): string {
  if (field === spec.nameField) return record.name;
  if (field === spec.idField) return record.idNumber;
  if (field === 'holderType') return record.holderType ? HOLDER_TYPE_LABEL[record.holderType] : '';
  if (field === 'legalPerson') return record.legalPerson;
  if (field === 'mobile') return record.mobile;
  return '';
}
