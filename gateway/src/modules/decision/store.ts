// 融资决议's own rows and the facts of its rule: the draft made when the chair's approval of the minutes brings
// a business to 融资决议 (prefilled from the report's proposal and the meeting's conditions), the limits its
// terms are held to (the effective cap, the product's ranges, the amount applied for), the SUBMIT_DECISION
// rule the aggregate runs before 提交, and what the decision's approval does inside that transition's
// transaction: the approved terms on the business (through the aggregate) and the validity. Its terms go to the
// elements by the kit's named source (DECISION_TERMS_SOURCE); the element items are the elements module's.
import { sameTenant } from '../../stage/stage-joins';
import type { ColumnType, Kysely } from 'kysely';
import {
  type ApprovedDecision,
  DECISION_TERMS_SOURCE,
  type DecisionDraft,
  decisionValidUntil,
  prefillDecision,
  submitDecisionProblems,
} from '../../../../src/domain/financing/decision';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { ratioLimit } from '../../../../src/domain/financing/financing-terms';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import { isPassing, type Conclusion } from '../../../../src/domain/financing/meeting-rules';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import type { Database } from '../../db/database';
import { recordReader, tenantRows } from '../../db/tenant-rows';
import { recordProblems } from '../../stage/stage-record-problems';
import { recordApprovedTerms } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerCheckpoint } from '../business/facts';
import { appliedAmountOf, rateText, stageTerms, type TermsBusiness } from '../../stage/stage-terms';
import { readStageSource, registerStageSource } from '../../stage/stage-sources';
import { insertNumbered } from '../../stage/stage-numbered';
import type { StepContent } from '../../../../src/domain/financing/report';
import { moduleExtensions } from '../../stage/extensions';
import { fenOf, type NullableColumn as Nullable } from '../../stage/stage-money';
import type { InstantColumn as Instant, JsonColumn as Json } from '../../stage/stage-tables';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('decision/store');

// 融资决议 as Kysely sees it (migration 0081).

export interface FinancingDecisionTable {
  business_id: string;
  tenant_id: string;
  decision_no: string;
  meeting_id: Nullable<string>;
  /** 分. */
  approved_amount: Nullable<string | number | bigint>;
  annual_rate: Nullable<string>;
  service_fee_rate: Nullable<string>;
  term_days: Nullable<number>;
  financing_ratio: Nullable<string>;
  repayment_method: Nullable<string>;
  guarantee_measures: ColumnType<string, string | undefined, string>;
  conditions: Json;
  meeting_conditions: Json;
  result: Nullable<string>;
  valid_until: Nullable<string>;
  approver_id: Nullable<string>;
  approved_at: Nullable<Date>;
  submitted_at: Nullable<Date>;
  created_by: Nullable<string>;
  created_at: Instant;
  updated_at: Instant;
}

declare module '../../db/database' {
  interface Database {
    financing_decision: FinancingDecisionTable;
  }
}

export const DecisionStoreMessage = {
  missing: '融资决议不存在',
  noProduct: '本租户没有可用的资金产品，无法校验决议的利率与期限',
} as const;

const list = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};
const rate = rateText;
const day = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export interface StoredDecision {
  businessId: string;
  decisionNo: string;
  meetingId: string | null;
  /** 分. */
  approvedAmount: bigint | null;
  annualRate: string | null;
  serviceFeeRate: string | null;
  termDays: number | null;
  financingRatio: string | null;
  repaymentMethod: RepaymentMethod | null;
  guaranteeMeasures: string;
  conditions: string[];
  meetingConditions: string[];
  result: 'AGREED' | 'VETOED' | null;
  validUntil: string | null;
  approverId: string | null;
  approvedAt: string | null;
  submittedAt: string | null;
}

export const loadDecision = recordReader(
  'financing_decision',
  'business_id',
  (r): StoredDecision => ({
    businessId: r.business_id,
    decisionNo: r.decision_no,
    meetingId: r.meeting_id,
    approvedAmount: r.approved_amount === null ? null : fenOf(r.approved_amount),
    annualRate: rate(r.annual_rate),
    serviceFeeRate: rate(r.service_fee_rate),
    termDays: r.term_days === null ? null : Number(r.term_days),
    financingRatio: rate(r.financing_ratio),
    repaymentMethod: r.repayment_method as RepaymentMethod | null,
    guaranteeMeasures: r.guarantee_measures,
    conditions: list(r.conditions),
    meetingConditions: list(r.meeting_conditions),
    result: r.result as StoredDecision['result'],
    validUntil: day(r.valid_until),
    approverId: r.approver_id,
    approvedAt: r.approved_at ? new Date(r.approved_at).toISOString() : null,
    submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
  }),
);

/** The decision's terms as the domain's limits read them. */
export const draftOf = (d: StoredDecision): DecisionDraft => ({
  amountFen: d.approvedAmount,
  annualRate: d.annualRate,
  termDays: d.termDays,
  financingRatio: d.financingRatio,
  repaymentMethod: d.repaymentMethod,
  serviceFeeRate: d.serviceFeeRate,
  guaranteeMeasures: d.guaranteeMeasures,
  conditions: d.conditions,
});

type StoredBusiness = TermsBusiness;

/** The limits of the business's decision now: the kit's (the effective cap, the product, the amount applied). */
export const boundsOf = stageTerms;

/** The report's 方案建议 as last submitted (the revision the meeting heard), once the report module tells the kit. */
export const reportProposal = (db: Kysely<Database>, tenantId: string, businessId: string) =>
  readStageSource<StepContent>('report.proposal', db, tenantId, businessId);

/**
 * The passed item of the meeting that brought the business here, with its conditions: the item as concluded
 * (its minutes reviewed or still with the chair), so the committee's conditions bind the decision however the
 * business arrived.
 */
export async function passedItemOf(db: Kysely<Database>, tenantId: string, businessId: string) {
  const rows = await tenantRows(db, 'review_meeting_item as i', tenantId, { business_id: businessId })
    .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
    .select(['i.meeting_id', 'i.conclusion', 'i.conditions', 'm.meeting_no'])
    .where('m.status', 'in', ['CLOSED', 'ARCHIVED'])
    .where('i.conclusion', 'is not', null)
    .orderBy('m.updated_at', 'desc')
    .execute();
  const passed = rows.find((r) => r.conclusion && isPassing(r.conclusion as Conclusion));
  return passed
    ? {
        meetingId: passed.meeting_id as string,
        meetingNo: passed.meeting_no as string,
        conditions: list(passed.conditions),
      }
    : null;
}

/** A decision's row, numbered JY+yyyyMMdd+seq. */
const DECISION_ROW = { table: 'financing_decision', kind: 'decision', no: 'decision_no' } as const;

/**
 * The decision RISK finds when the business arrives at 融资决议: the report's proposal (when the report module
 * gives one) and the meeting's conditions; else the application's amount and term, the ratio in force and the
 * product's first repayment method, the rate left for the maker.
 */
export async function createDecisionDraft(
  trx: Kysely<Database>,
  tenantId: string,
  business: StoredBusiness,
  userId: string,
  now: Date,
): Promise<void> {
  const db = trx;
  if (await loadDecision(db, tenantId, business.keyId)) return;
  const [meeting, proposal, limits] = await Promise.all([
    passedItemOf(db, tenantId, business.keyId),
    reportProposal(db, tenantId, business.keyId),
    stageTerms(trx, tenantId, business, now),
  ]);
  const meetingConditions = meeting?.conditions ?? [];
  const draft = prefillDecision(proposal, meetingConditions, limits?.product.serviceFeeRate ?? null);
  if (!proposal) {
    draft.amountFen = limits ? limits.bounds.applyAmountFen : await appliedAmountOf(trx, tenantId, business.keyId);
    draft.termDays = limits?.appliedTermDays ?? null;
    draft.financingRatio = limits ? ratioLimit(limits.bounds) : null;
    draft.repaymentMethod = limits?.product.repaymentMethods?.[0] ?? null;
  }
  await insertNumbered(
    trx,
    DECISION_ROW,
    { tenantId, now },
    {
      business_id: business.keyId,
      meeting_id: meeting?.meetingId ?? null,
      approved_amount: draft.amountFen,
      annual_rate: draft.annualRate,
      service_fee_rate: draft.serviceFeeRate,
      term_days: draft.termDays,
      financing_ratio: draft.financingRatio,
      repayment_method: draft.repaymentMethod,
      guarantee_measures: draft.guaranteeMeasures,
      conditions: JSON.stringify(draft.conditions),
      meeting_conditions: JSON.stringify(meetingConditions),
      created_by: userId,
    },
  );
}

/** Every refusal SUBMIT_DECISION finds for the business's decision now (the make page shows them too). */
export const decisionProblems = recordProblems(
  loadDecision,
  DecisionStoreMessage.missing,
  async (db, tenantId, business: StoredBusiness, stored, now) => {
    const limits = await boundsOf(db as Kysely<Database>, tenantId, business, now);
    if (!limits) return [DecisionStoreMessage.noProduct];
    return submitDecisionProblems(draftOf(stored), limits.bounds, stored.meetingConditions);
  },
);

// On the transition's own clock, as every checkpoint: a seed or test submitting on another day is judged on it.
extend(registerCheckpoint, 'SUBMIT_DECISION', async (db, tenantId, record: BusinessRecord, now) =>
  decisionProblems(db, tenantId, record as BusinessRecord & StoredBusiness, now),
);

/**
 * The decision's terms as the stages after it read them (the elements make their TERM items of them): the
 * amount in 分 as bigint straight from its column; undefined while a term is missing.
 */
extend(registerStageSource<ApprovedDecision>, DECISION_TERMS_SOURCE, async (db, tenantId, businessId) => {
  const r = await tenantRows(db, 'financing_decision', tenantId, { business_id: businessId })
    .select(['approved_amount', 'annual_rate', 'term_days', 'repayment_method', 'guarantee_measures', 'conditions'])
    .executeTakeFirst();
  if (!r || r.approved_amount === null || r.annual_rate === null || r.term_days === null || !r.repayment_method) {
    return undefined;
  }
  return {
    amountFen: fenOf(r.approved_amount),
    annualRate: rate(r.annual_rate) as string,
    termDays: Number(r.term_days),
    repaymentMethod: r.repayment_method as RepaymentMethod,
    guaranteeMeasures: r.guarantee_measures,
    conditions: list(r.conditions),
  };
});

// The decision's part of the business's moves, inside the transition's own transaction.
extend(registerAfterTransition, 'decision', async (trx, done) => {
  const db = trx;
  const fromStage = stageOf(done.from);
  if (done.to === 'DECISION/DRAFT' && fromStage === 'MEETING') {
    const b = await tenantRows(db, 'financing_business', done.tenantId, { business_id: done.businessId })
      .select(['business_id', 'product_id', 'project_company_id'])
      .executeTakeFirstOrThrow();
    await createDecisionDraft(
      trx as Kysely<Database>,
      done.tenantId,
      {
        keyId: b.business_id,
        productId: b.product_id,
        projectCompanyId: b.project_company_id,
      },
      done.actor.userId,
      done.now,
    );
    return;
  }
  if (fromStage !== 'DECISION') return;
  const update = (set: Record<string, unknown>) =>
    db
      .updateTable('financing_decision')
      .set({ ...set, updated_at: done.now })
      .where('tenant_id', '=', done.tenantId)
      .where('business_id', '=', done.businessId)
      .execute();
  if (done.action === 'submit') {
    await update({ submitted_at: done.now });
  } else if (done.action === 'veto') {
    await update({ result: 'VETOED', approver_id: done.actor.userId, approved_at: done.now });
  } else if (done.action === 'approve' && stageOf(done.to) === 'ELEMENTS') {
    const stored = await loadDecision(db, done.tenantId, done.businessId);
    if (!stored) return;
    const validUntil = decisionValidUntil(businessDay(done.now));
    await update({ result: 'AGREED', approver_id: done.actor.userId, approved_at: done.now, valid_until: validUntil });
    // The rule at 提交 held every term; a decision approved without one would be a defect upstream.
    const terms = {
      amount: stored.approvedAmount as bigint,
      annualRate: stored.annualRate as string,
      termDays: stored.termDays as number,
      financingRatio: stored.financingRatio as string,
      repaymentMethod: stored.repaymentMethod as RepaymentMethod,
      validUntil,
    };
    await recordApprovedTerms(trx as Kysely<Database>, done.tenantId, done.businessId, terms);
  }
});
