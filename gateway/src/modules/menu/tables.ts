// This module's tables as Kysely sees them: the menu catalogue and its operation codes.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.

/** The product's menu catalogue; shared by all tenants, what a tenant sees is decided by its roles. */
export interface MenuTable {
  menu_id: string;
  /** '0' for a top-level item. */
  parent_id: string;
  menu_name: string;
  /** As written in the route catalogue. */
  path: string;
  menu_code: string;
  icon: string;
  hidden: boolean;
  sort_no: number;
}

/** The operation codes a menu offers. */
export interface MenuOperationTable {
  menu_id: string;
  operation_code: string;
}

declare module '../../db/database' {
  interface Database {
    menu: MenuTable;
    menu_operation: MenuOperationTable;
  }
}
