// A record's wire declared once: each field names its schema and where its value comes from (a column of the row,
// a property of the item, or a value worked out from them), so the schema a route documents and validates and the
// object it answers are one list and cannot drift apart. Values are read the way the drivers answer them
// (stage-columns.ts): a JSON column from text or parsed, a timestamp as ISO 8601, a date as its day.
import { type TSchema, Type } from 'typebox';
import { dayColumn, isoColumn, jsonColumn } from './stage-columns';

/** One field on the wire: its schema, its value read from the record, and the key it is read at (if one). */
export interface WireField<R, V> {
  schema: TSchema;
  read(record: R): V;
  key?: string;
}

type Fields<R> = Record<string, WireField<R, unknown>>;
type Key<R> = keyof R & string;
type Options = { description?: string };
/** The words of each code a column may hold. */
type Labels<C> = Readonly<Record<NonNullable<C> & PropertyKey, string>>;

/** The field readers of one kind of record (a stored row, or the item the workflow reads). */
export const wireFields = <R>() => ({
  /** A text value, as the record holds it. */
  text: <K extends Key<R>>(key: K, options?: Options): WireField<R, NonNullable<R[K]>> => ({
    ...{ key, schema: Type.String(options) },
    read: (r) => r[key] as NonNullable<R[K]>,
  }),
  /** A whole number (a driver may answer a count or an integer column as text). */
  int: (key: Key<R>, options?: Options): WireField<R, number> => ({
    ...{ key, schema: Type.Integer(options) },
    read: (r) => Number(r[key]),
  }),
  bool: (key: Key<R>): WireField<R, boolean> => ({ key, schema: Type.Boolean(), read: (r) => !!r[key] }),
  /** A coded value's label, e.g. a status's words. */
  label: <K extends Key<R>>(key: K, labels: Labels<R[K]>): WireField<R, string> => ({
    ...{ key, schema: Type.String() },
    read: (r) => labels[r[key] as NonNullable<R[K]> & PropertyKey],
  }),
  /** A timestamp as ISO 8601. */
  iso: (key: Key<R>, options?: Options): WireField<R, string> => ({
    ...{ key, schema: Type.String(options) },
    read: (r) => isoColumn(r[key]) ?? '',
  }),
  /** A date as YYYY-MM-DD. */
  day: (key: Key<R>, options?: Options): WireField<R, string> => ({
    ...{ key, schema: Type.String(options) },
    read: (r) => dayColumn(r[key]) ?? '',
  }),
  /** A JSON column, `empty` when null. */
  json: <K extends Key<R>>(key: K, schema: TSchema, empty: R[K]): WireField<R, R[K]> => ({
    ...{ key, schema },
    read: (r) => jsonColumn(r[key], empty),
  }),
  /** The field, or null where the record holds none at its key or the field reads none (a label of no code). */
  nullable: <V>(field: WireField<R, V>): WireField<R, V | null> => ({
    schema: Type.Union([field.schema, Type.Null()]),
    read: (r) => {
      const held = field.key === undefined ? true : (r as Record<string, unknown>)[field.key];
      return held === null || held === undefined ? null : (field.read(r) ?? null);
    },
  }),
  /** A value worked out from the record (a label, a count, a field of a typed value). */
  of: <V>(schema: TSchema, read: (record: R) => V): WireField<R, V> => ({ schema, read }),
  /** The record's wire: the schema of all its fields (no others allowed), and the record read into them. */
  record: <F extends Fields<R>>(fields: F) => {
    const entries = Object.entries(fields);
    const properties = Object.fromEntries(entries.map(([name, f]) => [name, f.schema]));
    const schema = Type.Object(properties, { additionalProperties: false });
    type Wire = { [N in keyof F]: ReturnType<F[N]['read']> };
    const of = (record: R) => Object.fromEntries(entries.map(([name, f]) => [name, f.read(record)])) as Wire;
    return { schema, of };
  },
});
