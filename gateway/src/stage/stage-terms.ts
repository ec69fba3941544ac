// The limits a stage's financing terms are held to (BUSINESS.md §2 effective cap; "Decisions for the
// lifecycle's second half": the report's 方案建议, the decision, and the stages after them read the same
// limits), one read for every stage:
// - the effective cap: the minimum of the business's own fund product, its project company's parameter and the
//   summary in force on the business day. The product is the one the business names (BUSINESS.md: 资金产品 is
//   fixed at APPLICATION); while it names none, no product binds the cap — the application's limits and the
//   decision's are the same figures (`businessEffectiveCapOf`, which the application's `limitsOf` reads too);
// - the product's ranges: the business's product, or while it names none the tenant's first enabled product,
//   as the decision will choose one (`productOrProposalOf`: its ranges are shown as a proposal, not as the cap);
// - what the business applied for: the business's 申请金额 (`appliedAmountOf`), which the application's 提交
//   records as its lines' total — the one figure a reviewer approves against, never the application's draft.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { TermElement } from '../../../src/domain/stage/term-factors';
import { ELEMENT_TERMS_SOURCE } from '../../../src/domain/financing/elements';
import type { ProductRanges, TermsBounds } from '../../../src/domain/financing/financing-terms';
import type { RepaymentMethod } from '../../../src/domain/financing/repayment-schedule';
import { type EffectiveCap, effectiveCap } from '../../../src/domain/parameters/effective-cap';
import type { Database } from '../db/database';
import { capSourcesOf } from '../modules/parameters/cap-sources';
import { fenOf } from './stage-money';
import { readStageSource } from './stage-sources';

/** The business as the limits read it. */
export interface TermsBusiness {
  keyId: string;
  productId?: string | null;
  projectCompanyId?: string | null;
}

export interface StageProduct extends ProductRanges {
  productId: string;
  productName: string;
  serviceFeeRate: string;
}

export interface StageTerms {
  bounds: TermsBounds;
  product: StageProduct;
  /** The application's term when it names one. */
  appliedTermDays: number | null;
}

/** numeric(6,4) as its four-place text, whichever way the driver hands it back. */
export const rateText = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v.toFixed(4) : Number(v).toFixed(4);

/**
 * The product whose ranges the terms show: the business's own, or while it names none the tenant's first enabled
 * product as the decision's proposal. Never the cap's product — that is the business's own only
 * (`businessEffectiveCapOf`).
 */
async function productOrProposalOf(
  db: Kysely<Database>,
  tenantId: string,
  productId: string | null,
): Promise<StageProduct | null> {
  let q = db.selectFrom('fund_product').selectAll().where('tenant_id', '=', tenantId);
  q = productId ? q.where('product_id', '=', productId) : q.where('status', '=', 'ENABLED').orderBy('product_code');
  const p = await q.limit(1).executeTakeFirst();
  if (!p) return null;
  return {
    productId: p.product_id,
    productName: p.product_name,
    minRate: rateText(p.min_rate) as string,
    maxRate: rateText(p.max_rate) as string,
    serviceFeeRate: rateText(p.service_fee_rate) as string,
    termMinDays: Number(p.term_min_days),
    termMaxDays: Number(p.term_max_days),
    maxFinancingRatio: rateText(p.max_financing_ratio) as string,
    repaymentMethods: String(p.repayment_methods ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean) as RepaymentMethod[],
  };
}

/** The business's 申请金额 in 分: what it applied for, as the application's 提交 recorded it (0 when none). */
export async function appliedAmountOf(
  database: Kysely<Database>,
  tenantId: string,
  businessId: string,
): Promise<bigint> {
  const b = await database
    .selectFrom('financing_business')
    .select('apply_amount')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return fenOf(b?.apply_amount);
}

/** The term the business's application asks for, when it names one. */
async function appliedTermOf(db: Kysely<Database>, tenantId: string, businessId: string): Promise<number | null> {
  const a = await db
    .selectFrom('financing_application')
    .select('term_days')
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', businessId)
    .executeTakeFirst();
  return a?.term_days == null ? null : Number(a.term_days);
}

/** The effective cap of the business now: its own product only (none binds while it names none, never the
 * proposal `productOrProposalOf` reads), its project company's subsidiary parameter, the summary in force. */
export async function businessEffectiveCapOf(
  database: Kysely<Database>,
  tenantId: string,
  business: Pick<TermsBusiness, 'productId' | 'projectCompanyId'>,
  now: Date,
): Promise<EffectiveCap> {
  const sources = await capSourcesOf(database, tenantId, {
    productId: business.productId ?? null,
    subsidiaryId: business.projectCompanyId ?? null,
    on: businessDay(now),
  });
  return effectiveCap(sources);
}

/** The limits of the business's terms now; null when the tenant has no product to hold them to. */
export async function stageTerms(
  database: Kysely<Database>,
  tenantId: string,
  business: TermsBusiness,
  now: Date,
): Promise<StageTerms | null> {
  const db = database;
  const product = await productOrProposalOf(db, tenantId, business.productId ?? null);
  if (!product) return null;
  const [cap, applyAmountFen, appliedTermDays] = await Promise.all([
    businessEffectiveCapOf(database, tenantId, business, now),
    appliedAmountOf(database, tenantId, business.keyId),
    appliedTermOf(db, tenantId, business.keyId),
  ]);
  return { bounds: { cap, product, applyAmountFen }, product, appliedTermDays };
}

/**
 * The business's TERM elements, typed, through the elements' named source (the kit, not their module): what its
 * contracts are compared with and what a supplement may not change. None before the elements are made.
 */
export const termElementsOf = async (db: Kysely<Database>, tenantId: string, businessId: string) =>
  (await readStageSource<TermElement[]>(ELEMENT_TERMS_SOURCE, db, tenantId, businessId)) ?? [];

/** The limits as they travel (ReportBounds): the effective cap, the product's ranges, the amount applied for. */
export const TermsBoundsSchema = Type.Object(
  {
    applyAmount: Type.Integer({ description: '申请金额（分）' }),
    cap: Type.Object(
      {
        singleMaxAmount: Type.Union([Type.Integer({ description: '单笔上限（分）' }), Type.Null()]),
        maxFinancingRatio: Type.Union([Type.String(), Type.Null()]),
        maxTermDays: Type.Union([Type.Integer(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    product: Type.Object(
      {
        productId: Type.String(),
        productName: Type.String(),
        minRate: Type.String(),
        maxRate: Type.String(),
        termMinDays: Type.Integer(),
        termMaxDays: Type.Integer(),
        maxFinancingRatio: Type.String(),
        repaymentMethods: Type.Array(Type.String()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: '限额（有效上限、产品区间、申请金额）' },
);
