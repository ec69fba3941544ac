// The reads a stage with several records per business (签约's signings) answers on its own routes the same way:
// the page of its records within the caller's scope (another tenant's, supplier's or 数据授权 subtree's left out),
// newest first, optionally of one kind, each beside its business's number and state and its supplier's name; one
// record in the same form; and the businesses waiting in the stage's states for someone to start it, with what the
// lifecycle table offers the caller on each now. A stage names its table, its words and its row's wire form.
import { type Kysely, sql } from 'kysely';
import { type TObject, type TProperties, Type } from 'typebox';
import type { StateKey } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import type { Actor, BusinessRow } from '../modules/business/aggregate';
import { withinScope } from '../resource/resource-repository';
import { PageQuery, pageOf, pageRequest } from '../schemas/common';
import type { StageOwnRoutes } from './stage-own-routes';
import { orgNameOf, waitingBusinesses } from './stage-records';
import { fixedScopeOf } from './stage-scope';
import { type TablesWith, kitDb } from './stage-tables';

/** What a listed record's table carries, as the page reads it. */
interface ListedColumns {
  tenant_id: string;
  business_id: string;
  created_at: Date;
}
/** The tables of such records (the business's own table is what they are listed beside). */
type ListedTable = Exclude<TablesWith<ListedColumns>, 'financing_business'>;

/** A stage's records as its page lists them. */
export interface RecordPage<W extends object = object> {
  table: ListedTable;
  /** Its key column (item_id), the tie-break of two records made at once. */
  id: string;
  summary: string;
  /** The record on the wire, and its schema's properties. */
  row: { properties: TProperties; of(row: Record<string, unknown>): W };
  /** A query parameter narrowing the page to the records whose column holds one of these values. */
  filter?: { name: string; column: string; values: readonly string[] };
}

/** A listed record's schema: its own fields and its business's. */
export const listedSchema = (properties: TProperties): TObject =>
  Type.Object(
    { ...properties, businessNo: Type.String(), supplierName: Type.String(), businessState: Type.String() },
    { additionalProperties: false },
  );

/** One record as the page lists it, beside `business` (read by the caller). */
export const listedOf = async (db: Kysely<Database>, tenantId: string, wire: object, business: BusinessRow) => ({
  ...wire,
  ...{ businessNo: business.businessNo, businessState: business.state },
  supplierName: await orgNameOf(db, tenantId, business.supplierId),
});

/** The page of `def`'s records within `actor`'s scope, newest first, narrowed by the query's filter. */
export async function recordPageOf<W extends object>(
  db: Kysely<Database>,
  def: RecordPage<W>,
  tenantId: string,
  actor: Actor,
  query: PageQuery & Record<string, string | undefined>,
) {
  const page = pageRequest(query);
  let base = withinScope(
    kitDb<ListedColumns, ListedTable>(db)
      .selectFrom(`${def.table} as r` as `${ListedTable} as r`)
      .innerJoin('financing_business as b', 'b.business_id', 'r.business_id')
      .leftJoin('organization as s', 's.org_id', 'b.supplier_id')
      .where('r.tenant_id', '=', tenantId),
    'b',
    fixedScopeOf(actor),
  );
  const chosen = def.filter && query[def.filter.name];
  if (def.filter && chosen) base = base.where(sql.ref(`r.${def.filter.column}`), '=', chosen);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = (await base
    .selectAll('r')
    .select(['b.business_no', 'b.state', 's.org_name'])
    .orderBy('r.created_at', 'desc')
    .orderBy(sql.ref(`r.${def.id}`), 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()) as Record<string, unknown>[];
  const records = rows.map((r) => ({
    ...def.row.of(r),
    ...{ businessNo: String(r.business_no), supplierName: String(r.org_name ?? ''), businessState: String(r.state) },
  }));
  return { records, total, current: page.current, size: page.size };
}

/** Registers the page (`GET {api}`) on the stage's own routes. */
export function registerRecordPage<W extends object>(
  own: StageOwnRoutes,
  db: Kysely<Database>,
  def: RecordPage<W>,
): void {
  const filter = def.filter;
  const querystring = Type.Object({
    ...PageQuery.properties,
    ...(filter ? { [filter.name]: Type.Optional(Type.Union(filter.values.map((v) => Type.Literal(v)))) } : {}),
  });
  const response = pageOf(listedSchema(def.row.properties));
  own.route({ method: 'GET', path: '', summary: def.summary, querystring, response }, ({ tenantId, actor }, request) =>
    recordPageOf(db, def, tenantId, actor, request.query as PageQuery),
  );
}

/**
 * Registers `GET {api}/waiting`: the businesses in `states` within the caller's scope (at most 50, most recently
 * moved first), each with its version and what the table offers the caller on it now (`actions` says which).
 */
export function registerWaitingRoute(
  own: StageOwnRoutes,
  db: Kysely<Database>,
  def: { states: readonly StateKey[]; summary: string; actions: string },
): void {
  const S = Type.String();
  const Waiting = Type.Object(
    {
      ...{ keyId: S, businessNo: S, supplierName: S, state: S, version: Type.Integer() },
      actions: Type.Array(S, { description: def.actions }),
    },
    { additionalProperties: false },
  );
  const spec = { method: 'GET', path: '/waiting', summary: def.summary, response: Type.Array(Waiting) } as const;
  own.route(spec, async ({ tenantId, actor, now }) =>
    (await waitingBusinesses(db, tenantId, actor, def.states, now)).map(({ business: b, supplierName, actions }) => ({
      ...{ keyId: b.keyId, businessNo: b.businessNo, state: b.state, version: b.version },
      ...{ supplierName, actions },
    })),
  );
}
