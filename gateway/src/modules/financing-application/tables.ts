// 融资申请 as Kysely sees it (migration 0056); joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';
import type { StageRecordStamps } from '../../stage/stage-tables';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface FinancingApplicationTable extends StageRecordStamps {
  application_id: string;
  tenant_id: string;
  application_no: string;
  term_days: Nullable<number>;
  repayment_source: Nullable<string>;
  payee_bank: Nullable<string>;
  payee_account: Nullable<string>;
  /** [{ orderId, financeAmount }] */
  lines: Json;
  /** [{ docType, fileIds, validTo }] */
  docs: Json;
  /** 分, written as a bigint. */
  total_amount: ColumnType<string | number | bigint, bigint | undefined, bigint>;
  /** order id → 分 this application holds on the order now. */
  reserved: Json;
  submitted_at: Nullable<Date>;
}

declare module '../../db/database' {
  interface Database {
    financing_application: FinancingApplicationTable;
  }
}
