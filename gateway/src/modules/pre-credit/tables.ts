// 预授信 as Kysely sees it (migration 0054); joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';
import type { StageRecordStamps } from '../../stage/stage-tables';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface PreCreditTable extends StageRecordStamps {
  business_id: string;
  tenant_id: string;
  pre_credit_no: string;
  /** 分, written as a bigint. */
  apply_amount: ColumnType<string | number | bigint, bigint, bigint>;
  approved_amount: ColumnType<string | number | bigint | null, bigint | null | undefined, bigint | null>;
  valid_days: number;
  valid_from: Nullable<string>;
  valid_to: Nullable<string>;
  /** The basis payment orders' ids, a JSON array. */
  basis_order_ids: ColumnType<unknown, string, string>;
}

/** The pre-credit's list view (migration 0057), as far as the gateway's own statements read it. */
export interface PreCreditViewTable {
  pre_credit_id: string;
  tenant_id: string;
  pre_credit_no: string;
  status: string | null;
  /** Its own, or the applied amount once it passed. */
  approved_amount: ColumnType<string | number | null, never, never>;
}

declare module '../../db/database' {
  interface Database {
    pre_credit: PreCreditTable;
    pre_credit_view: PreCreditViewTable;
  }
}
