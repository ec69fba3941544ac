// 证书管理, 企业认证, 个人认证: three plain resources over one table, told apart by kind. A certificate is
// 有效 until revoked (吊销, with a reason); a real-name certification is 待审核 until reviewed 已通过 or
// 已驳回 (驳回 needs a comment). One id number has at most one live record of a kind in a tenant. Credit
// code, resident ID and mobile follow the shared patterns (SPEC §5); ID and mobile numbers are masked in
// lists.
import { normalizeResidentId } from '../patterns/resident-id';
import { normalizeCreditCode } from '../patterns/social-credit-code';
import type { FieldDef, ResourceDef, ResourceRecord, StatusDef } from '../resource/resource';
import type { WorkflowTable } from '../workflow/workflow';

export const CERTIFICATE_PATH = '/basicDataManagement/certificateManagement';
export const ENTERPRISE_CERTIFICATION_PATH = '/basicDataManagement/enterpriseCertification';
export const PERSONAL_CERTIFICATION_PATH = '/basicDataManagement/personalCertification';

export type CertificateStatus = 'VALID' | 'REVOKED';
export type ReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export const HOLDER_TYPE_LABEL = { ENTERPRISE: '企业', PERSONAL: '个人' } as const;
export const DUPLICATE_ID_NUMBER = '该证件号码已有有效证书或待审核、已通过的认证';
const LIVE_INDEX = 'certification_live_id_number_uq';

const REVIEW_STATUSES: Record<ReviewStatus, StatusDef> = {
  PENDING: { label: '待审核', tone: 'warning' },
  APPROVED: { label: '已通过', tone: 'success' },
  REJECTED: { label: '已驳回', tone: 'danger' },
};

const storage = (kind: string) => ({
  table: 'certification',
  id: 'cert_id',
  scope: { kind },
  stamp:
    kind === 'CERTIFICATE' ? { comment: 'comment' } : { comment: 'comment', actor: 'reviewer_id', at: 'reviewed_at' },
  uniqueIndex: LIVE_INDEX,
});

/** 审核: 通过 (examine) or 驳回 (reject, with a comment), only while 待审核. */
export const REVIEW_WORKFLOW = (noun: string): WorkflowTable<ReviewStatus, ResourceRecord> => ({
  noun,
  statusOf: (r) => r.status as ReviewStatus,
  transitions: [
    {
      action: 'approve',
      label: '通过',
      op: 'examine',
      from: ['PENDING'],
      to: 'APPROVED',
      comment: 'optional',
      commentLabel: '审核意见',
      tone: 'success',
    },
    {
      action: 'reject',
      label: '驳回',
      op: 'reject',
      from: ['PENDING'],
      to: 'REJECTED',
      comment: 'required',
      commentLabel: '审核意见',
      commentMessage: '请输入驳回意见',
      tone: 'danger',
    },
  ],
});

const reviewFields: FieldDef[] = [
  { key: 'reviewerName', label: '审核人', type: 'text', column: 'reviewer_id', userName: true, list: { width: 100 } },
  { key: 'reviewTime', label: '审核时间', type: 'datetime', column: 'reviewed_at' },
  { key: 'comment', label: '审核意见', type: 'textarea' },
  { key: 'createTime', label: '提交时间', type: 'datetime', column: 'created_at', list: { width: 140 } },
];

export const CERTIFICATE: ResourceDef<CertificateStatus> = {
  name: 'certificate',
  api: '/api/company/certificate',
  menuPath: CERTIFICATE_PATH,
  title: '证书管理',
  noun: '证书',
  storage: storage('CERTIFICATE'),
  fields: [
    { key: 'certNo', label: '证书编号', type: 'text', list: { width: 160 } },
    {
      key: 'holderType',
      label: '持有者类型',
      type: 'enum',
      options: HOLDER_TYPE_LABEL,
      form: 'create',
      list: { width: 80 },
    },
    {
      key: 'holderName',
      label: '持有者名称',
      type: 'text',
      column: 'subject_name',
      form: 'create',
      search: 'like',
      list: { width: 180 },
    },
    {
      key: 'idNumber',
      label: '证件号码',
      type: 'text',
      max: 18,
      form: 'create',
      search: 'like',
      list: { width: 170 },
      mask: 'idNumber',
      pattern: (f) => (f.holderType === 'PERSONAL' ? 'residentId' : 'creditCode'),
      normalize: (v, f) => (f.holderType === 'PERSONAL' ? normalizeResidentId(v) : normalizeCreditCode(v)),
    },
    { key: 'validFrom', label: '生效日期', type: 'date' },
    { key: 'validTo', label: '有效期至', type: 'date', list: { width: 100 } },
    { key: 'comment', label: '吊销原因', type: 'textarea' },
    { key: 'createTime', label: '申请时间', type: 'datetime', column: 'created_at', list: { width: 140 } },
  ],
  statuses: { VALID: { label: '有效', tone: 'success' }, REVOKED: { label: '已吊销', tone: 'subtle' } },
  initialStatus: 'VALID',
  create: { label: '申请证书' },
  workflow: {
    noun: '证书',
    statusOf: (r) => r.status as CertificateStatus,
    transitions: [
      {
        action: 'revoke',
        label: '吊销',
        op: 'delete',
        from: ['VALID'],
        to: 'REVOKED',
        comment: 'required',
        commentLabel: '吊销原因',
        tone: 'danger',
      },
    ],
  },
  unique: { fields: ['idNumber'], statuses: ['VALID'], message: DUPLICATE_ID_NUMBER },
  sample: { holderType: 'ENTERPRISE', holderName: '契约样例企业有限公司', idNumber: '91310000MA1FL8XQ37' },
  titleField: 'holderName',
};

export const ENTERPRISE_CERTIFICATION: ResourceDef<ReviewStatus> = {
  name: 'enterpriseCertification',
  api: '/api/company/enterpriseCertification',
  menuPath: ENTERPRISE_CERTIFICATION_PATH,
  title: '企业认证',
  noun: '企业认证',
  storage: storage('ENTERPRISE'),
  fields: [
    {
      key: 'enterpriseName',
      label: '企业名称',
      type: 'text',
      column: 'subject_name',
      form: 'create',
      search: 'like',
      list: { width: 200 },
    },
    {
      key: 'creditCode',
      label: '统一社会信用代码',
      type: 'text',
      max: 18,
      column: 'id_number',
      form: 'create',
      search: 'like',
      list: { width: 180 },
      pattern: 'creditCode',
      normalize: normalizeCreditCode,
    },
    { key: 'legalPerson', label: '法定代表人', type: 'text', max: 30, form: 'create', list: { width: 100 } },
    ...reviewFields,
  ],
  statuses: REVIEW_STATUSES,
  initialStatus: 'PENDING',
  create: { label: '新增认证' },
  workflow: REVIEW_WORKFLOW('企业认证'),
  unique: { fields: ['creditCode'], statuses: ['PENDING', 'APPROVED'], message: DUPLICATE_ID_NUMBER },
  sample: { enterpriseName: '契约样例认证企业有限公司', creditCode: '91310000MA1FL8XQ37', legalPerson: '王样例' },
  titleField: 'enterpriseName',
};

export const PERSONAL_CERTIFICATION: ResourceDef<ReviewStatus> = {
  name: 'personalCertification',
  api: '/api/company/personalCertification',
  menuPath: PERSONAL_CERTIFICATION_PATH,
  title: '个人认证',
  noun: '个人认证',
  storage: storage('PERSONAL'),
  fields: [
    {
      key: 'personName',
      label: '姓名',
      type: 'text',
      max: 30,
      column: 'subject_name',
      form: 'create',
      search: 'like',
      list: { width: 120 },
    },
    {
      key: 'residentId',
      label: '身份证号码',
      type: 'text',
      max: 18,
      column: 'id_number',
      form: 'create',
      search: 'like',
      list: { width: 170 },
      pattern: 'residentId',
      normalize: normalizeResidentId,
      mask: 'idNumber',
    },
    {
      key: 'mobile',
      label: '手机号码',
      type: 'text',
      max: 11,
      form: 'create',
      list: { width: 120 },
      pattern: 'mobile',
      mask: 'mobile',
    },
    ...reviewFields,
  ],
  statuses: REVIEW_STATUSES,
  initialStatus: 'PENDING',
  create: { label: '新增认证' },
  workflow: REVIEW_WORKFLOW('个人认证'),
  unique: { fields: ['residentId'], statuses: ['PENDING', 'APPROVED'], message: DUPLICATE_ID_NUMBER },
  sample: { personName: '契约样例', residentId: '11010519491231002X', mobile: '13700001234' },
  titleField: 'personName',
};
