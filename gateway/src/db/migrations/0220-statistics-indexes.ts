// 数据看板's indexes (BUSINESS.md Decisions "Statistics": figures summed from loans and installments when asked,
// indexed so they stay fast as the book grows). The widgets read the 还款计划 list's rows, registered loans by
// tenant, narrowed by the 期间 on the loan date; the ageing and 逾期金额 read the 逾期 installments of those loans,
// a small part of all installments once the book is large. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index loan_book_idx on loan (tenant_id, loan_date, business_id)
    where status = 'REGISTERED'`.execute(db);
  await sql`create index installment_overdue_idx on installment (tenant_id, business_id)
    include (overdue_days, principal_due, interest_due, fee_due, penalty_accrued,
      principal_paid, interest_paid, fee_paid, penalty_paid)
    where status = 'OVERDUE'`.execute(db);
}
