import { envelopeResponses } from '../../plugins/envelope';

export const encryptKeySchema = {
  tags: ['gateway'],
  summary: '参数加密密钥',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'object',
    required: ['key', 'enabled'],
    properties: {
      key: { type: 'string', description: '32 位字母数字密钥（AES-256-CBC，IV 前置）' },
      enabled: { type: 'boolean' },
    },
  }),
};
