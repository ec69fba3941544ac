// This module's tables as Kysely sees them: the personnel record of an account.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType } from 'kysely';

/** The personnel record of an account (SPEC §7.2 company/personnel). */
export interface PersonnelTable {
  personnel_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  mobile: string | null;
  email: string | null;
  id_number: string | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../../db/database' {
  interface Database {
    personnel: PersonnelTable;
  }
}
