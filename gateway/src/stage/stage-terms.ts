// The limits a stage's financing terms are held to (BUSINESS.md §2 effective cap; "Decisions for the
// lifecycle's second half": the report's 方案建议, the decision, and the stages after them read the same
// limits): the business's fund product — while it names none, the tenant's first enabled product, as the
// decision will choose one — the effective cap of that product with the project company's parameter and the
// summary in force on the business day, and what the business applied for. One read for every stage.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { businessDay } from '../../../src/domain/calendar/calendar-date';
import type { ProductRanges, TermsBounds } from '../../../src/domain/financing/financing-terms';
import type { RepaymentMethod } from '../../../src/domain/financing/repayment-schedule';
import { effectiveCap } from '../../../src/domain/parameters/effective-cap';
import type { Database } from '../db/database';
import { capSourcesOf } from '../modules/parameters/cap-sources';
import { type AnyDb, anyDb } from './stage-scope';

/** The business as the limits read it. */
export interface TermsBusiness {
  keyId: string;
  productId?: string | null;
  projectCompanyId?: string | null;
  applyAmount?: number;
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

async function productOf(db: AnyDb, tenantId: string, productId: string | null): Promise<StageProduct | null> {
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

/** What the business applied for: its application's total and term, else the amount on the business. */
async function appliedOf(db: AnyDb, tenantId: string, business: TermsBusiness) {
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

/** The limits of the business's terms now; null when the tenant has no product to hold them to. */
export async function stageTerms(
  database: Kysely<Database>,
  tenantId: string,
  business: TermsBusiness,
  now: Date,
): Promise<StageTerms | null> {
  const db = anyDb(database);
  const product = await productOf(db, tenantId, business.productId ?? null);
  if (!product) return null;
  const [sources, applied] = await Promise.all([
    capSourcesOf(database, tenantId, {
      productId: product.productId,
      subsidiaryId: business.projectCompanyId ?? null,
      on: businessDay(now),
    }),
    appliedOf(db, tenantId, business),
  ]);
  return {
    bounds: { cap: effectiveCap(sources), product, applyAmountFen: BigInt(applied.amount) },
    product,
    appliedTermDays: applied.termDays,
  };
}

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
