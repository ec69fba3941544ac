// 可融资 beside the row: the domain's eligibleAmount (BUSINESS.md §3) of the row as written, so the list's footer
// can sum it over a filter in SQL while the rule stays one pure function.
import type { Database } from '../../db/database';
import type { Kysely } from 'kysely';
import { eligibleAmount } from '../../../../src/domain/assets/eligible-amount';

/** 可融资 = eligibleAmount of the row as written (BUSINESS.md §3), kept beside it for the footer's sum. */
export async function storeEligible(db: Kysely<Database>, tenantId: string, id: string): Promise<void> {
  const row = await db
    .selectFrom('payment_order')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', id)
    .select(['confirmed_amount', 'paid_amount', 'reserved_amount', 'financed_amount'])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const eligible = eligibleAmount({
    confirmedAmount: n(row.confirmed_amount),
    paidAmount: n(row.paid_amount),
    reservedAmount: n(row.reserved_amount),
    financedAmount: n(row.financed_amount),
  });
  await db
    .updateTable('payment_order')
    .set({ eligible_amount: eligible })
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', id)
    .execute();
}
