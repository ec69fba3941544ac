// 证书管理, 企业认证, 个人认证: one schema set per kind, from the kind's fields. Query and path values are
// strings on the wire; bodies are strict JSON (no coercion, no unknown fields).
import type { KindSpec } from '../../../../src/domain/certification/certification';
import { envelopeResponses } from '../../plugins/envelope';

const id = { type: 'string', minLength: 1, maxLength: 64 };
const text = (max: number) => ({ type: 'string', maxLength: max });
const paging = {
  current: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  size: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
};
const idParams = { type: 'object', required: ['id'], properties: { id } };
const version = { type: 'integer', minimum: 1 };
const str = { type: 'string' };

export const certificationRecord = {
  type: 'object',
  required: [
    'keyId', 'certNo', 'holderType', 'name', 'idNumber', 'legalPerson', 'mobile', 'status', 'validFrom', 'validTo', 'comment', 'reviewerName',
    'reviewTime', 'version', 'createTime',
  ],
  properties: {
    keyId: str,
    certNo: { type: 'string', description: '证书编号（仅证书）' },
    holderType: { type: 'string', enum: ['ENTERPRISE', 'PERSONAL', ''], description: '持有者类型（仅证书）' },
    name: { type: 'string', description: '企业名称或姓名' },
    idNumber: { type: 'string', description: '统一社会信用代码或身份证号码' },
    legalPerson: { type: 'string', description: '法定代表人（仅企业认证）' },
    mobile: { type: 'string', description: '手机号码（仅个人认证）' },
    status: { type: 'string', enum: ['VALID', 'REVOKED', 'PENDING', 'APPROVED', 'REJECTED'] },
    validFrom: str,
    validTo: str,
    comment: { type: 'string', description: '审核意见或吊销原因' },
    reviewerName: str,
    reviewTime: str,
    version: { type: 'integer' },
    createTime: str,
  },
};

export interface PageQuery {
  current?: string;
  size?: string;
  status?: string;
  [field: string]: string | undefined;
}

export const pageSchema = (spec: KindSpec) => ({
  tags: ['company'],
  summary: `${spec.title}分页查询（名称、证件号码模糊匹配；状态精确匹配）`,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { ...paging, [spec.nameField]: text(100), [spec.idField]: text(18), status: { type: 'string', enum: [...spec.statuses] } },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['records', 'total', 'current', 'size'],
    properties: { records: { type: 'array', items: certificationRecord }, total: { type: 'integer' }, current: { type: 'integer' }, size: { type: 'integer' } },
  }),
});

export const detailSchema = (spec: KindSpec) => ({ tags: ['company'], summary: `${spec.noun}详情`, params: idParams, response: envelopeResponses(certificationRecord) });

export const createSchema = (spec: KindSpec) => ({
  tags: ['company'],
  summary: spec.kind === 'CERTIFICATE' ? '申请证书（证书编号与有效期由网关生成）' : `新增${spec.noun}（待审核）`,
  body: {
    type: 'object',
    additionalProperties: false,
    required: spec.fields.map((f) => f.field),
    properties: Object.fromEntries(spec.fields.map((f) => [f.field, f.options ? { type: 'string', enum: Object.keys(f.options) } : text(f.max + 20)])),
  },
  response: envelopeResponses({ type: 'object', required: ['keyId', 'certNo'], properties: { keyId: str, certNo: { type: 'string', description: '新证书的编号；认证为空' } } }),
});

export interface RevokeBody {
  reason: string;
  version: number;
}

export const revokeSchema = {
  tags: ['company'],
  summary: '吊销证书（仅有效的证书；version 过期时 160300409）',
  params: idParams,
  body: { type: 'object', additionalProperties: false, required: ['reason', 'version'], properties: { reason: text(400), version } },
  response: envelopeResponses({ type: 'null' }),
};

export interface ReviewBody {
  result: 'APPROVED' | 'REJECTED';
  comment?: string;
  version: number;
}

export const reviewSchema = (spec: KindSpec) => ({
  tags: ['company'],
  summary: `审核${spec.noun}（APPROVED 需 examine，REJECTED 需 reject 且须填写意见；仅待审核的记录；version 过期时 160300409）`,
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['result', 'version'],
    properties: { result: { type: 'string', enum: ['APPROVED', 'REJECTED'] }, comment: text(400), version },
  },
  response: envelopeResponses({ type: 'null' }),
});
