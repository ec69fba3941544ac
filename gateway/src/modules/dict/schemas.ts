import { envelopeResponses } from '../../plugins/envelope';

export const dictListSchema = {
  tags: ['dict'],
  summary: '本租户的全部字典项（按类型、sortNo 升序）',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['dictTypeCode', 'dictTypeName', 'dictCode', 'dictName', 'sortNo'],
      properties: {
        dictTypeCode: { type: 'string' },
        dictTypeName: { type: 'string' },
        dictCode: { type: 'string' },
        dictName: { type: 'string' },
        sortNo: { type: 'integer' },
      },
    },
  }),
};
