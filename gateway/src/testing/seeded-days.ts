// The check behind "the demo reads the same whenever it is started" (db/seed/seed-days.ts): every date and
// time a seed wrote, read back as Beijing days before the day the seed ran. Seeded on two days far apart, a
// story told in days back from its seed gives the same days; one that names a calendar day does not.
import { type Kysely, sql } from 'kysely';
import { businessDay } from '../../../src/domain/calendar/calendar-date';

const DAY = 86_400_000;

export interface SeededDays {
  /** `table.column` → its values as Beijing days before the seed's day (negative: after it), in order. */
  days: Record<string, number[]>;
  /** `table.column` of each column with a value after the seed (a time after `now`, a day after its day). */
  late: string[];
}

export interface SeededDaysOptions {
  /** Only these tables (all of the schema otherwise). */
  tables?: readonly string[];
  /** Only this tenant's rows, in the tables that have a tenant. */
  tenantId?: string;
  /** Columns that look ahead (a due date, an end of validity, a meeting's time), so may lie after the seed. */
  ahead?: readonly string[];
  /** Columns naming a day of history (an enterprise's 成立日期), the same whenever the seed runs: left out. */
  fixed?: readonly string[];
  /** Businesses whose rows are left out, in the tables that name a business (a loan's, told by the calendar); views too. */
  exceptBusinesses?: readonly string[];
}

/** The dates and times of the database's rows as days before the seed that ran on `now`. */
export async function seededDays(
  // biome-ignore lint/suspicious/noExplicitAny: reads every table of the schema, whatever its type
  db: Kysely<any>,
  now: Date,
  options: SeededDaysOptions = {},
): Promise<SeededDays> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() and data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
    order by table_name, column_name`.execute(db);
  const tenanted = new Set(
    (
      await sql<{ table_name: string }>`
        select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'tenant_id'`.execute(db)
    ).rows.map((r) => r.table_name),
  );
  const ofBusiness = new Set(
    (
      await sql<{ table_name: string }>`
        select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'business_id'`.execute(db)
    ).rows.map((r) => r.table_name),
  );
  // A view shows its tables' rows under its own names (a business's id as lending_id…): with businesses left
  // out, views are too — their tables' rows are read.
  const views = new Set(
    (
      await sql<{ table_name: string }>`
        select table_name from information_schema.views where table_schema = current_schema()`.execute(db)
    ).rows.map((r) => r.table_name),
  );
  const today = Date.parse(businessDay(now));
  const out: SeededDays = { days: {}, late: [] };
  for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
    if (options.tables && !options.tables.includes(table)) continue;
    if (options.fixed?.includes(column)) continue;
    if (options.exceptBusinesses && views.has(table)) continue;
    const isDate = type === 'date';
    let query = db
      .selectFrom(table)
      .select(
        isDate
          ? sql<string>`${sql.ref(column)}::text`.as('v')
          : sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000)::bigint::text`.as('v'),
      )
      .where(column, 'is not', null);
    if (options.tenantId && tenanted.has(table)) query = query.where('tenant_id', '=', options.tenantId);
    if (options.exceptBusinesses?.length && ofBusiness.has(table))
      query = query.where('business_id', 'not in', [...options.exceptBusinesses]);
    const values = (await query.execute()).map((r) => String(r.v));
    if (values.length === 0) continue;
    const key = `${table}.${column}`;
    const mayLookAhead = options.ahead?.includes(column) ?? false;
    out.days[key] = values
      .map((v) => {
        const day = isDate ? v : businessDay(new Date(Number(v)));
        const after = isDate ? Date.parse(v) > today : Number(v) > now.getTime();
        if (after && !mayLookAhead && !out.late.includes(key)) out.late.push(key);
        return (today - Date.parse(day)) / DAY;
      })
      .sort((a, b) => a - b);
  }
  return out;
}
