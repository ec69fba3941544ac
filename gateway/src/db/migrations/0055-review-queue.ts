// The review queue and 待制作 (BUSINESS.md §4): a reviewer's queue reads the businesses under review in the
// tenant, oldest arrival first, and filters the snapshot's reviewers of the current level in the same scan;
// a maker's to-do reads the tenant's businesses the person owns in a maker state. Partial indexes keep both
// to the rows that can qualify. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index financing_business_review_queue_idx on financing_business
    (tenant_id, state, review_arrived_at, business_id) where review is not null and not deleted`.execute(db);
  await sql`create index financing_business_owner_state_idx on financing_business
    (tenant_id, owner_id, state) where not deleted`.execute(db);
}
