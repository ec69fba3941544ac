// 正式函件 as the kit's documents with versions (stage-documents.ts makeDocument): each letter keeps its series
// (its own number until a later version replaces it), its version in the series, the letter it replaces and the
// template and template version it was rendered from, as a contract does. Letters made before are each the first
// version of their own series, rendered from version 1 of their type's template. Forward-only.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the tables it makes are typed
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table formal_letter
    add column series_no text,
    add column letter_version integer not null default 1,
    add column replaces_id text references formal_letter (item_id),
    add column template_id text,
    add column template_version integer`.execute(db);
  await sql`update formal_letter set series_no = letter_no, template_version = 1,
    template_id = case letter_type when 'TRANSFER_NOTICE' then 'transfer-notice'
      when 'NOTICE_RECEIPT' then 'notice-receipt' else 'payment-confirmation' end`.execute(db);
}
