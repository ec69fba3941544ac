import { AUTH_RESULT_OK, AUTH_RESULT_REFUSED, AUTH_STATE_AGREED } from '../../../../src/domain/supplier-authorization/supplier-authorization';
import { envelopeResponses } from '../../plugins/envelope';

export interface GysIdQuery {
  gysId: string;
}

export interface CheckAuthorizationBody {
  gysId: string;
}

export interface UpdateSupplierAuthBody {
  gysId: string;
  authState: typeof AUTH_STATE_AGREED;
  capitalSideCodeList: string[];
}

const gysId = { type: 'string', minLength: 1, maxLength: 64, description: '供应商编号（亦接受供应商的组织编号）' };
const gysIdQuery = { type: 'object', required: ['gysId'], properties: { gysId } };

export const checkAuthorizationSchema = {
  tags: ['product'],
  summary: '供应商是否仍需同意数据查询授权：需要时返回授权书，否则返回 null',
  querystring: gysIdQuery,
  body: { type: 'object', required: ['gysId'], properties: { gysId } },
  response: envelopeResponses({
    type: ['object', 'null'],
    required: ['templateId', 'title', 'content'],
    properties: {
      templateId: { type: 'string', description: '授权书模板编号' },
      title: { type: 'string' },
      content: { type: 'string', description: '授权书正文，一行一段' },
    },
  }),
};

export const capitalSideCodeSchema = {
  tags: ['product'],
  summary: '授权覆盖的资金方编号',
  querystring: gysIdQuery,
  response: envelopeResponses({ type: 'array', items: { type: 'string' } }),
};

export const updateSupplierAuthSchema = {
  tags: ['product'],
  summary: '供应商同意数据查询授权',
  body: {
    type: 'object',
    required: ['gysId', 'authState', 'capitalSideCodeList'],
    properties: {
      gysId,
      authState: { type: 'string', enum: [AUTH_STATE_AGREED], description: "'1'：同意" },
      capitalSideCodeList: { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 64 } },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string', enum: [AUTH_RESULT_OK, AUTH_RESULT_REFUSED], description: "'0' 成功，'1' 失败" },
      message: { type: 'string' },
    },
  }),
};
