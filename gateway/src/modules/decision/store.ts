// 融资决议's own rows and the facts of its rule: the draft made when the chair's approval of the minutes brings
// a business to 融资决议 (prefilled from the report's proposal and the meeting's conditions), the limits its
// terms are held to (the effective cap, the product's ranges, the amount applied for), the SUBMIT_DECISION
// rule the aggregate runs before 提交, and what the decision's approval does inside that transition's
// transaction: the approved terms on the business (through the aggregate), the validity, the element items.
import type { Kysely } from 'kysely';
import {
  type DecisionDraft,
  decisionValidUntil,
  elementItemsOf,
  prefillDecision,
  submitDecisionProblems,
} from '../../../../src/domain/financing/decision';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';
import { type ProductRanges, ratioLimit, type TermsBounds } from '../../../../src/domain/financing/financing-terms';
import { type BusinessRecord, stageOf } from '../../../../src/domain/financing/lifecycle';
import { isPassing, type Conclusion } from '../../../../src/domain/financing/meeting-rules';
import type { RepaymentMethod } from '../../../../src/domain/financing/repayment-schedule';
import { effectiveCap } from '../../../../src/domain/parameters/effective-cap';
import type { Database } from '../../db/database';
import { nextDocumentNo, recordApprovedTerms } from '../business/aggregate';
import { registerAfterTransition } from '../business/after-transition';
import { registerCheckpoint } from '../business/facts';
import { newId } from '../operation-log/repository';
import { capSourcesOf } from '../parameters/cap-sources';
import { reportProposal } from './proposal';
import './tables';

// biome-ignore lint/suspicious/noExplicitAny: the rule reads the application, meeting and funds modules' tables
type AnyDb = Kysely<any>;

export const DECISION_NO_PREFIX = 'JY';

export const DecisionStoreMessage = {
  missing: '融资决议不存在',
  noProduct: '本租户没有可用的资金产品，无法校验决议的利率与期限',
} as const;

const list = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};
/** numeric(6,4) as its four-place text, whichever way the driver hands it back. */
const rate = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v.toFixed(4) : String(v);
const day = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export interface StoredDecision {
  businessId: string;
  decisionNo: string;
  meetingId: string | null;
  /** 分. */
  approvedAmount: number | null;
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

export async function loadDecision(db: AnyDb, tenantId: string, businessId: string): Promise<StoredDecision | null> {
  const r = await db
    .selectFrom('financing_decision')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    businessId: r.business_id,
    decisionNo: r.decision_no,
    meetingId: r.meeting_id,
    approvedAmount: r.approved_amount === null ? null : Number(r.approved_amount),
    annualRate: rate(r.annual_rate),
    serviceFeeRate: rate(r.service_fee_rate),
    termDays: r.term_days === null ? null : Number(r.term_days),
    financingRatio: rate(r.financing_ratio),
    repaymentMethod: r.repayment_method as RepaymentMethod | null,
    guaranteeMeasures: r.guarantee_measures,
    conditions: list(r.conditions),
    meetingConditions: list(r.meeting_conditions),
    result: r.result,
    validUntil: day(r.valid_until),
    approverId: r.approver_id,
    approvedAt: r.approved_at ? new Date(r.approved_at).toISOString() : null,
    submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
  };
}

/** The decision's terms as the domain's limits read them. */
export const draftOf = (d: StoredDecision): DecisionDraft => ({
  amountFen: d.approvedAmount === null ? null : BigInt(d.approvedAmount),
  annualRate: d.annualRate,
  termDays: d.termDays,
  financingRatio: d.financingRatio,
  repaymentMethod: d.repaymentMethod,
  serviceFeeRate: d.serviceFeeRate,
  guaranteeMeasures: d.guaranteeMeasures,
  conditions: d.conditions,
});

type StoredBusiness = {
  keyId: string;
  productId?: string | null;
  projectCompanyId?: string | null;
  applyAmount?: number;
};

export interface DecisionProduct extends ProductRanges {
  productId: string;
  productName: string;
  serviceFeeRate: string;
}

/**
 * The product whose ranges hold the decision: the business's own, else the tenant's first product in force (a
 * business whose capital side is not chosen yet is held to the ranges the tenant lends on).
 */
async function productOf(db: AnyDb, tenantId: string, productId: string | null): Promise<DecisionProduct | null> {
  let q = db
    .selectFrom('fund_product')
    .select([
      'product_id',
      'product_name',
      'min_rate',
      'max_rate',
      'service_fee_rate',
      'term_min_days',
      'term_max_days',
      'max_financing_ratio',
      'repayment_methods',
    ])
    .where('tenant_id', '=', tenantId);
  q = productId ? q.where('product_id', '=', productId) : q.where('status', '=', 'ENABLED').orderBy('product_code');
  const p = await q.limit(1).executeTakeFirst();
  if (!p) return null;
  return {
    productId: p.product_id,
    productName: p.product_name,
    minRate: rate(p.min_rate) as string,
    maxRate: rate(p.max_rate) as string,
    serviceFeeRate: rate(p.service_fee_rate) as string,
    termMinDays: Number(p.term_min_days),
    termMaxDays: Number(p.term_max_days),
    maxFinancingRatio: rate(p.max_financing_ratio) as string,
    repaymentMethods: String(p.repayment_methods ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean) as RepaymentMethod[],
  };
}

/** What the business applied for: its application's total, else the amount on the business. */
async function appliedOf(db: AnyDb, tenantId: string, business: StoredBusiness) {
  const a = await db
    .selectFrom('financing_application')
    .select(['total_amount', 'term_days'])
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', business.keyId)
    .executeTakeFirst();
  if (a) return { amount: Number(a.total_amount), termDays: a.term_days === null ? null : Number(a.term_days) };
  const b = await db
    .selectFrom('financing_business')
    .select('apply_amount')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', business.keyId)
    .executeTakeFirst();
  return { amount: Number(b?.apply_amount ?? business.applyAmount ?? 0), termDays: null };
}

export interface DecisionBounds {
  bounds: TermsBounds;
  product: DecisionProduct;
}

/** The limits of the business's decision now: the effective cap, the product's ranges, the amount applied for. */
export async function boundsOf(
  database: Kysely<Database>,
  tenantId: string,
  business: StoredBusiness,
  now: Date,
): Promise<DecisionBounds | null> {
  const db = database as unknown as AnyDb;
  const product = await productOf(db, tenantId, business.productId ?? null);
  if (!product) return null;
  const sources = await capSourcesOf(database, tenantId, {
    productId: product.productId,
    subsidiaryId: business.projectCompanyId ?? null,
    on: businessDay(now),
  });
  const applied = await appliedOf(db, tenantId, business);
  return { bounds: { cap: effectiveCap(sources), product, applyAmountFen: BigInt(applied.amount) }, product };
}

/** The passed item of the meeting whose approved minutes brought the business here, with its conditions. */
export async function passedItemOf(db: AnyDb, tenantId: string, businessId: string) {
  const rows = await db
    .selectFrom('review_meeting_item as i')
    .innerJoin('review_meeting as m', (j) =>
      j.onRef('m.meeting_id', '=', 'i.meeting_id').onRef('m.tenant_id', '=', 'i.tenant_id'),
    )
    .select(['i.meeting_id', 'i.conclusion', 'i.conditions', 'm.meeting_no'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.business_id', '=', businessId)
    .where('m.status', '=', 'ARCHIVED')
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
  const db = trx as unknown as AnyDb;
  if (await loadDecision(db, tenantId, business.keyId)) return;
  const [meeting, proposal, limits, applied] = await Promise.all([
    passedItemOf(db, tenantId, business.keyId),
    reportProposal(db, tenantId, business.keyId),
    boundsOf(trx, tenantId, business, now),
    appliedOf(db, tenantId, business),
  ]);
  const meetingConditions = meeting?.conditions ?? [];
  const draft = prefillDecision(proposal, meetingConditions, limits?.product.serviceFeeRate ?? null);
  if (!proposal) {
    draft.amountFen = BigInt(applied.amount);
    draft.termDays = applied.termDays;
    draft.financingRatio = limits ? ratioLimit(limits.bounds) : null;
    draft.repaymentMethod = limits?.product.repaymentMethods?.[0] ?? null;
  }
  await db
    .insertInto('financing_decision')
    .values({
      business_id: business.keyId,
      tenant_id: tenantId,
      decision_no: await nextDocumentNo(trx, tenantId, DECISION_NO_PREFIX, now),
      meeting_id: meeting?.meetingId ?? null,
      approved_amount: draft.amountFen === null ? null : Number(draft.amountFen),
      annual_rate: draft.annualRate,
      service_fee_rate: draft.serviceFeeRate,
      term_days: draft.termDays,
      financing_ratio: draft.financingRatio,
      repayment_method: draft.repaymentMethod,
      guarantee_measures: draft.guaranteeMeasures,
      conditions: JSON.stringify(draft.conditions),
      meeting_conditions: JSON.stringify(meetingConditions),
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Every refusal SUBMIT_DECISION finds for the business's decision now (the make page shows them too). */
export async function decisionProblems(
  db: AnyDb,
  tenantId: string,
  business: StoredBusiness,
  now: Date,
): Promise<string[]> {
  const stored = await loadDecision(db, tenantId, business.keyId);
  if (!stored) return [DecisionStoreMessage.missing];
  const limits = await boundsOf(db as Kysely<Database>, tenantId, business, now);
  if (!limits) return [DecisionStoreMessage.noProduct];
  return submitDecisionProblems(draftOf(stored), limits.bounds, stored.meetingConditions);
}

registerCheckpoint('SUBMIT_DECISION', async (db, tenantId, record: BusinessRecord) =>
  decisionProblems(db, tenantId, record as BusinessRecord & StoredBusiness, new Date()),
);

export interface ElementItemView {
  seq: number;
  kind: 'TERM' | 'CONDITION';
  name: string;
  requiredValue: string;
  actualValue: string | null;
  mandatory: boolean;
  checkpoint: string | null;
  status: string;
}

/** The business's element items in their order. */
export async function elementItems(db: AnyDb, tenantId: string, businessId: string): Promise<ElementItemView[]> {
  const rows = await db
    .selectFrom('element_item')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    name: r.name,
    requiredValue: r.required_value,
    actualValue: r.actual_value,
    mandatory: r.mandatory,
    checkpoint: r.checkpoint,
    status: r.status,
  }));
}

// The decision's part of the business's moves, inside the transition's own transaction.
registerAfterTransition('decision', async (trx, done) => {
  const db = trx as AnyDb;
  const fromStage = stageOf(done.from);
  if (done.to === 'DECISION/DRAFT' && fromStage === 'MEETING') {
    const b = await db
      .selectFrom('financing_business')
      .select(['business_id', 'product_id', 'project_company_id', 'apply_amount'])
      .where('tenant_id', '=', done.tenantId)
      .where('business_id', '=', done.businessId)
      .executeTakeFirstOrThrow();
    await createDecisionDraft(
      trx as Kysely<Database>,
      done.tenantId,
      {
        keyId: b.business_id,
        productId: b.product_id,
        projectCompanyId: b.project_company_id,
        applyAmount: Number(b.apply_amount),
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
      amount: stored.approvedAmount as number,
      annualRate: stored.annualRate as string,
      termDays: stored.termDays as number,
      financingRatio: stored.financingRatio as string,
      repaymentMethod: stored.repaymentMethod as RepaymentMethod,
      validUntil,
    };
    await recordApprovedTerms(trx as Kysely<Database>, done.tenantId, done.businessId, terms);
    const items = elementItemsOf({
      amountFen: BigInt(terms.amount),
      annualRate: terms.annualRate,
      termDays: terms.termDays,
      repaymentMethod: terms.repaymentMethod,
      guaranteeMeasures: stored.guaranteeMeasures,
      conditions: stored.conditions,
    });
    await db
      .insertInto('element_item')
      .values(
        items.map((i) => ({
          item_id: newId(),
          tenant_id: done.tenantId,
          business_id: done.businessId,
          seq: i.seq,
          kind: i.kind,
          name: i.name,
          required_value: i.requiredValue,
          mandatory: i.mandatory,
          checkpoint: i.checkpoint,
          created_at: done.now,
        })),
      )
      .execute();
  }
});
