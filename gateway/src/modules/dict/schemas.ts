import { Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { NoQuery } from '../../schemas/common';

export const dictListSchema = {
  tags: ['dict'],
  summary: '本租户的全部字典项（按类型、sortNo 升序）',
  querystring: NoQuery,
  response: envelopeResponses(
    Type.Array(
      Type.Object({
        dictTypeCode: Type.String(),
        dictTypeName: Type.String(),
        dictCode: Type.String(),
        dictName: Type.String(),
        sortNo: Type.Integer(),
      }),
    ),
  ),
};
