// The loan book's covering index holds the loan's key too (BUSINESS.md Decisions "Statistics": fast as the book
// grows). `loan_book_view` joins the business and the names on the loan's key, and PostgreSQL drops those joins
// when a widget reads nothing of them — but the key they were joined on still counts as read, and an index
// without it cannot answer alone: every widget over the view read the whole table instead of the index (a
// whole book's widget at 100k loans took several times its bare query, which reads the loan table by name).
// Forward-only: the index is made again with the key, then the one without it dropped.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index loan_book_figures_key_idx on loan (tenant_id, supplier_id, project_company_id)
    include (capital_side_id, product_id, business_deleted, loan_date, maturity_date, amount, annual_rate,
      plan_remaining_principal, plan_overdue_days, plan_overdue_owed, business_id)
    where status = 'REGISTERED'`.execute(db);
  await sql`drop index loan_book_figures_idx`.execute(db);
}
