// 资金方管理 over the resource kit (BUSINESS.md §2 资金方 / 资金产品, §4). What the definition cannot say: a
// product left without 罚息上浮 or 提前还款费率 takes the defaults (50 %, 0), and a product may be deleted only
// while nothing has used it — no quota drawn (已用 0; lending will add its own references here).
import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_EARLY_REPAY_FEE_RATE,
  DEFAULT_PENALTY_MARKUP,
  FUND_PRODUCT,
  PRODUCT_IN_USE,
} from '../../../../src/domain/funds/fund-product.resource';
import type { GatewayDeps } from '../../deps';
import { invalidInput } from '../../plugins/envelope';
import { registerResource } from '../../resource/resource-routes';
import { fenOf } from '../../stage/stage-money';

export const fundRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, FUND_PRODUCT, {
    prepare: async (_db, form) => ({
      penaltyMarkup: form.penaltyMarkup || DEFAULT_PENALTY_MARKUP,
      earlyRepayFeeRate: form.earlyRepayFeeRate || DEFAULT_EARLY_REPAY_FEE_RATE,
    }),
    beforeRemove: async (db, record, { tenantId }) => {
      const row = await db
        .selectFrom('fund_product')
        .select('used_quota')
        .where('tenant_id', '=', tenantId)
        .where('product_id', '=', record.keyId)
        .executeTakeFirst();
      if (fenOf(row?.used_quota) !== 0n) throw invalidInput(PRODUCT_IN_USE);
    },
  });
};

export default fundRoutes;
