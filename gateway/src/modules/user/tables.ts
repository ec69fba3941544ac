// This module's tables as Kysely sees them: accounts. They join the gateway's `Database` by declaration
// merging, so a module declares its tables beside itself and edits no shared list.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export type UserType = 'STAFF' | 'SUPPLIER';

export type UserStatus = 'ENABLED' | 'DISABLED';

export interface AppUserTable {
  user_id: string;
  tenant_id: string;
  /** Sign-in name, unique across tenants: the login call names no tenant. */
  user_name: string;
  nick_name: string;
  organization_id: string;
  user_type: UserType;
  mobile: string | null;
  password_hash: string;
  status: UserStatus;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The user's OA account, unique in the tenant when set. */
  oa_account: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether data authorisation applies to the user's roles (saved with them). */
  is_auth_data: Generated<boolean>;
}

declare module '../../db/database' {
  interface Database {
    app_user: AppUserTable;
  }
}
