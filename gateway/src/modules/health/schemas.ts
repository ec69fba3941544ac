import { envelopeResponses } from '../../plugins/envelope';

export const healthSchema = {
  tags: ['health'],
  summary: '存活与数据库检查',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'object',
    required: ['status', 'database'],
    properties: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string', enum: ['pglite', 'postgres'] } },
  }),
};
