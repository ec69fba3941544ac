// The daily job's ledger as Kysely sees it (migration 0100); joined to the gateway's `Database` by declaration
// merging.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types';

export type CloseDayStatus = 'RUNNING' | 'CLOSED';
export type CloseUnitStatus = 'DONE' | 'FAILED';

export interface CloseDayTable {
  /** A Beijing calendar day, 'YYYY-MM-DD' (read it as `day::text`). */
  day: string;
  status: CloseDayStatus;
  /** The process that ran it last: host and pid. */
  runner: string;
  /** How many runs took the day up: more than one when a run was killed or stopped midway. */
  attempts: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  done: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
}

export interface CloseDayUnitTable {
  day: string;
  step: string;
  unit_key: string;
  status: CloseUnitStatus;
  /** Why a unit failed. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  runner: string;
  at: Timestamp;
}

declare module '../db/database' {
  interface Database {
    close_day: CloseDayTable;
    close_day_unit: CloseDayUnitTable;
  }
}
