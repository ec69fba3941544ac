// 融资需求's 拟融资付款单: the order numbers typed on 新增 read as the supplier's own orders (an order of another
// supplier, or none, is refused by its number), kept as ids; 受理 hands them to the pre-credit draft.
import type { Kysely } from 'kysely';
import { DEMAND_ORDERS_MAX, orderNosOf } from '../../../../src/domain/financing/financing-demand';
import type { Database } from '../../db/database';
import { tenantRows } from '../../db/tenant-rows';
import { invalidInput } from '../../plugins/envelope';

export const DemandOrderMessage = {
  unknown: (no: string) => `付款单${no}不存在或不属于该供应商`,
  tooMany: `拟融资付款单最多${DEMAND_ORDERS_MAX}张`,
} as const;

/** The ids of the typed order numbers, all of them the supplier's, in the order typed. */
export async function demandOrderIds(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  typed: unknown,
): Promise<string[]> {
  const nos = orderNosOf(typeof typed === 'string' ? typed : '');
  if (nos.length === 0) return [];
  if (nos.length > DEMAND_ORDERS_MAX) throw invalidInput(DemandOrderMessage.tooMany);
  const rows: { order_id: string; order_no: string }[] = await tenantRows(db, 'payment_order', tenantId, {
    supplier_id: supplierId,
  })
    .select(['order_id', 'order_no'])
    .where('order_no', 'in', nos)
    .execute();
  const byNo = new Map(rows.map((r) => [String(r.order_no), String(r.order_id)]));
  const missing = nos.find((n) => !byNo.has(n));
  if (missing) throw invalidInput(DemandOrderMessage.unknown(missing));
  return nos.map((n) => byNo.get(n) as string);
}

/** The demand's orders that are still the supplier's, as the pre-credit draft's basis. */
export async function demandBasis(db: Kysely<Database>, tenantId: string, demandId: string): Promise<string[]> {
  const row = await tenantRows(db, 'financing_demand', tenantId, { demand_id: demandId })
    .select('payment_order_ids')
    .executeTakeFirst();
  const ids = row?.payment_order_ids;
  const list = Array.isArray(ids) ? ids : typeof ids === 'string' ? (JSON.parse(ids) as unknown[]) : [];
  return list.filter((x): x is string => typeof x === 'string');
}
