// 融资需求 as Kysely sees it (migration 0053); joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface FinancingDemandTable {
  demand_id: string;
  tenant_id: string;
  demand_no: string;
  supplier_id: string;
  project_company_id: Nullable<string>;
  /** 分, written as a bigint. */
  expected_amount: ColumnType<string | number | bigint, bigint, bigint>;
  expected_term_days: number;
  purpose: string;
  contact_name: string;
  contact_phone: string;
  source: string;
  status: string;
  close_reason: Nullable<string>;
  business_id: Nullable<string>;
  /** 拟融资付款单: order ids, jsonb. */
  payment_order_ids: ColumnType<unknown, string | undefined, string>;
  created_by: Nullable<string>;
  created_at: ColumnType<Date, Date, Date>;
  updated_by: Nullable<string>;
  updated_at: ColumnType<Date, Date, Date>;
  version: ColumnType<number, number | undefined, number>;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
}

declare module '../../db/database' {
  interface Database {
    financing_demand: FinancingDemandTable;
  }
}
