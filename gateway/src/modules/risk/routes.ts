// The risk area's plain resources over the generic helper's paths (SPEC §7.2 `api/{subSys}/{module}/page`).
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { ok } from '../../plugins/envelope';
import { pageNegativeOpinions } from './repository';
import { negativeOpinionPageSchema, type NegativeOpinionPageQuery } from './schemas';

export const riskRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get<{ Querystring: NegativeOpinionPageQuery }>(
    '/api/risk/negativePublicOpinion/page',
    { config: { access: { menu: '/risk/negativePublicOpinion' } }, schema: negativeOpinionPageSchema },
    async (request) => {
      const current = Number(request.query.current ?? '1');
      const size = Number(request.query.size ?? '10');
      const { rows, total } = await pageNegativeOpinions(deps.db, {
        tenantId: sessionOf(request).tenantId,
        enterpriseName: request.query.enterpriseName?.trim() || undefined,
        riskLevel: request.query.riskLevel,
        offset: (current - 1) * size,
        limit: size,
      });
      return ok({
        records: rows.map((r) => ({
          keyId: r.opinion_id,
          enterpriseName: r.enterprise_name,
          title: r.title,
          source: r.source,
          riskLevel: r.risk_level,
          status: r.status,
          publishedOn: r.published_on,
        })),
        total,
        current,
        size,
      });
    },
  );
};
