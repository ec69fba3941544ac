// Column types the modules' tables.ts files share.
import type { ColumnType } from 'kysely';

/** A timestamp column written and read as a Date. */
export type Timestamp = ColumnType<Date, Date, Date>;
