// This module's tables as Kysely sees them: dictionaries. They join the gateway's `Database` by declaration
// merging, so a module declares its tables beside itself and edits no shared list.

export interface DictItemTable {
  tenant_id: string;
  dict_type_code: string;
  dict_type_name: string;
  dict_code: string;
  dict_name: string;
  sort_no: number;
}

declare module '../../db/database' {
  interface Database {
    dict_item: DictItemTable;
  }
}
