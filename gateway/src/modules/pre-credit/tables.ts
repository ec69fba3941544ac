// 预授信 as Kysely sees it (migration 0054); joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';
import type { StageRecordStamps } from '../../stage/stage-tables';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface PreCreditTable extends StageRecordStamps {
  business_id: string;
  tenant_id: string;
  pre_credit_no: string;
  apply_amount: ColumnType<string | number, number, number>;
  approved_amount: Nullable<string | number>;
  valid_days: number;
  valid_from: Nullable<string>;
  valid_to: Nullable<string>;
  /** The basis payment orders' ids, a JSON array. */
  basis_order_ids: ColumnType<unknown, string, string>;
}

declare module '../../db/database' {
  interface Database {
    pre_credit: PreCreditTable;
  }
}
