// 组织管理, 项目公司管理, 供应商管理 and the organisation lookups (SPEC §7.2 Organisations and lookups). Query
// and path values are strings on the wire; bodies are strict JSON (no coercion, no unknown fields).
import { envelopeResponses } from '../../plugins/envelope';

const id = { type: 'string', minLength: 1, maxLength: 64 };
const text = (max: number) => ({ type: 'string', maxLength: max });
const paging = {
  current: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  size: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
};
const idParams = { type: 'object', required: ['id'], properties: { id } };
const orgType = { type: 'string', enum: ['GROUP', 'SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] };
const creatableType = { type: 'string', enum: ['SUBSIDIARY', 'PROJECT_COMPANY', 'SUPPLIER', 'CAPITAL_SIDE'] };
const status = { type: 'string', enum: ['ENABLED', 'DISABLED'] };
const pageOf = (item: Record<string, unknown>) => ({
  type: 'object',
  required: ['records', 'total', 'current', 'size'],
  properties: { records: { type: 'array', items: item }, total: { type: 'integer' }, current: { type: 'integer' }, size: { type: 'integer' } },
});

export const organizationRecord = {
  type: 'object',
  required: [
    'keyId', 'orgType', 'parentId', 'parentName', 'enterpriseName', 'creditCode', 'contactName', 'contactMobile', 'email', 'address', 'status',
    'gysId', 'appIds', 'version', 'createTime',
  ],
  properties: {
    keyId: { type: 'string' },
    orgType,
    parentId: { type: 'string', description: "'0' 为顶级" },
    parentName: { type: 'string' },
    enterpriseName: { type: 'string' },
    creditCode: { type: 'string', description: '统一社会信用代码' },
    contactName: { type: 'string' },
    contactMobile: { type: 'string' },
    email: { type: 'string' },
    address: { type: 'string' },
    status,
    gysId: { type: 'string', description: '供应商编号（仅供应商）' },
    appIds: { type: 'array', items: { type: 'string' }, description: '所属子系统（仅供应商）' },
    version: { type: 'integer' },
    createTime: { type: 'string' },
  },
};

export interface OrgPageQuery {
  current?: string;
  size?: string;
  enterpriseName?: string;
  creditCode?: string;
  gysId?: string;
  status?: 'ENABLED' | 'DISABLED';
}

export const orgPageSchema = (summary: string, withGysId: boolean) => ({
  tags: ['company'],
  summary,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { ...paging, enterpriseName: text(100), creditCode: text(18), ...(withGysId ? { gysId: text(32) } : {}), status },
  },
  response: envelopeResponses(pageOf(organizationRecord)),
});

export const orgDetailSchema = (summary: string) => ({ tags: ['company'], summary, params: idParams, response: envelopeResponses(organizationRecord) });

export interface OrgBody {
  enterpriseName: string;
  parentId?: string;
  creditCode?: string;
  contactName?: string;
  contactMobile?: string;
  email?: string;
  address?: string;
  appIds?: string[];
  orgType?: 'SUBSIDIARY' | 'PROJECT_COMPANY' | 'SUPPLIER' | 'CAPITAL_SIDE';
  version?: number;
}

const bodyProperties = {
  enterpriseName: text(100), parentId: text(64), creditCode: text(18), contactName: text(30), contactMobile: text(11), email: text(254),
  address: text(200), appIds: { type: 'array', maxItems: 20, uniqueItems: true, items: id },
};

export const orgCreateSchema = (summary: string, withType: boolean) => ({
  tags: ['company'],
  summary,
  body: {
    type: 'object',
    additionalProperties: false,
    required: withType ? ['enterpriseName', 'orgType'] : ['enterpriseName'],
    properties: { ...bodyProperties, ...(withType ? { orgType: creatableType } : {}) },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['keyId', 'gysId'],
    properties: { keyId: { type: 'string' }, gysId: { type: 'string', description: '新供应商的编号；其他类型为空' } },
  }),
});

export const orgUpdateSchema = (summary: string) => ({
  tags: ['company'],
  summary,
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['enterpriseName', 'version'],
    properties: { ...bodyProperties, version: { type: 'integer', minimum: 1 } },
  },
  response: envelopeResponses({ type: 'null' }),
});

export interface StatusBody {
  status: 'ENABLED' | 'DISABLED';
  version: number;
}

export const orgStatusSchema = (summary: string) => ({
  tags: ['company'],
  summary,
  params: idParams,
  body: { type: 'object', additionalProperties: false, required: ['status', 'version'], properties: { status, version: { type: 'integer', minimum: 1 } } },
  response: envelopeResponses({ type: 'null' }),
});

export const orgTreeSchema = {
  tags: ['authcenter'],
  summary: '本租户的全部组织（按 parentId 成树：集团、子公司、项目公司、供应商、资金方）',
  querystring: { type: 'object', additionalProperties: false, properties: {} },
  response: envelopeResponses({ type: 'array', items: organizationRecord }),
};

export interface AccountPageQuery {
  orgId: string;
  current?: string;
  size?: string;
}

export const accountPageSchema = {
  tags: ['authcenter'],
  summary: '组织下的账号分页查询',
  querystring: { type: 'object', additionalProperties: false, required: ['orgId'], properties: { ...paging, orgId: id } },
  response: envelopeResponses(
    pageOf({
      type: 'object',
      required: ['userId', 'userName', 'nickName', 'mobile', 'status', 'userType'],
      properties: {
        userId: { type: 'string' }, userName: { type: 'string' }, nickName: { type: 'string' }, mobile: { type: 'string' },
        status, userType: { type: 'string', enum: ['STAFF', 'SUPPLIER'] },
      },
    }),
  ),
};

const orgRef = {
  type: 'object',
  required: ['keyId', 'enterpriseName', 'orgType'],
  properties: { keyId: { type: 'string' }, enterpriseName: { type: 'string' }, orgType },
};

export const userTopSchema = {
  tags: ['authcenter'],
  summary: '当前用户所属组织的顶级组织（集团）',
  querystring: { type: 'object', additionalProperties: false, properties: {} },
  response: envelopeResponses({ ...orgRef, type: ['object', 'null'] }),
};

export interface SupplierDropQuery {
  enterpriseName?: string;
}

export const supplierDropSchema = {
  tags: ['company'],
  summary: '供应商下拉（启用的供应商，按名称模糊匹配，最多 50 条）',
  querystring: { type: 'object', additionalProperties: false, properties: { enterpriseName: text(100) } },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['keyId', 'gysId', 'enterpriseName'],
      properties: { keyId: { type: 'string' }, gysId: { type: 'string' }, enterpriseName: { type: 'string' } },
    },
  }),
};

export const capitalSideListSchema = {
  tags: ['capital'],
  summary: '资金方列表（启用的资金方；capitalSideCode 即授权所用的资金方编号）',
  querystring: { type: 'object', additionalProperties: false, properties: {} },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['keyId', 'capitalSideCode', 'capitalSideName'],
      properties: { keyId: { type: 'string' }, capitalSideCode: { type: 'string' }, capitalSideName: { type: 'string' } },
    },
  }),
};

export interface ListByLabelQuery {
  orgType: 'GROUP' | 'SUBSIDIARY' | 'PROJECT_COMPANY' | 'SUPPLIER' | 'CAPITAL_SIDE';
}

export const listByLabelSchema = {
  tags: ['company'],
  summary: '按组织类型列出启用的组织',
  querystring: { type: 'object', additionalProperties: false, required: ['orgType'], properties: { orgType } },
  response: envelopeResponses({
    type: 'array',
    items: { ...orgRef, required: ['keyId', 'enterpriseName', 'orgType', 'parentId'], properties: { ...orgRef.properties, parentId: { type: 'string' } } },
  }),
};
