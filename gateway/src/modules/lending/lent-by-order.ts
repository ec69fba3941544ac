// What was lent against payment orders: the registered loans laid over their applications' lines
// (`loan_order_lending`, migration 0270), summed over the orders a query selects — the pay book's Σ 已放款.
import { type Kysely, type OperandExpression, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DayColumn, FenColumn } from '../../stage/stage-money';

/** The view of migration 0270: one row for what one registered loan lent against one payment order. */
export interface LoanOrderLendingView {
  tenant_id: string;
  business_id: string;
  loan_date: DayColumn;
  order_id: string;
  /** 分. */
  amount: FenColumn;
}

declare module '../../db/database' {
  interface Database {
    loan_order_lending: LoanOrderLendingView;
  }
}

/** Σ 分 lent against the orders `orders` selects (a query of one column, the order id), for the tenant. */
export async function lentOnOrders(
  db: Kysely<Database>,
  tenantId: string,
  orders: OperandExpression<string>,
): Promise<bigint> {
  const row = await db
    .selectFrom('loan_order_lending')
    .select(sql<string | null>`sum(amount)::text`.as('lent'))
    .where('tenant_id', '=', tenantId)
    .where('order_id', 'in', orders)
    .executeTakeFirst();
  return BigInt(row?.lent ?? 0);
}
