// 搜索 (search every number): one call for the command palette and the header's box — a number of
// any registered kind, or a supplier's name — answered with the hits in the caller's scope and on pages the caller
// holds (stage-search.ts). Who finds nothing gets an empty list: a number out of scope is not found, not refused.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { SEARCH_API, SEARCH_MAX, SEARCH_MIN } from '../../../../src/domain/search/document-search';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, ok } from '../../plugins/envelope';
import { searchDocuments } from '../../stage/stage-search';
import { actorOf } from '../business/aggregate';

const Hit = Type.Object(
  { kind: Type.String(), keyId: Type.String(), no: Type.String(), title: Type.String(), path: Type.String() },
  { additionalProperties: false },
);

export const searchRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get(
    SEARCH_API,
    {
      config: { access: 'session' },
      schema: {
        tags: ['search'],
        summary: '按编号查找单据（业务编号、放款编号、合同编号、会议编号、付款单号）或按名称查找供应商，限本人数据范围',
        querystring: Type.Object(
          { q: Type.String({ minLength: SEARCH_MIN, maxLength: SEARCH_MAX }) },
          { additionalProperties: false },
        ),
        response: envelopeResponses(Type.Array(Hit)),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const text = (request.query as { q: string }).q.trim();
      const actor = await actorOf(request, deps.db);
      return ok(await searchDocuments(deps.db, session.tenantId, actor, await session.grants(), text));
    },
  );
};

export default searchRoutes;
