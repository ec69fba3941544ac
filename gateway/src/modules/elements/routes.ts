// 要素落实's routes (BUSINESS.md §4 /business/essentialFactor/manage): the page of a business's element items and
// one item's move (落实, 申请豁免, 豁免, 驳回), from the kit's stage items (gateway/src/stage/stage-items.ts). Its
// screens come later; the stage's 提交 and review are the business's, through the lifecycle table.
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { registerItems } from '../../stage/stage-items';
import { ELEMENTS } from './store';

export const elementsRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerItems(app, deps, ELEMENTS);
};

export default elementsRoutes;
