// A stage record's columns as the drivers answer them: a JSON column is text on one driver and parsed on another,
// a date column a Date or a string, and a null stands for "not yet". Declared and read the same way by every stage.
import type { ColumnType } from 'kysely';

/** A column that may be null, and left out of an insert. */
export type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A JSON column: written as its text. */
export type JsonColumn<T> = ColumnType<T, string | undefined, string>;

/** The columns every stage item's row carries (stage-items.ts), as Kysely reads and writes them. */
export interface StageItemRow<S extends string> {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  status: S;
  version: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

/** A JSON column's value; `empty` when null. */
export const jsonColumn = <T>(v: unknown, empty: T): T =>
  v === null || v === undefined ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

/** A date column as YYYY-MM-DD; null when null. */
export const dayColumn = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** A timestamp column as ISO 8601; null when null. */
export const isoColumn = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();
