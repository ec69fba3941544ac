import { envelopeResponses } from '../../plugins/envelope';

export interface LoginBody {
  username: string;
  password: string;
}

export const loginSchema = {
  tags: ['authcenter'],
  summary: '登录',
  body: {
    type: 'object',
    required: ['username', 'password'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 64 },
      password: { type: 'string', minLength: 1, maxLength: 128 },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['token', 'tenantId', 'userId', 'clientId', 'nickName', 'expiresIn'],
    properties: {
      token: { type: 'string' },
      tenantId: { type: 'string' },
      userId: { type: 'string' },
      clientId: { type: 'string' },
      nickName: { type: 'string' },
      expiresIn: { type: 'integer', description: '空闲失效时间（秒）' },
    },
  }),
};

export const logoutSchema = {
  tags: ['authcenter'],
  summary: '退出登录（注销当前令牌）',
  response: envelopeResponses({ type: 'null' }),
};
