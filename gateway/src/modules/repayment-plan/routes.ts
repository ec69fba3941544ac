// 还款计划 (BUSINESS.md §4 /business/repaymentplan, /repaymentPlanInfo) on the stage kit: the list of registered
// loans with their plan's totals, scoped like every list, and the plan's detail — every installment with its
// components, paid and owed, status and overdue days (the loan book the kit keeps, stage-loans.ts).
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { PLAN_STAGE, installmentView } from '../../../../src/domain/financing/repayment-plan';
import { type AllocationView, REPAYMENT_ALLOCATIONS_SOURCE } from '../../../../src/domain/financing/repayment';
import { loadInstallments, loadLoan, loanTermsOf } from '../../stage/stage-loans';
import { readStageSource } from '../../stage/stage-sources';
import type { GatewayDeps } from '../../deps';
import { notFound } from '../../plugins/envelope';
import { FenSchema as Fen, NullableSchema as Nullable, wireFen } from '../../stage/stage-money';
import { type StageContext, type StageRow, registerStage } from '../../stage/stage-routes';
import { registerPlanStatistics } from './statistics';

const InstallmentSchema = Type.Object(
  {
    ...{ periodNo: Type.Integer(), startDate: Type.String(), dueDate: Type.String(), days: Type.Integer() },
    ...{ principalDue: Fen('应还本金'), interestDue: Fen('应还利息'), feeDue: Fen('应还费用') },
    ...{ penaltyAccrued: Fen('罚息'), principalPaid: Fen('已还本金'), interestPaid: Fen('已还利息') },
    ...{ feePaid: Fen('已还费用'), penaltyPaid: Fen('已还罚息'), paidTotal: Fen('已还合计') },
    ...{ owedPrincipal: Fen('未还本金'), owedInterest: Fen('未还利息'), owedFee: Fen('未还费用') },
    ...{ owedPenalty: Fen('未还罚息'), owedTotal: Fen('未还合计'), status: Type.String() },
    ...{ statusLabel: Type.String(), overdueDays: Type.Integer() },
  },
  { additionalProperties: false },
);

const AllocationSchema = Type.Object(
  {
    ...{ periodNo: Type.Integer(), repaymentNo: Type.String(), valueDate: Type.String() },
    kind: Type.String({ description: 'DUE 到期分配 / EARLY 提前还款' }),
    ...{ fee: Fen('费用'), penalty: Fen('罚息'), interest: Fen('利息'), principal: Fen('本金') },
  },
  { additionalProperties: false },
);

const PlanDetail = {
  businessId: Type.String(),
  stateLabel: Type.String(),
  netAmount: Fen('实际到账（分）'),
  upfrontInterest: Fen('前置利息（分）'),
  serviceFee: Fen('服务费（分）'),
  termDays: Nullable(Type.Integer()),
  dayCountBasis: Type.Integer(),
  zhongdengDueDate: Nullable(Type.String()),
  zhongdengRegNo: Nullable(Type.String()),
  zhongdengRegDate: Nullable(Type.String()),
  installments: Type.Array(InstallmentSchema),
  allocations: Type.Array(AllocationSchema, { description: '每笔已确认还款分配到各期的金额' }),
};

export const repaymentPlanRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db;

  /** The plan's detail: the loan's figures and every installment with its components, paid and owed. */
  const planDetail = async (ctx: StageContext, row: StageRow) => {
    const [loan, installments, limits] = await Promise.all([
      loadLoan(db, ctx.tenantId, row.keyId),
      loadInstallments(db, ctx.tenantId, row.keyId),
      loanTermsOf(db, ctx.tenantId, row.keyId, ctx.now),
    ]);
    if (!loan) throw notFound(PLAN_STAGE.messages.notFound);
    return {
      businessId: row.keyId,
      stateLabel: stateLabel(String(row.state)),
      netAmount: wireFen(loan.netAmount),
      upfrontInterest: wireFen(loan.upfrontInterest),
      serviceFee: wireFen(loan.serviceFee),
      termDays: limits?.terms?.termDays ?? null,
      dayCountBasis: loan.dayCountBasis,
      zhongdengDueDate: loan.zhongdengDueDate,
      zhongdengRegNo: loan.zhongdengRegNo,
      zhongdengRegDate: loan.zhongdengRegDate,
      installments: installments.map(installmentView),
      allocations:
        (await readStageSource<AllocationView[]>(REPAYMENT_ALLOCATIONS_SOURCE, db, ctx.tenantId, row.keyId)) ?? [],
    };
  };

  registerStage(app, deps, PLAN_STAGE, {
    detail: {
      summary: '还款计划详情（每期本金、利息、费用、罚息，已还与未还，状态与逾期天数）',
      properties: PlanDetail,
      load: planDetail,
    },
  });
  // The dashboard's widgets are this list's rows grouped and summed.
  registerPlanStatistics(app, deps);
};

export default repaymentPlanRoutes;
