import { type Static, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { NoQuery } from '../../schemas/common';

const Password = Type.String({ minLength: 1, maxLength: 64 });

export const ChangePasswordParams = Type.Object({ userId: Type.String({ minLength: 1 }) });
export type ChangePasswordParams = Static<typeof ChangePasswordParams>;

export const ChangePasswordBody = Type.Object({
  userId: Type.String({ minLength: 1 }),
  oldPassword: Password,
  newPassword: Password,
  rePassword: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const currentUserSchema = {
  tags: ['authcenter'],
  summary: '当前用户信息',
  querystring: NoQuery,
  response: envelopeResponses(
    Type.Object({
      userId: Type.String(),
      userName: Type.String(),
      nickName: Type.String(),
      organizationId: Type.String(),
      orgName: Type.String(),
      tenantId: Type.String(),
      clientId: Type.String(),
      userType: Type.String({ enum: ['STAFF', 'SUPPLIER'] }),
      gysId: Type.Union([Type.String(), Type.Null()], { description: '供应商编号，仅供应商用户' }),
      authStatus: Type.Boolean({ description: '供应商尚未同意数据查询授权时为 true' }),
    }),
  ),
};

export const changePasswordSchema = {
  tags: ['authcenter'],
  summary: '修改本人密码（成功后该用户的全部令牌失效）',
  params: ChangePasswordParams,
  body: ChangePasswordBody,
  response: envelopeResponses(Type.Null()),
};
