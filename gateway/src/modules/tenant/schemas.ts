import { Type } from 'typebox';
import { envelopeResponses } from '../../plugins/envelope';
import { NoQuery } from '../../schemas/common';

const App = Type.Object({
  appCode: Type.String(),
  appId: Type.String(),
  appName: Type.String(),
  website: Type.String({ description: '为空表示未配置站点' }),
});

export const currentUserTenantsSchema = {
  tags: ['authcenter'],
  summary: '当前用户的租户及其应用',
  querystring: NoQuery,
  response: envelopeResponses(
    Type.Array(Type.Object({ tenantId: Type.String(), tenantName: Type.String(), appLists: Type.Array(App) })),
  ),
};
