// 要素 as stage items (HOUSE.md "Many records per business are stage items"; BUSINESS.md "Decisions for the
// lifecycle's second half": Elements): each element item gets its own version (optimistic lock), the waiver's
// reason and asker, its last change, and a TERM item its required value typed as the decision approved it —
// 分 as bigint, the annual rate as numeric(6,4), days as an integer, the repayment method's code — instead of a
// display string. The items already made keep everything: their typed values are taken from the decision whose
// approval made them. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table element_item
    add column version integer not null default 1,
    add column value_type text,
    add column required_fen bigint,
    add column required_rate numeric(6,4),
    add column required_days integer,
    add column waiver_reason text,
    add column waiver_asked_by text,
    add column updated_at timestamptz`.execute(db);
  await sql`update element_item set updated_at = created_at`.execute(db);
  await sql`alter table element_item alter column updated_at set not null`.execute(db);
  const typed = [
    ['金额', sql`value_type = 'AMOUNT', required_fen = d.approved_amount, required_value = ''`],
    ['利率', sql`value_type = 'RATE', required_rate = d.annual_rate, required_value = ''`],
    ['期限', sql`value_type = 'DAYS', required_days = d.term_days, required_value = ''`],
    ['还款方式', sql`value_type = 'METHOD', required_value = d.repayment_method`],
  ] as const;
  for (const [name, set] of typed) {
    await sql`update element_item e set ${set} from financing_decision d
      where d.business_id = e.business_id and d.tenant_id = e.tenant_id and e.kind = 'TERM' and e.name = ${name}`.execute(
      db,
    );
  }
  await sql`update element_item set value_type = 'TEXT' where kind = 'TERM' and value_type is null`.execute(db);
  await sql`alter table element_item
    add constraint element_item_value_ck check (
      (kind = 'CONDITION' and value_type is null)
      or (kind = 'TERM' and value_type in ('AMOUNT', 'RATE', 'DAYS', 'METHOD', 'TEXT'))),
    add constraint element_item_amount_ck check (value_type <> 'AMOUNT' or required_fen is not null),
    add constraint element_item_rate_ck check (value_type <> 'RATE' or required_rate is not null),
    add constraint element_item_days_ck check (value_type <> 'DAYS' or required_days is not null)`.execute(db);
}
