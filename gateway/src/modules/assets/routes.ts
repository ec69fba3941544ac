// 资产管理 (BUSINESS.md §2, §4): projects, payment orders, interview minutes and asset changes on the resource
// kit, plus what the kit cannot say: an order's project company follows its project, its 可融资 is stored
// from the domain's `eligibleAmount` on every write, the order's and the change's detail pages, the import
// of orders, and the menu-scoped 台账 calls of SPEC §7.2.
import type { Database } from '../../db/database';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { ASSET_CHANGE } from '../../../../src/domain/assets/asset-change.resource';
import { ASSET_INTERVIEW_MINUTES } from '../../../../src/domain/assets/interview-minutes.resource';
import { PAYMENT_ORDER } from '../../../../src/domain/assets/payment-order.resource';
import { PROJECT } from '../../../../src/domain/assets/project.resource';
import type { ResourceForm } from '../../../../src/domain/resource/resource';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { registerResource } from '../../resource/resource-routes';
import { assetDetailRoutes } from './detail-routes';
import { storeEligible } from './eligible-store';
import { orderImportRoutes } from './order-import-routes';
import { payBookRoutes } from './pay-book-routes';
// Its documents are found by number from the header's search (stage-search.ts).
import './search';
import './tables';

/** The project company of an order is its project's; a project of another tenant is not found. */
async function projectCompanyOf(db: Kysely<Database>, tenantId: string, projectId: unknown): Promise<string> {
  const row = await db
    .selectFrom('project')
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', String(projectId ?? ''))
    .select('project_company_id')
    .executeTakeFirst();
  if (!row) throw invalidInput('项目不存在');
  return String(row.project_company_id);
}

export const assetsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, PROJECT);
  registerResource(app, deps, PAYMENT_ORDER, {
    prepare: async (db, form, { tenantId, mode }): Promise<ResourceForm> =>
      mode === 'create' ? { projectCompanyId: await projectCompanyOf(db, tenantId, form.projectId) } : {},
    beforeCreate: () => ({ financing_status: 'NONE', locked: 'NO', reserved_amount: 0, financed_amount: 0 }),
    afterWrite: (trx, { tenantId, id }) => storeEligible(trx, tenantId, id),
    afterTransition: async (trx, { after, action, tenantId }) => {
      if (action !== 'lock' && action !== 'unlock') return;
      await trx
        .updateTable('payment_order')
        .set({ locked: action === 'lock' ? 'YES' : 'NO' })
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', after.keyId)
        .execute();
    },
  });
  registerResource(app, deps, ASSET_INTERVIEW_MINUTES, {
    beforeCreate: (_form, { id, now }) => ({ minutes_no: documentNo('FT', now, id) }),
  });
  registerResource(app, deps, ASSET_CHANGE);
  await app.register(assetDetailRoutes, deps);
  await app.register(orderImportRoutes, deps);
  await app.register(payBookRoutes, deps);
};

/** PREFIX + yyyyMMdd + 4 digits (BUSINESS.md §2 document numbers); the digits come from the new id. */
export function documentNo(prefix: string, now: Date, id: string): string {
  const shanghai = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${shanghai}${id.slice(-4)}`;
}

export default assetsRoutes;
