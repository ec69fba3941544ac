// What the effective cap of a financing is computed from (BUSINESS.md §2: "the minimum of the product,
// subsidiary and summary values"; src/domain/parameters/effective-cap.ts): the product's term and ratio, the
// subsidiary's single amount, ratio and term, and the summary version in force's ratio and term. A source that
// does not apply is null and binds nothing: a product or a subsidiary parameter of another tenant or none at
// all, a 停用 subsidiary parameter, or one outside its effective dates on `on`. A product sets no single
// amount (its quota is a reservation, checked elsewhere); the summary's amounts are exposure ceilings, not a
// single financing's.
import type { Kysely } from 'kysely';
import type { CapSource, CapSourceName } from '../../../../src/domain/parameters/effective-cap';
import type { Database } from '../../db/database';

const int = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const ratio = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function capSourcesOf(
  database: Kysely<Database>,
  tenantId: string,
  ids: { productId?: string | null; subsidiaryId?: string | null; on: string },
): Promise<Record<CapSourceName, CapSource | null>> {
  const db = database;
  const { on } = ids;
  const [product, subsidiary, summary] = await Promise.all([
    ids.productId
      ? db
          .selectFrom('fund_product')
          .select(['max_financing_ratio', 'term_max_days'])
          .where('tenant_id', '=', tenantId)
          .where('product_id', '=', ids.productId)
          .executeTakeFirst()
      : undefined,
    ids.subsidiaryId
      ? db
          .selectFrom('subsidiary_parameter')
          .select(['single_max_amount', 'max_financing_ratio', 'max_term_days'])
          .where('tenant_id', '=', tenantId)
          .where('subsidiary_id', '=', ids.subsidiaryId)
          .where('status', '=', 'ENABLED')
          .where('effective_from', '<=', on)
          .where('effective_to', '>=', on)
          .executeTakeFirst()
      : undefined,
    db
      .selectFrom('risk_summary_parameter')
      .select(['max_financing_ratio', 'max_term_days'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst(),
  ]);
  return {
    product: product
      ? {
          singleMaxAmount: null,
          maxFinancingRatio: ratio(product.max_financing_ratio),
          maxTermDays: int(product.term_max_days),
        }
      : null,
    subsidiary: subsidiary
      ? {
          singleMaxAmount: subsidiary.single_max_amount == null ? null : BigInt(subsidiary.single_max_amount),
          maxFinancingRatio: ratio(subsidiary.max_financing_ratio),
          maxTermDays: int(subsidiary.max_term_days),
        }
      : null,
    summary: summary
      ? {
          singleMaxAmount: null,
          maxFinancingRatio: ratio(summary.max_financing_ratio),
          maxTermDays: int(summary.max_term_days),
        }
      : null,
  };
}
