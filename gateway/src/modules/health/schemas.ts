import { Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { NoQuery } from '../../schemas/common';

export const healthSchema = {
  tags: ['health'],
  summary: '存活与数据库检查',
  querystring: NoQuery,
  response: envelopeResponses(
    Type.Object({
      status: Type.String({ enum: ['ok'] }),
      database: Type.String({ enum: ['pglite', 'postgres'] }),
    }),
  ),
};
