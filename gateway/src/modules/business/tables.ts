// This module's tables as Kysely sees them: 融资业务, its events and the audit-type configuration.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint 分: the drivers hand it back as text (read it with the kit's `fenOf` into a bigint); written as a bigint,
 * so a wire number is turned into 分 where it comes in and never reaches the table as a float. */
type Money = ColumnType<string | number | bigint, bigint, bigint>;
/** JSON columns are written as JSON text and read back parsed (or as text, by some drivers). */
type Json = ColumnType<unknown, string, string>;

export interface FinancingBusinessTable {
  business_id: string;
  tenant_id: string;
  business_no: string;
  supplier_id: string;
  project_company_id: Nullable<string>;
  capital_side_id: Nullable<string>;
  product_id: Nullable<string>;
  state: string;
  stage: string;
  suspended: Generated<boolean>;
  suspend_reason: Nullable<string>;
  owner_id: Nullable<string>;
  apply_amount: Money;
  approved_amount: ColumnType<string | number | bigint | null, bigint | null | undefined, bigint | null>;
  /** The decision's approved terms (migration 0082), set when it is approved. */
  approved_annual_rate: Nullable<string>;
  approved_term_days: Nullable<number>;
  approved_financing_ratio: Nullable<string>;
  approved_repayment_method: Nullable<string>;
  decision_valid_until: Nullable<string>;
  review: ColumnType<unknown, string | null | undefined, string | null>;
  review_arrived_at: Nullable<Date>;
  reconsider_count: Generated<number>;
  terminate_reason: Nullable<string>;
  demand_id: Nullable<string>;
  created_by: Nullable<string>;
  created_at: Timestamp;
  updated_by: Nullable<string>;
  updated_at: Timestamp;
  version: Generated<number>;
  deleted: Generated<boolean>;
}

export interface BusinessEventTable {
  event_id: string;
  tenant_id: string;
  business_id: string;
  stage: string;
  from_state: Nullable<string>;
  to_state: string;
  action: string;
  action_label: string;
  level: Nullable<number>;
  actor_id: string;
  actor_name: string;
  actor_role: string;
  comment: Generated<string>;
  file_ids: Json;
  at: Timestamp;
  version: number;
}

export interface AuditTypeTable {
  tenant_id: string;
  code: string;
  name: string;
  enabled: Generated<boolean>;
  levels: Json;
  version: Generated<number>;
  updated_by: Nullable<string>;
  updated_at: Timestamp;
}

export interface DocumentSeqTable {
  tenant_id: string;
  prefix: string;
  day: string;
  last: number;
}

declare module '../../db/database' {
  interface Database {
    financing_business: FinancingBusinessTable;
    business_event: BusinessEventTable;
    audit_type: AuditTypeTable;
    document_seq: DocumentSeqTable;
  }
}
