// 融资决议 and its element items as Kysely sees them (migration 0081); joined to the gateway's `Database` by
// declaration merging.
import type { ColumnType } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Json = ColumnType<unknown, string | undefined, string>;
type Instant = ColumnType<Date, Date, Date>;

export interface FinancingDecisionTable {
  business_id: string;
  tenant_id: string;
  decision_no: string;
  meeting_id: Nullable<string>;
  /** 分. */
  approved_amount: Nullable<string | number>;
  annual_rate: Nullable<string>;
  service_fee_rate: Nullable<string>;
  term_days: Nullable<number>;
  financing_ratio: Nullable<string>;
  repayment_method: Nullable<string>;
  guarantee_measures: ColumnType<string, string | undefined, string>;
  conditions: Json;
  meeting_conditions: Json;
  result: Nullable<string>;
  valid_until: Nullable<string>;
  approver_id: Nullable<string>;
  approved_at: Nullable<Date>;
  submitted_at: Nullable<Date>;
  created_by: Nullable<string>;
  created_at: Instant;
  updated_at: Instant;
}

export interface ElementItemTable {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  kind: string;
  name: string;
  required_value: ColumnType<string, string | undefined, string>;
  actual_value: Nullable<string>;
  mandatory: ColumnType<boolean, boolean | undefined, boolean>;
  checkpoint: Nullable<string>;
  status: ColumnType<string, string | undefined, string>;
  evidence_file_ids: Json;
  checked_by: Nullable<string>;
  checked_at: Nullable<Date>;
  created_at: Instant;
}

declare module '../../db/database' {
  interface Database {
    financing_decision: FinancingDecisionTable;
    element_item: ElementItemTable;
  }
}
