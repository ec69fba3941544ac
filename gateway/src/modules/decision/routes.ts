// 融资决议 (BUSINESS.md §4 /business/financingDecisionManage, /business/decisionMake, /business/resolutionReview,
// business/resolutionReview/audit) on the stage kit: page, export, detail, 保存 (草稿 / 已退回) and 提交 are the
// kit's (gateway/src/stage). What is the decision's own: its form (the terms, guarantees and conditions — the
// limits are the submission's rule, shown beside each field by the detail), its detail (the limits, the
// meeting's conditions, the element items once approved — the elements', read by the kit's named source) and
// the reviewers' read of it from 决议审核. 通过, 退回 and the approver's 否决 are the business's review moves
// (the business transition route). Its
// SUBMIT_DECISION rule and what approval does are registered in store.ts.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { decisionLimits } from '../../../../src/domain/financing/decision';
import { ELEMENT_ITEMS_SOURCE } from '../../../../src/domain/financing/elements';
import {
  DECISION_EXAMINE_PATH,
  DECISION_MAKE_PATH,
  DECISION_STAGE,
  type DecisionTerms,
} from '../../../../src/domain/financing/financing-decision';
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { REPAYMENT_METHOD_LABEL } from '../../../../src/domain/funds/fund-product.resource';
import { MAX_TERM_DAYS } from '../../../../src/domain/stage/term-factors';
import type { GatewayDeps } from '../../deps';
import { envelopeResponses, notFound, ok } from '../../plugins/envelope';
import { IdParams } from '../../schemas/common';
import { registerStage, type StageContext, type StageRow } from '../../stage/stage-routes';
import { loadBusiness } from '../business/aggregate';
import { readStageSource } from '../../stage/stage-sources';
import { appliedAmountOf, TermsBoundsSchema } from '../../stage/stage-terms';
import { wireFen } from '../../stage/stage-money';
import { reportBoundsOf } from '../../../../src/domain/financing/report-stage';
import { expiryStep } from '../business/expire';
import { lapsedDecisions } from './expiry';
import { boundsOf, decisionProblems, draftOf, loadDecision, passedItemOf, type StoredDecision } from './store';

const STAGE = DECISION_STAGE;
const DEF = STAGE.resource;

export const DecisionRouteMessage = { ...STAGE.messages } as const;

const Rate = Type.Union([Type.String({ pattern: '^0(\\.[0-9]{1,4})?$' }), Type.Null()]);
const Methods = Object.keys(REPAYMENT_METHOD_LABEL) as (keyof typeof REPAYMENT_METHOD_LABEL)[];
const Method = Type.Unsafe<string | null>({ type: ['string', 'null'], enum: [...Methods, null] });

const SaveFields = {
  approvedAmount: Type.Union([Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }), Type.Null()]),
  annualRate: Rate,
  termDays: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_TERM_DAYS }), Type.Null()]),
  financingRatio: Rate,
  repaymentMethod: Method,
  guaranteeMeasures: Type.String({ maxLength: 1000 }),
  conditions: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 30 }),
};

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const LimitSchema = Type.Object({
  field: Type.String(),
  label: Type.String(),
  limit: Type.String(),
  message: Type.Union([Type.String(), Type.Null()]),
});
const ElementSchema = Type.Object({
  seq: Type.Integer(),
  kind: Type.String(),
  name: Type.String(),
  requiredValue: Type.String(),
  actualValue: Type.Union([Type.String(), Type.Null()]),
  mandatory: Type.Boolean(),
  checkpoint: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
});
const DetailFields = {
  businessId: Type.String(),
  stateLabel: Type.String(),
  meetingId: Nullable(Type.String()),
  applyAmount: Type.Integer({ description: '申请金额（分）' }),
  serviceFeeRate: Nullable(Type.String()),
  financingRatio: Nullable(Type.String()),
  repaymentMethod: Nullable(Type.String()),
  guaranteeMeasures: Type.String(),
  conditions: Type.Array(Type.String()),
  meetingConditions: Type.Array(Type.String()),
  result: Nullable(Type.String()),
  productName: Type.String(),
  /** The limits themselves, so the make page checks each field as it is typed (the same function as 提交). */
  bounds: Type.Union([TermsBoundsSchema, Type.Null()]),
  limits: Type.Array(LimitSchema),
  problems: Type.Array(Type.String()),
  elements: Type.Array(ElementSchema),
};

export const decisionRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const db = deps.db as unknown as Parameters<typeof loadDecision>[0];

  // The daily job's second step: an approved decision not lent on within its 90 days makes its business 已失效.
  deps.dailyJob.register(expiryStep('expire-decisions', 20, lapsedDecisions));

  /** The decision's own part of its detail: terms, limits beside them, what 提交 would refuse, its elements. */
  const detailOf = async ({ tenantId, now }: StageContext, row: StageRow) => {
    const business = await loadBusiness(deps.db, tenantId, row.keyId);
    const stored = (await loadDecision(db, tenantId, row.keyId)) as StoredDecision | null;
    if (!stored) throw notFound(DecisionRouteMessage.notFound);
    const [limits, problems, elements, meeting] = await Promise.all([
      boundsOf(deps.db, tenantId, business, now),
      decisionProblems(db, tenantId, business, now),
      readStageSource<object[]>(ELEMENT_ITEMS_SOURCE, db, tenantId, row.keyId).then((items) => items ?? []),
      stored.meetingId ? passedItemOf(db, tenantId, row.keyId) : Promise.resolve(null),
    ]);
    return {
      businessId: business.keyId,
      stateLabel: stateLabel(business.state),
      meetingId: stored.meetingId,
      meetingNo: meeting?.meetingNo ?? row.meetingNo ?? null,
      applyAmount: wireFen(limits ? limits.bounds.applyAmountFen : await appliedAmountOf(deps.db, tenantId, row.keyId)),
      approvedAmount: stored.approvedAmount === null ? null : wireFen(stored.approvedAmount),
      annualRate: stored.annualRate,
      termDays: stored.termDays,
      serviceFeeRate: stored.serviceFeeRate,
      financingRatio: stored.financingRatio,
      repaymentMethod: stored.repaymentMethod,
      guaranteeMeasures: stored.guaranteeMeasures,
      conditions: stored.conditions,
      meetingConditions: stored.meetingConditions,
      result: stored.result,
      validUntil: stored.validUntil,
      productName: limits?.product.productName ?? '',
      bounds: limits
        ? reportBoundsOf(limits.bounds, {
            productId: limits.product.productId,
            productName: limits.product.productName,
          })
        : null,
      limits: limits ? decisionLimits(draftOf(stored), limits.bounds) : [],
      problems,
      elements,
    };
  };

  registerStage<DecisionTerms, DecisionTerms>(app, deps, STAGE, {
    detail: {
      summary: '融资决议详情（批复条件、各项限额、评审会条件、要素）',
      properties: DetailFields,
      load: detailOf,
    },
    edit: {
      menu: DECISION_MAKE_PATH,
      summary: '保存融资决议（草稿或已退回）',
      body: SaveFields,
      async check(_ctx, _before, body) {
        return {
          ...body,
          guaranteeMeasures: body.guaranteeMeasures.trim(),
          conditions: [...new Set(body.conditions.map((c) => c.trim()).filter(Boolean))],
        };
      },
      async write(trx, ctx, id, c) {
        await trx
          .updateTable('financing_decision')
          .set({
            approved_amount: c.approvedAmount,
            annual_rate: c.annualRate,
            term_days: c.termDays,
            financing_ratio: c.financingRatio,
            repayment_method: c.repaymentMethod,
            guarantee_measures: c.guaranteeMeasures,
            conditions: JSON.stringify(c.conditions),
            updated_at: ctx.now,
          })
          .where('tenant_id', '=', ctx.tenantId)
          .where('business_id', '=', id)
          .execute();
        return { after: c };
      },
    },
    transition: { summary: '融资决议流转（提交）' },
    review: { menu: DECISION_EXAMINE_PATH, summary: '决议审核：决议详情与各项限额（风控负责人、有权审批人）' },
  });
};

export default decisionRoutes;
