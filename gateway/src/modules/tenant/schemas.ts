import { envelopeResponses } from '../../plugins/envelope';

export const currentUserTenantsSchema = {
  tags: ['authcenter'],
  summary: '当前用户的租户及其应用',
  querystring: { type: 'object', properties: {} },
  response: envelopeResponses({
    type: 'array',
    items: {
      type: 'object',
      required: ['tenantId', 'tenantName', 'appLists'],
      properties: {
        tenantId: { type: 'string' },
        tenantName: { type: 'string' },
        appLists: {
          type: 'array',
          items: {
            type: 'object',
            required: ['appCode', 'appId', 'appName', 'website'],
            properties: {
              appCode: { type: 'string' },
              appId: { type: 'string' },
              appName: { type: 'string' },
              website: { type: 'string', description: "为空表示未配置站点" },
            },
          },
        },
      },
    },
  }),
};
