// This module's tables as Kysely sees them: roles and what they grant.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType, Generated } from 'kysely';

/** DELETED is the end of a role (SPEC §3: delete is a status change); only ENABLED roles grant anything. */
export type RoleStatus = 'ENABLED' | 'DISABLED' | 'DELETED';

export interface RoleTable {
  role_id: string;
  tenant_id: string;
  role_code: string;
  role_name: string;
  status: Generated<RoleStatus>;
  version: Generated<number>;
  remark: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UserRoleTable {
  user_id: string;
  role_id: string;
}

export interface RoleMenuTable {
  role_id: string;
  menu_id: string;
}

export interface RoleMenuOperationTable {
  role_id: string;
  menu_id: string;
  operation_code: string;
}

declare module '../../db/database' {
  interface Database {
    role: RoleTable;
    user_role: UserRoleTable;
    role_menu: RoleMenuTable;
    role_menu_operation: RoleMenuOperationTable;
  }
}
