// 可融资 beside the row: the domain's eligibleAmount (BUSINESS.md §3) of the row as written, so the list's footer
// can sum it over a filter in SQL while the rule stays one pure function.
import type { Database } from '../../db/database';
import type { Kysely } from 'kysely';
import { eligibleAmount } from '../../../../src/domain/assets/eligible-amount';
import { fenOrNullOf } from '../../stage/stage-money';

/** 可融资 = eligibleAmount of the row as written (BUSINESS.md §3), kept beside it for the footer's sum. */
export async function storeEligible(db: Kysely<Database>, tenantId: string, id: string): Promise<void> {
  const row = await db
    .selectFrom('payment_order')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', id)
    .select(['confirmed_amount', 'paid_amount', 'reserved_amount', 'financed_amount'])
    .executeTakeFirstOrThrow();
  const eligible = eligibleAmount({
    confirmedAmount: fenOrNullOf(row.confirmed_amount),
    paidAmount: fenOrNullOf(row.paid_amount),
    reservedAmount: fenOrNullOf(row.reserved_amount),
    financedAmount: fenOrNullOf(row.financed_amount),
  });
  await db
    .updateTable('payment_order')
    .set({ eligible_amount: eligible })
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', id)
    .execute();
}
