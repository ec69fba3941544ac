// This module's tables as Kysely sees them: tenants and their applications (sub-systems).
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.

export interface TenantTable {
  tenant_id: string;
  tenant_name: string;
}

export interface AppTable {
  app_id: string;
  tenant_id: string;
  app_code: string;
  app_name: string;
  website: string;
  sort_no: number;
}

declare module '../../db/database' {
  interface Database {
    tenant: TenantTable;
    app: AppTable;
  }
}
