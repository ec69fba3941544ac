// What a stage's own record (预授信, 融资申请) keeps beside its business's columns, as Kysely sees it.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';

/** A time column, written and read as a Date. */
export type InstantColumn = ColumnType<Date, Date, Date>;
/** A jsonb column, read as parsed JSON and written as its text. */
export type JsonColumn = ColumnType<unknown, string | undefined, string>;

/**
 * The columns a stage's item table carries for the kit (its id, its business, its place, status and version), as
 * Kysely declares them; a stage's item table extends it with its own.
 */
export interface ItemTableColumns {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  status: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  created_at: InstantColumn;
  updated_at: InstantColumn;
}

/** Who made the record, when it was made and when it was last saved. */
export interface StageRecordStamps {
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date, Date>;
  updated_at: ColumnType<Date, Date, Date>;
}

/** The gateway's tables whose rows carry (at least) the columns `C`, as Kysely reads them. */
export type TablesWith<C> = {
  [K in keyof Database]: Selectable<Database[K]> extends Selectable<C> ? K : never;
}[keyof Database] &
  string;

/**
 * The database as one of the kit's statements sees it: the stage's tables `T` (named by its definition, each one
 * of the tables that carry the columns `C`) reduced to those columns, beside every other table as declared. A kit
 * statement is checked against `C`; the definition naming a table without them is refused by the compiler.
 */
export type KitDatabase<T extends keyof Database, C> = Omit<Database, T> & { [K in T]: C };

/** The kit's view of `db` for the tables `T` that carry the columns `C` (the same connection, typed as above). */
export const kitDb = <C, T extends TablesWith<C> = TablesWith<C>>(db: Kysely<Database>) =>
  db as unknown as Kysely<KitDatabase<T, C>>;
