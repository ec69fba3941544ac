// This module's tables as Kysely sees them: organisations and the sub-systems a supplier belongs to.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType, Generated } from 'kysely';

export type OrgType = 'GROUP' | 'SUBSIDIARY' | 'PROJECT_COMPANY' | 'SUPPLIER' | 'CAPITAL_SIDE';

export type DataAuthState = 'PENDING' | 'AUTHORIZED';

export interface OrganizationTable {
  org_id: string;
  tenant_id: string;
  parent_id: string | null;
  org_name: string;
  org_type: OrgType;
  /** Supplier number, only for suppliers. */
  gys_id: string | null;
  /** Suppliers only: whether the data-query authorization (SPEC §3) has been given. */
  data_auth_state: DataAuthState | null;
  sort_no: number;
}

export type OrgStatus = 'ENABLED' | 'DISABLED';

export type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

/** Migration 0007: what the organisation forms edit, its status, version and times. */
export interface OrganizationDetailsColumns {
  credit_code: OptionalText;
  contact_name: OptionalText;
  contact_mobile: OptionalText;
  email: OptionalText;
  address: OptionalText;
  status: Generated<OrgStatus>;
  version: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The sub-systems (the tenant's applications) a supplier belongs to. */
export interface OrganizationAppTable {
  org_id: string;
  app_id: string;
}

declare module '../../db/database' {
  interface Database {
    organization: OrganizationTable & OrganizationDetailsColumns;
    organization_app: OrganizationAppTable;
  }
}
