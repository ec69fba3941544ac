// What a stage's own routes read the same way (the stage kit, BUSINESS.md Decisions "Every stage on one kit"):
// one of its records within the caller's scope with its business (another tenant's, another supplier's or one
// outside a 数据授权 subtree is not found); the businesses waiting in some states, in scope, each with its
// supplier's name and what the lifecycle table offers the caller on it now; and an organisation's name.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { tenantRows } from '../db/tenant-rows';
import {
  type Actor,
  type BusinessRow,
  inScope,
  loadBusiness,
  recordOf,
  toBusinessRow,
} from '../modules/business/aggregate';
import { offeredFor } from '../modules/business/facts';
import { notFound } from '../plugins/envelope';
import { withinScope } from '../resource/resource-repository';
import { fixedScopeOf } from './stage-scope';
import { type TablesWith, kitDb } from './stage-tables';

/** What a stage's own record carries, as this read needs it. */
interface RecordColumns {
  tenant_id: string;
  business_id: string;
}

/** A stage's record table as this read needs it: its name, key column, and the word for "not found". */
export interface RecordSource {
  table: TablesWith<RecordColumns>;
  /** Its key column, named by the stage (item_id, record_id). */
  id: string;
  notFound: string;
}

/**
 * The record `id` of the tenant with its business, when the business is within the caller's scope; `lock` (inside
 * the caller's transaction): both rows stay locked until it ends, the record first.
 */
export async function recordInScope(
  db: Kysely<Database>,
  source: RecordSource,
  tenantId: string,
  actor: Actor,
  id: string,
  lock = false,
): Promise<{ row: Record<string, unknown>; business: BusinessRow }> {
  const query = kitDb<RecordColumns>(db)
    .selectFrom(source.table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql.ref(source.id), '=', id);
  const row = (await (lock ? query.forUpdate() : query).executeTakeFirst()) as
    | (RecordColumns & Record<string, unknown>)
    | undefined;
  if (!row) throw notFound(source.notFound);
  const business = await loadBusiness(db, tenantId, String(row.business_id), lock);
  if (!inScope(actor, business)) throw notFound(source.notFound);
  return { row, business };
}

/** A business waiting in one of a stage's states, with its supplier's name and the actions offered on it. */
export interface WaitingBusiness {
  business: BusinessRow;
  supplierName: string;
  actions: string[];
}

/** The businesses in `states` within the caller's scope, most recently moved first (`oldest`: longest waiting). */
export async function waitingBusinesses(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  states: readonly string[],
  now: Date,
  { limit = 50, oldest = false }: { limit?: number; oldest?: boolean } = {},
): Promise<WaitingBusiness[]> {
  const rows = await withinScope(
    db
      .selectFrom('financing_business as b')
      .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
      .selectAll('b')
      .select('s.org_name')
      .where('b.tenant_id', '=', tenantId)
      .where('b.deleted', '=', false)
      .where('b.state', 'in', [...states]),
    'b',
    fixedScopeOf(actor),
  )
    .orderBy('b.updated_at', oldest ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  const businesses = rows.map((r) => toBusinessRow(r));
  const offered = await offeredFor(db, tenantId, businesses.map(recordOf), actor, now);
  return businesses.map((business, i) => ({
    business,
    supplierName: rows[i]?.org_name ?? '',
    actions: offered[i] ?? [],
  }));
}

/** An organisation's name, '' when none is named or found. */
export async function orgNameOf(db: Kysely<Database>, tenantId: string, id: string | null): Promise<string> {
  if (!id) return '';
  const row = await tenantRows(db, 'organization', tenantId, { org_id: id }).select('org_name').executeTakeFirst();
  return row?.org_name ?? '';
}
