// 参数管理 over the resource kit: 子公司参数 as a plain resource, and 风控汇总参数's versions served by the kit
// (page, detail, export) beside the two calls it cannot say — the version in force, and its save, which
// makes the next version instead of overwriting (BUSINESS.md §2 Parameters: versioned, one active).
import type { FastifyPluginAsync } from 'fastify';
import {
  NO_ACTIVE_SUMMARY,
  RISK_SUMMARY,
  RISK_SUMMARY_ACTIVE_API,
} from '../../../../src/domain/parameters/risk-summary.resource';
import { SUBSIDIARY_PARAMETER } from '../../../../src/domain/parameters/subsidiary-parameter.resource';
import type { ResourceForm } from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, notFound, ok } from '../../plugins/envelope';
import { registerResource } from '../../resource/resource-routes';
import { recordSchema, resourceSchemas } from '../../resource/resource-schemas';
import { activeSummary, saveSummaryVersion } from './risk-summary-repository';
import './tables';

export const parameterRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, SUBSIDIARY_PARAMETER);
  registerResource(app, deps, RISK_SUMMARY);

  const menu = RISK_SUMMARY.menuPath;
  const tags = ['parameter'];
  const record = recordSchema(RISK_SUMMARY);
  app.get(
    RISK_SUMMARY_ACTIVE_API,
    {
      config: { access: { menu } },
      schema: { tags, summary: '风控汇总参数：生效中的版本', response: envelopeResponses(record) },
    },
    async (request) => {
      const active = await activeSummary(deps.db, sessionOf(request).tenantId);
      if (!active) throw notFound(NO_ACTIVE_SUMMARY);
      return ok(active);
    },
  );
  app.put(
    RISK_SUMMARY_ACTIVE_API,
    {
      config: { access: { menu, op: 'edit' } },
      schema: {
        tags,
        summary: '风控汇总参数：保存为新版本（version 为读取的版本号，过期时 160300409）',
        body: resourceSchemas(RISK_SUMMARY).update.body,
        response: envelopeResponses(record),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const { version, ...form } = request.body as ResourceForm & { version: number };
      return ok(await saveSummaryVersion(deps.db, { tenantId, userId, now: deps.now(), version, form }));
    },
  );
};

export default parameterRoutes;
