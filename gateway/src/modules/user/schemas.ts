import { envelopeResponses } from '../../plugins/envelope';

export interface ChangePasswordParams {
  userId: string;
}

export interface ChangePasswordBody {
  userId: string;
  oldPassword: string;
  newPassword: string;
  rePassword: string;
}

const password = { type: 'string', minLength: 1, maxLength: 64 };

export const currentUserSchema = {
  tags: ['authcenter'],
  summary: '当前用户信息',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'object',
    required: ['userId', 'userName', 'nickName', 'organizationId', 'orgName', 'tenantId', 'clientId', 'userType', 'gysId', 'authStatus'],
    properties: {
      userId: { type: 'string' },
      userName: { type: 'string' },
      nickName: { type: 'string' },
      organizationId: { type: 'string' },
      orgName: { type: 'string' },
      tenantId: { type: 'string' },
      clientId: { type: 'string' },
      userType: { type: 'string', enum: ['STAFF', 'SUPPLIER'] },
      gysId: { type: ['string', 'null'], description: '供应商编号，仅供应商用户' },
      authStatus: { type: 'boolean', description: '供应商尚未同意数据查询授权时为 true' },
    },
  }),
};

export const changePasswordSchema = {
  tags: ['authcenter'],
  summary: '修改本人密码（成功后该用户的全部令牌失效）',
  params: { type: 'object', required: ['userId'], properties: { userId: { type: 'string', minLength: 1 } } },
  body: {
    type: 'object',
    required: ['userId', 'oldPassword', 'newPassword', 'rePassword'],
    properties: { userId: { type: 'string', minLength: 1 }, oldPassword: password, newPassword: password, rePassword: password },
  },
  response: envelopeResponses({ type: 'null' }),
};
