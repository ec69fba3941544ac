// This module's tables as Kysely sees them: supplier consents (SPEC §3).
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { Timestamp } from '../../db/column-types';

/** A supplier's consent to the data-query authorization (SPEC §3): one row a consent, kept as history. */
export interface SupplierConsentTable {
  consent_id: string;
  tenant_id: string;
  supplier_org_id: string;
  gys_id: string;
  template_id: string;
  /** '1': agreed (SPEC §7.2 authState). */
  auth_state: string;
  user_id: string;
  consented_at: Timestamp;
}

/** The capital sides (organisations of type CAPITAL_SIDE) a consent covers. */
export interface SupplierConsentCapitalSideTable {
  consent_id: string;
  capital_side_org_id: string;
}

declare module '../../db/database' {
  interface Database {
    supplier_consent: SupplierConsentTable;
    supplier_consent_capital_side: SupplierConsentCapitalSideTable;
  }
}
