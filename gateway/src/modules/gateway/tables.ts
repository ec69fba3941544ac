// This module's tables as Kysely sees them: the gateway's settings (the parameter key).
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.

export interface SettingTable {
  key: string;
  value: string;
}

declare module '../../db/database' {
  interface Database {
    setting: SettingTable;
  }
}
