// What a stage's own record (预授信, 融资申请) keeps beside its business's columns, as Kysely sees it.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/database';

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
