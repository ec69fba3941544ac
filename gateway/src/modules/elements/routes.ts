// 要素落实's routes (BUSINESS.md §4 /business/essentialFactor/manage, elementProduction, ImplementAudit): the list of
// the businesses whose decision made items (page, export, detail with the business's actions) on the stage kit,
// and a business's element items with one item's move (落实, 申请豁免, 豁免, 驳回) from the kit's stage items
// (gateway/src/stage/stage-items.ts). 提交 and 放款审核 → 放款复核 are the business's, through the lifecycle table.
import type { FastifyPluginAsync } from 'fastify';
import { ELEMENTS_STAGE } from '../../../../src/domain/financing/elements';
import type { GatewayDeps } from '../../deps';
import { registerItems } from '../../stage/stage-items';
import { registerStage } from '../../stage/stage-routes';
import { ELEMENTS } from './store';

export const elementsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerStage(app, deps, ELEMENTS_STAGE, { transition: { summary: '要素落实流转（提交；放款审核、放款复核）' } });
  registerItems(app, deps, ELEMENTS);
};

export default elementsRoutes;
