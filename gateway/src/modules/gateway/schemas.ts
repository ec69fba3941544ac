import { Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { NoQuery } from '../../schemas/common';

export const encryptKeySchema = {
  tags: ['gateway'],
  summary: '参数加密密钥',
  querystring: NoQuery,
  response: envelopeResponses(
    Type.Object({
      key: Type.String({ description: '32 位字母数字密钥（AES-256-CBC，IV 前置）' }),
      enabled: Type.Boolean(),
    }),
  ),
};
