// Every row of the gateway's business tables is its tenant's: a statement that reads a row by its key reads it by
// its tenant too, so another tenant's row of the same key is never found. The readings every store writes (the
// rows of the tenant by their key, the rows of the tenant whose key is one of some ids, a record of the tenant by
// its key or none) start here, the tenant half named once; what the statement joins and selects, whether it
// locks, and how it takes its rows stay with the caller, checked by Kysely against the table named.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type Selectable, sql } from 'kysely';
import type { Database } from './database';

/** The tables whose rows carry their tenant. */
export type TenantTable = {
  [K in keyof Database]: Selectable<Database[K]> extends { tenant_id: string } ? K : never;
}[keyof Database] &
  string;

/** One of those tables as a statement names it: by its name, or aliased (`'financing_business as b'`). */
export type TenantFrom = TenantTable | `${TenantTable} as ${string}`;

type Row<F extends TenantFrom> = Selectable<Database[F extends `${infer T} as ${string}` ? T : F]>;

/** A statement from one of those tables, as the tenant's conditions see it. */
type TenantSelect = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, object>;

/**
 * The statement from `from` with the tenant's condition and those `where` adds (its columns named through `ref`,
 * under the table's alias when it has one); typed as Kysely types the statement from that table, for the caller
 * to go on with.
 */
function fromTenant<F extends TenantFrom>(
  db: Kysely<Database>,
  from: F,
  tenantId: string,
  where: (query: TenantSelect, ref: (column: string) => RawBuilder<unknown>) => TenantSelect,
) {
  const start = db.selectFrom(from);
  const alias = from.split(' as ')[1];
  const ref = (column: string) => sql.ref(alias ? `${alias}.${column}` : column);
  return where(
    (start as unknown as TenantSelect).where(ref('tenant_id'), '=', tenantId),
    ref,
  ) as unknown as typeof start;
}

/**
 * The rows of the tenant whose columns hold the values of `key` (`{ business_id }`, `{ meeting_id, seq }`): the
 * statement from `from`, for the caller's joins, `select`, `forUpdate` and `executeTakeFirst`.
 */
export function tenantRows<F extends TenantFrom>(
  db: Kysely<Database>,
  from: F,
  tenantId: string,
  key: Partial<Row<F>>,
) {
  return fromTenant(db, from, tenantId, (query, ref) =>
    Object.entries(key).reduce((keyed, [column, value]) => keyed.where(ref(column), '=', value), query),
  );
}

/** The rows of the tenant whose `column` is one of `values` (none when there are none). */
export function tenantRowsIn<F extends TenantFrom, C extends keyof Row<F> & string>(
  db: Kysely<Database>,
  from: F,
  tenantId: string,
  column: C,
  values: readonly Row<F>[C][],
) {
  return fromTenant(db, from, tenantId, (query, ref) =>
    values.length ? query.where(ref(column), 'in', [...values]) : query.where(sql.lit(false)),
  );
}

/**
 * A store's reader of its record (a decision, an application, a loan): the tenant's row of `table` whose `key`
 * column holds the id asked for, as `read` makes it of the row, or null when there is none. `lock` (inside the
 * caller's transaction): the row stays locked until the transaction ends.
 */
export function recordReader<T extends TenantTable, K extends keyof Row<T> & string, R>(
  table: T,
  key: K,
  read: (row: Row<T>) => R,
) {
  return async (db: Kysely<Database>, tenantId: string, id: Row<T>[K], lock = false): Promise<R | null> => {
    const query = tenantRows(db, table, tenantId, { [key]: id } as unknown as Partial<Row<T>>).selectAll();
    const row = (await (lock ? query.forUpdate() : query).executeTakeFirst()) as Row<T> | undefined;
    return row === undefined ? null : read(row);
  };
}
