// 还款登记's routes (BUSINESS.md §4 /business/paymentRegistration) on the stage kit: the list of registered loans
// (scoped like every list) and one loan's figures; its repayments as the kit's items — the page of a business's
// repayments with what the caller may do on each, FINANCE's 登记 (新增 of an item) and another FINANCE user's
// 确认 / 驳回 (the item's move; the confirmation moves the business through the aggregate, store.ts); and the refunds
// of what a confirmed repayment could not apply (待退还), items of the same business (refund-store.ts).
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { REPAYMENT_STAGE } from '../../../../src/domain/financing/repayment';
import type { GatewayDeps } from '../../deps';
import { notFound } from '../../plugins/envelope';
import { registerItems } from '../../stage/stage-items';
import { loadLoan } from '../../stage/stage-loans';
import { registerStage } from '../../stage/stage-routes';
import { REFUNDS } from './refund-store';
import { REPAYMENTS } from './store';

export const repaymentRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerStage(app, deps, REPAYMENT_STAGE, {
    detail: {
      summary: '还款登记：贷款概况（放款日、今天，登记还款时起息日的界限）',
      properties: { stateLabel: Type.String(), loanDate: Type.String(), today: Type.String() },
      load: async (ctx, row) => {
        const loan = await loadLoan(deps.db as never, ctx.tenantId, row.keyId);
        if (!loan) throw notFound(REPAYMENT_STAGE.messages.notFound);
        return { stateLabel: stateLabel(String(row.state)), loanDate: loan.loanDate, today: businessDay(ctx.now) };
      },
    },
  });
  registerItems(app, deps, REPAYMENTS);
  registerItems(app, deps, REFUNDS);
};

export default repaymentRoutes;
