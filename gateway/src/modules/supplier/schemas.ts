// The supplier's data-query authorization on the wire (SPEC §7.2 Supplier authorization).
import { type Static, Type } from 'typebox';
import {
  AUTH_RESULT_OK,
  AUTH_RESULT_REFUSED,
  AUTH_STATE_AGREED,
} from '../../../../src/domain/supplier-authorization/supplier-authorization';
import { envelopeResponses } from '../../plugins/envelope';

const GysId = Type.String({ minLength: 1, maxLength: 64, description: '供应商编号（亦接受供应商的组织编号）' });

export const GysIdQuery = Type.Object({ gysId: GysId });
export type GysIdQuery = Static<typeof GysIdQuery>;

export const CheckAuthorizationBody = Type.Object({ gysId: GysId });
export type CheckAuthorizationBody = Static<typeof CheckAuthorizationBody>;

export const UpdateSupplierAuthBody = Type.Object({
  gysId: GysId,
  authState: Type.Literal(AUTH_STATE_AGREED, { description: "'1'：同意" }),
  capitalSideCodeList: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 200 }),
});
export type UpdateSupplierAuthBody = Static<typeof UpdateSupplierAuthBody>;

export const checkAuthorizationSchema = {
  tags: ['product'],
  summary: '供应商是否仍需同意数据查询授权：需要时返回授权书，否则返回 null',
  querystring: GysIdQuery,
  body: CheckAuthorizationBody,
  response: envelopeResponses(
    Type.Union([
      Type.Object({
        templateId: Type.String({ description: '授权书模板编号' }),
        title: Type.String(),
        content: Type.String({ description: '授权书正文，一行一段' }),
      }),
      Type.Null(),
    ]),
  ),
};

export const capitalSideCodeSchema = {
  tags: ['product'],
  summary: '授权覆盖的资金方编号',
  querystring: GysIdQuery,
  response: envelopeResponses(Type.Array(Type.String())),
};

export const updateSupplierAuthSchema = {
  tags: ['product'],
  summary: '供应商同意数据查询授权',
  body: UpdateSupplierAuthBody,
  response: envelopeResponses(
    Type.Object({
      code: Type.String({ enum: [AUTH_RESULT_OK, AUTH_RESULT_REFUSED], description: "'0' 成功，'1' 失败" }),
      message: Type.String(),
    }),
  ),
};
