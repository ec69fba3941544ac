// 负面舆情 becomes a plain resource of the kit (BUSINESS.md §2 Risk): the original link, a summary, how it
// was handled, who made it, the optimistic version and a removal flag. Rows seeded before keep their
// values; the new columns start empty. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('negative_opinion')
    .addColumn('url', 'text')
    .addColumn('summary', 'text')
    .addColumn('handling', 'text')
    .addColumn('created_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index negative_opinion_page_idx on negative_opinion (tenant_id, published_on desc, opinion_id desc) where not deleted`.execute(
    db,
  );
}
