// The CRM area (客户关系管理): 访谈纪要 over the resource kit, and 企业信息 (enterprise.ts). What the minutes'
// definition cannot say is its document number, FT + yyyyMMdd + the day's 4-digit sequence in the tenant
// (BUSINESS.md §2), drawn as every document's is (nextDocumentNo) inside the create's transaction.
import type { FastifyPluginAsync } from 'fastify';
import { INTERVIEW_MINUTES } from '../../../../src/domain/crm/interview-minutes.resource';
import type { GatewayDeps } from '../../deps';
import { nextDocumentNo } from '../business/aggregate';
import { registerResource } from '../../resource/resource-routes';
import { enterpriseRoutes } from './enterprise';

export const crmRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, INTERVIEW_MINUTES, {
    beforeCreate: async (_form, { trx, tenantId, now }) => ({
      minutes_no: await nextDocumentNo(trx, tenantId, 'interviewMinutes', now),
    }),
  });
  await enterpriseRoutes(app, deps);
};

export default crmRoutes;
