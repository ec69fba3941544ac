// Sign-in and sign-out on the wire: each schema is written once, its type derived from it.
import { type Static, Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const loginSchema = {
  tags: ['authcenter'],
  summary: '登录',
  body: LoginBody,
  response: envelopeResponses(
    Type.Object({
      token: Type.String(),
      tenantId: Type.String(),
      userId: Type.String(),
      clientId: Type.String(),
      nickName: Type.String(),
      expiresIn: Type.Integer({ description: '空闲失效时间（秒）' }),
    }),
  ),
};

export const logoutSchema = {
  tags: ['authcenter'],
  summary: '退出登录（注销当前令牌）',
  response: envelopeResponses(Type.Null()),
};
