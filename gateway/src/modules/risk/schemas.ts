import { envelopeResponses } from '../../plugins/envelope';

/** DESIGN.md §2 paging: `current` (1-based) and `size` (default 10, at most 100). */
export interface NegativeOpinionPageQuery {
  current?: string;
  size?: string;
  enterpriseName?: string;
  riskLevel?: 'HIGH' | 'MEDIUM' | 'LOW';
}

export const negativeOpinionPageSchema = {
  tags: ['risk'],
  summary: '负面舆情分页查询（企业名称模糊匹配，风险等级精确匹配，按发布日期倒序）',
  querystring: {
    type: 'object',
    properties: {
      current: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
      size: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
      enterpriseName: { type: 'string', maxLength: 100 },
      riskLevel: { type: 'string', enum: ['HIGH', 'MEDIUM', 'LOW'] },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['records', 'total', 'current', 'size'],
    properties: {
      records: {
        type: 'array',
        items: {
          type: 'object',
          required: ['keyId', 'enterpriseName', 'title', 'source', 'riskLevel', 'status', 'publishedOn'],
          properties: {
            keyId: { type: 'string' },
            enterpriseName: { type: 'string' },
            title: { type: 'string' },
            source: { type: 'string' },
            riskLevel: { type: 'string', enum: ['HIGH', 'MEDIUM', 'LOW'] },
            status: { type: 'string', enum: ['PENDING', 'FOLLOWING', 'CLOSED'] },
            publishedOn: { type: 'string' },
          },
        },
      },
      total: { type: 'integer' },
      current: { type: 'integer' },
      size: { type: 'integer' },
    },
  }),
};
