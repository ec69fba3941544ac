// The money a loan moves outside its own rows (BUSINESS.md §3 可融资; "Decisions for the lifecycle's second half":
// Lending, Repayment): the fund product's 已用额度 and the payment orders' 已融资. Lending consumes the quota and
// turns the application's reservations into 已融资; each confirmed repayment gives both back by the principal it
// repaid. Both sides live here so each stays the other's mirror: what lending raised, repayment lowers, never
// below nothing, and every order touched has its 可融资 stored again.
import { type UpdateObject, sql } from 'kysely';
import type { Database, Db } from '../db/database';
import { storeEligible } from '../modules/assets/eligible-store';

type OrderSet = UpdateObject<Database, 'payment_order'>;

async function productOf(db: Db, tenantId: string, businessId: string): Promise<string | null> {
  const b = await db
    .selectFrom('financing_business')
    .select('product_id')
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return b.product_id;
}

/** The application's JSON column (handed back parsed or as text); undefined without an application. */
async function applicationJson<T>(db: Db, tenantId: string, businessId: string, column: 'lines' | 'reserved') {
  const app = await db
    .selectFrom('financing_application')
    .select(column)
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', businessId)
    .executeTakeFirst();
  if (!app) return undefined;
  const raw = (app as Record<string, unknown>)[column];
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as T | null;
}

/** One order's 已融资 moved, its 可融资 stored again. */
async function moveOrder(db: Db, tenantId: string, orderId: string, set: OrderSet) {
  await db
    .updateTable('payment_order')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .execute();
  await storeEligible(db, tenantId, orderId);
}

/**
 * The product's quota consumed by `amount`, unless it has not that much left besides `heldElsewhere` (what other
 * businesses' capital approvals reserve): false then. A business without a product consumes nothing.
 */
export async function consumeQuota(
  db: Db,
  tenantId: string,
  businessId: string,
  amount: bigint,
  heldElsewhere: bigint,
) {
  const productId = await productOf(db, tenantId, businessId);
  if (!productId) return true;
  const done = await db
    .updateTable('fund_product')
    .set({ used_quota: sql`used_quota + ${amount}` })
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .where(sql<boolean>`quota - used_quota - ${heldElsewhere} >= ${amount}`)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * The application's reservations become 已融资: each order (in id order) is financed with what it reserved, up
 * to `amount`, and its reservation released; the application then holds none.
 */
export async function financeReservedOrders(db: Db, tenantId: string, businessId: string, amount: bigint) {
  const reserved = await applicationJson<Record<string, number>>(db, tenantId, businessId, 'reserved');
  if (reserved === undefined) return;
  let left = amount;
  for (const id of Object.keys(reserved ?? {}).sort()) {
    const held = BigInt(reserved?.[id] ?? 0);
    const financed = held < left ? held : left;
    left -= financed;
    await moveOrder(db, tenantId, id, {
      reserved_amount: sql`greatest(reserved_amount - ${held}, 0)`,
      financed_amount: sql`financed_amount + ${financed}`,
      financing_status: 'FINANCED',
    });
  }
  await db
    .updateTable('financing_application')
    .set({ reserved: '{}' })
    .where('tenant_id', '=', tenantId)
    .where('application_id', '=', businessId)
    .execute();
}

/**
 * The quota and the orders' 已融资 given back by `principal` repaid after `repaidBefore`: the loan's principal is
 * laid over the application's lines in order id order, and the part between the two comes off the lines it
 * covers, so no order is released twice; an order with nothing financed or reserved left is 已结清.
 */
export async function releaseByPrincipal(
  db: Db,
  tenantId: string,
  businessId: string,
  repaidBefore: bigint,
  principal: bigint,
) {
  if (principal === 0n) return;
  const productId = await productOf(db, tenantId, businessId);
  if (productId)
    await db
      .updateTable('fund_product')
      .set({ used_quota: sql`greatest(used_quota - ${principal}, 0)` })
      .where('tenant_id', '=', tenantId)
      .where('product_id', '=', productId)
      .execute();
  const raw =
    (await applicationJson<{ orderId: string; financeAmount: number }[]>(db, tenantId, businessId, 'lines')) ?? [];
  const lines = raw.map((l) => ({ orderId: String(l.orderId), amount: BigInt(l.financeAmount ?? 0) }));
  for (const { orderId, part } of principalOverLines(lines, repaidBefore, principal)) {
    await moveOrder(db, tenantId, orderId, {
      financed_amount: sql`greatest(financed_amount - ${part}, 0)`,
      financing_status: sql`case when financed_amount - ${part} <= 0 and reserved_amount = 0 then 'SETTLED'
        else financing_status end`,
    });
  }
}

/**
 * Where principal repaid lands on the application's lines: the loan's principal is laid over the lines in order id
 * order, and the stretch from `repaidBefore` to `repaidBefore + principal` falls on the lines it covers, each
 * given the part of it that covers the line. Successive repayments so release each line once, in order.
 */
export function principalOverLines(
  lines: readonly { orderId: string; amount: bigint }[],
  repaidBefore: bigint,
  principal: bigint,
): { orderId: string; part: bigint }[] {
  const ordered = [...lines].sort((x, y) => (x.orderId < y.orderId ? -1 : x.orderId > y.orderId ? 1 : 0));
  const [from, to] = [repaidBefore, repaidBefore + principal];
  const parts: { orderId: string; part: bigint }[] = [];
  let start = 0n;
  for (const line of ordered) {
    const end = start + line.amount;
    const part = (to < end ? to : end) - (from > start ? from : start);
    start = end;
    if (part > 0n) parts.push({ orderId: line.orderId, part });
  }
  return parts;
}
