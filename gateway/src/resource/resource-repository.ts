// The statements of every plain resource, built from its definition over its own table. Every statement
// carries the tenant and the resource's scope, so another tenant's record — or another kind's in a shared
// table — is simply not found. Deep pages use a deferred join: the page's ids come from the index in the
// list's order, then only those rows are read and joined (BUSINESS.md "Paging").
import { type Kysely, sql } from 'kysely';
import {
  type FieldDef,
  type HistoryEntry,
  type RefDef,
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  type WireValue,
  columnOf,
  historyLabel,
  idColumnOf,
  isSortable,
  refOf,
  searchFields,
  sumFields,
} from '../../../src/domain/resource/resource';
import type { Database } from '../db/database';
import { fenOf, wireFen } from '../stage/stage-money';

// Definitions name their tables and columns; the statements are checked by the definition, not by Kysely's
// table types.
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables named by definitions
type AnyDb = Kysely<any>;

export type ResourceQuery = Record<string, string | undefined>;

/** `value` anywhere in the text, its wildcards escaped (the lists' 'like' search, and the search box's names). */
export const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const userAlias = (f: FieldDef) => `u_${f.key}`;
const refAlias = (f: FieldDef) => `r_${f.key}`;

/** A figure over the rows of another table that point at the record (count, or a sum that is 0 when none). */
function aggregateOf(def: ResourceDef, f: FieldDef) {
  const a = f.aggregate!;
  const value = a.fn === 'count' ? sql`count(*)` : sql`coalesce(sum(${sql.ref(`a.${a.column}`)}), 0)`;
  const live = a.softDelete ? sql` and not a.deleted` : sql``;
  const id = sql.ref(`t.${idColumnOf(def)}`);
  return sql`(select ${value} from ${sql.table(a.table)} as a
    where a.tenant_id = t.tenant_id and ${sql.ref(`a.${a.on}`)} = ${id}${live})`;
}

function base(db: AnyDb, def: ResourceDef, tenantId: string) {
  let query = db.selectFrom(`${def.storage.table} as t`).where('t.tenant_id', '=', tenantId);
  for (const [column, value] of Object.entries(def.storage.scope ?? {})) query = query.where(`t.${column}`, '=', value);
  if (def.storage.softDelete) query = query.where('t.deleted', '=', false);
  return query;
}

/**
 * Column values a caller's data scope fixes, beside the tenant: one value (a supplier user's own supplier), or
 * the values the column may take (the project companies of a 数据授权 user's subtree; none: nothing is seen).
 */
export type FixedScope = Readonly<Record<string, string | readonly string[]>>;

/** The query kept to the scope's columns on the table aliased `alias`. */
// biome-ignore lint/suspicious/noExplicitAny: composes on any aliased table
export function withinScope<Q extends { where: (...args: any[]) => any }>(
  query: Q,
  alias: string,
  fixed: FixedScope,
): Q {
  let out = query;
  for (const [column, value] of Object.entries(fixed)) {
    if (typeof value === 'string') out = out.where(`${alias}.${column}`, '=', value);
    else out = value.length ? out.where(`${alias}.${column}`, 'in', [...value]) : out.where(sql<boolean>`false`);
  }
  return out;
}

/**
 * The list's rows as its page counts them — tenant, kind, soft delete, the caller's scope and the query form —
 * before any order or page: what a statistic groups and sums so it equals the list it is read beside.
 */
export function filtered(db: AnyDb, def: ResourceDef, tenantId: string, q: ResourceQuery, fixed: FixedScope = {}) {
  let query = withinScope(base(db, def, tenantId), 't', fixed);
  for (const f of searchFields(def)) {
    const column = `t.${columnOf(f)}`;
    if (f.search === 'range') {
      const from = q[`${f.key}From`]?.trim();
      const to = q[`${f.key}To`]?.trim();
      if (from) query = query.where(column, '>=', rangeValue(f, from));
      if (to) query = query.where(column, '<=', rangeValue(f, to));
      continue;
    }
    const value = q[f.key]?.trim();
    if (!value) continue;
    query = f.search === 'like' ? query.where(column, 'ilike', like(value)) : query.where(column, '=', value);
  }
  if (q.status) query = query.where('t.status', '=', q.status);
  return query;
}

/** A range bound as the column compares it: money in 分, dates as given, numbers as numbers. */
function rangeValue(f: FieldDef, text: string): WireValue {
  if (f.type === 'money') return /^-?\d{1,15}$/.test(text.trim()) ? wireFen(fenOf(text.trim())) : 0;
  if (f.type === 'int') return Number.isSafeInteger(Number(text)) ? Number(text) : 0;
  return text;
}

function selectRecord(db: AnyDb, def: ResourceDef, tenantId: string) {
  const id = idColumnOf(def);
  let query = base(db, def, tenantId);
  for (const f of def.fields.filter((x) => x.userName)) {
    const alias = userAlias(f);
    query = query.leftJoin(`app_user as ${alias}`, (j) =>
      j.onRef(`${alias}.user_id`, '=', `t.${columnOf(f)}`).onRef(`${alias}.tenant_id`, '=', 't.tenant_id'),
    );
  }
  for (const f of def.fields.filter((x) => x.refName)) {
    const ref = refOf(def, f);
    if (!ref) continue;
    const alias = refAlias(f);
    query = query.leftJoin(`${ref.table} as ${alias}`, (j) =>
      j.onRef(`${alias}.${ref.id}`, '=', `t.${columnOf(f)}`).onRef(`${alias}.tenant_id`, '=', 't.tenant_id'),
    );
  }
  const columns = def.fields.map((f) => {
    if (f.userName) return sql.ref(`${userAlias(f)}.nick_name`).as(f.key);
    if (f.refName) {
      const ref = refOf(def, f);
      return ref ? sql.ref(`${refAlias(f)}.${ref.name}`).as(f.key) : sql<null>`null`.as(f.key);
    }
    if (f.aggregate) return aggregateOf(def, f).as(f.key);
    // A calendar date, whether the column is a date or a time: 'YYYY-MM-DD' on the wire.
    if (f.type === 'date') return sql<string>`${sql.ref(`t.${columnOf(f)}`)}::date::text`.as(f.key);
    return sql.ref(`t.${columnOf(f)}`).as(f.key);
  });
  return query.select([sql.ref(`t.${id}`).as('keyId'), 't.status', 't.version', ...columns]);
}

/** A summed figure as the wire carries it: 分 exactly (never through a float), counts as numbers. */
const figureOf = (f: FieldDef, v: unknown): number => (f.type === 'money' ? wireFen(fenOf(v)) : Number(v));

/** A row as the wire carries it: money and ints as numbers, times as ISO text, nothing undefined. */
export function toRecord(def: ResourceDef, row: Record<string, unknown>): ResourceRecord {
  const record: Record<string, WireValue> = {
    keyId: String(row.keyId),
    status: String(row.status),
    version: Number(row.version),
  };
  for (const f of def.fields) {
    const value = row[f.key];
    if (value === null || value === undefined) record[f.key] = null;
    else if (value instanceof Date)
      record[f.key] = f.type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
    else if (f.type === 'money') record[f.key] = wireFen(fenOf(value));
    else if (f.type === 'int') record[f.key] = Number(value);
    else record[f.key] = String(value);
  }
  return record as ResourceRecord;
}

function orderOf(def: ResourceDef, sort: string | undefined): { column: string; direction: 'asc' | 'desc' } {
  const [key, direction] = (sort ?? '').split(',');
  const field = def.fields.find((f) => f.key === key && isSortable(f));
  if (field && (direction === 'asc' || direction === 'desc')) return { column: columnOf(field), direction };
  const fallback = def.order ? def.fields.find((f) => f.key === def.order?.key) : undefined;
  return fallback
    ? { column: columnOf(fallback), direction: def.order?.direction ?? 'desc' }
    : { column: 'created_at', direction: 'desc' };
}

export async function pageResources(
  db: AnyDb,
  def: ResourceDef,
  tenantId: string,
  q: ResourceQuery,
  page: { offset: number; size: number },
  fixed: FixedScope = {},
): Promise<{ records: ResourceRecord[]; total: number; sums?: Record<string, number> }> {
  const id = idColumnOf(def);
  const order = orderOf(def, q.sort);
  const where = filtered(db, def, tenantId, q, fixed);
  const summed = sumFields(def);
  const [ids, count] = await Promise.all([
    where
      .select(`t.${id} as id`)
      .orderBy(`t.${order.column}`, order.direction)
      .orderBy(`t.${id}`, order.direction)
      .offset(page.offset)
      .limit(page.size)
      .execute(),
    // The footer's sums come with the count, over the same filter (money stays integer 分).
    where
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        ...summed.map((f) => {
          // A computed figure (another table's rows summed per record) is summed as the rows show it.
          const value = f.aggregate ? aggregateOf(def, f) : sql.ref(`t.${columnOf(f)}`);
          return sql<string>`coalesce(sum(${value}), 0)`.as(`sum_${f.key}`);
        }),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const sums = summed.length
    ? Object.fromEntries(summed.map((f) => [f.key, figureOf(f, count[`sum_${f.key}`])]))
    : undefined;
  const wanted = ids.map((r) => String(r.id));
  if (wanted.length === 0) return { records: [], total: Number(count.total), ...(sums ? { sums } : {}) };
  const rows = await selectRecord(db, def, tenantId).where(`t.${id}`, 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [String(r.keyId), toRecord(def, r)]));
  return {
    records: wanted.map((w) => byId.get(w)).filter((r): r is ResourceRecord => !!r),
    total: Number(count.total),
    ...(sums ? { sums } : {}),
  };
}

/** The rows of the tenant a reference allows, e.g. the organisations of its types. */
function refRows(db: AnyDb, ref: RefDef, tenantId: string) {
  let query = db.selectFrom(ref.table).where('tenant_id', '=', tenantId);
  for (const [column, value] of Object.entries(ref.where ?? {}))
    query = typeof value === 'string' ? query.where(column, '=', value) : query.where(column, 'in', [...value]);
  return query;
}

/** The rows the form offers for a reference, in its order (the form's select). */
export async function refOptions(
  database: Kysely<Database>,
  ref: RefDef,
  tenantId: string,
  limit: number,
): Promise<{ keyId: string; name: string }[]> {
  let query = refRows(database as unknown as AnyDb, ref, tenantId);
  for (const [column, value] of Object.entries(ref.offered ?? {})) query = query.where(column, '=', value);
  for (const column of ref.order ?? [ref.name]) query = query.orderBy(column);
  const rows = await query
    .select([`${ref.id} as keyId`, `${ref.name} as name`])
    .limit(limit)
    .execute();
  return rows.map((r) => ({ keyId: String(r.keyId), name: String(r.name) }));
}

/** The first reference of the form that is not one of the rows its field allows in the tenant, or null. */
export async function strayRef(db: AnyDb, fields: readonly FieldDef[], tenantId: string, form: ResourceForm) {
  for (const f of fields) {
    const value = form[f.key];
    if (!f.ref || value === undefined || value === null || value === '') continue;
    const row = await refRows(db, f.ref, tenantId).where(f.ref.id, '=', String(value)).select(f.ref.id).limit(1);
    if (!(await row.executeTakeFirst())) return f;
  }
  return null;
}

/** Every matching record, in the list's order, up to the limit (exports and the list call). */
export async function listResources(
  db: AnyDb,
  def: ResourceDef,
  tenantId: string,
  q: ResourceQuery,
  limit: number,
  fixed: FixedScope = {},
) {
  const { records } = await pageResources(db, def, tenantId, q, { offset: 0, size: limit }, fixed);
  return records;
}

export async function findResource(
  database: Kysely<Database>,
  def: ResourceDef,
  tenantId: string,
  id: string,
  fixed: FixedScope = {},
): Promise<ResourceRecord | null> {
  const row = await withinScope(selectRecord(database as unknown as AnyDb, def, tenantId), 't', fixed)
    .where(`t.${idColumnOf(def)}`, '=', id)
    .executeTakeFirst();
  return row ? toRecord(def, row) : null;
}

/** Whether another live record holds the same values of the definition's unique fields. */
export async function uniqueTaken(
  db: AnyDb,
  def: ResourceDef,
  tenantId: string,
  form: ResourceForm,
  exceptId?: string,
): Promise<boolean> {
  if (!def.unique) return false;
  let query = base(db, def, tenantId).where('t.status', 'in', [...def.unique.statuses]);
  for (const key of def.unique.fields) {
    const f = def.fields.find((x) => x.key === key);
    if (f) query = query.where(`t.${columnOf(f)}`, '=', form[key] ?? null);
  }
  if (exceptId) query = query.where(`t.${idColumnOf(def)}`, '<>', exceptId);
  return !!(await query
    .select(`t.${idColumnOf(def)}`)
    .limit(1)
    .executeTakeFirst());
}

/** The form's values under their columns. */
export function columnsOf(def: ResourceDef, form: ResourceForm): Record<string, WireValue> {
  const values: Record<string, WireValue> = {};
  for (const [key, value] of Object.entries(form)) {
    const f = def.fields.find((x) => x.key === key);
    if (f && !f.refName && !f.aggregate && !f.userName) values[columnOf(f)] = value === '' ? null : value;
  }
  return values;
}

export function scopedUpdate(db: AnyDb, def: ResourceDef, tenantId: string, id: string, version: number) {
  let query = db
    .updateTable(def.storage.table)
    .where('tenant_id', '=', tenantId)
    .where(idColumnOf(def), '=', id)
    .where('version', '=', version);
  for (const [column, value] of Object.entries(def.storage.scope ?? {})) query = query.where(column, '=', value);
  return query;
}

/** The user who created a record, for resources whose removal is the creator's alone. */
export async function createdByOf(db: AnyDb, def: ResourceDef, tenantId: string, id: string): Promise<string | null> {
  const row = await db
    .selectFrom(def.storage.table)
    .select('created_by')
    .where('tenant_id', '=', tenantId)
    .where(idColumnOf(def), '=', id)
    .executeTakeFirst();
  return row?.created_by == null ? null : String(row.created_by);
}

/** Every write the operation log holds for one record of the resource, newest first. */
export async function historyOf(db: AnyDb, def: ResourceDef, tenantId: string, id: string): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('operation_log as l')
    .leftJoin('app_user as u', (j) => j.onRef('u.user_id', '=', 'l.user_id').onRef('u.tenant_id', '=', 'l.tenant_id'))
    .select(['l.occurred_at', 'l.user_name', 'u.nick_name', 'l.action', 'l.after_data'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.target_type', '=', def.name)
    .where('l.target_id', '=', id)
    .orderBy('l.occurred_at', 'desc')
    .orderBy('l.log_id', 'desc')
    .limit(200)
    .execute();
  const commentColumn = def.storage.stamp?.comment;
  const commentKey = def.fields.find((f) => commentColumn && columnOf(f) === commentColumn)?.key;
  return rows.map((r) => {
    const action = String(r.action).slice(def.name.length + 1);
    const after = r.after_data ? (JSON.parse(String(r.after_data)) as Record<string, unknown>) : {};
    const isTransition = !['create', 'update', 'delete'].includes(action);
    const said = commentKey ? after[commentKey] : undefined;
    const comment = isTransition && typeof said === 'string' ? said : null;
    const at = new Date(r.occurred_at instanceof Date ? r.occurred_at : String(r.occurred_at)).toISOString();
    return {
      occurredAt: at,
      userName: String(r.nick_name ?? r.user_name),
      action,
      label: historyLabel(def, action),
      comment,
    };
  });
}
