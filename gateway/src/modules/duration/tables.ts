// 存续期报告 as Kysely sees them (migration 0210), joined to the gateway's `Database` by declaration merging.
import type { ColumnType } from 'kysely';
import type { DayColumn, NullableColumn } from '../../stage/stage-money';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface DurationReportTable {
  item_id: string;
  tenant_id: string;
  business_id: string;
  seq: number;
  report_no: string;
  kind: string;
  /** Unique per business: a check is made once for its period. */
  period_key: string;
  due_date: DayColumn;
  maker_id: NullableColumn<string>;
  status: Defaulted<string>;
  findings: ColumnType<unknown, string | undefined, string>;
  risk_class: NullableColumn<string>;
  conclusion: NullableColumn<string>;
  check_date: NullableColumn<string | Date>;
  made_by: NullableColumn<string>;
  made_at: NullableColumn<Date>;
  submitted_at: NullableColumn<Date>;
  reviewer_id: NullableColumn<string>;
  reviewed_at: NullableColumn<Date>;
  review_comment: NullableColumn<string>;
  version: Defaulted<number>;
  created_at: Date;
  updated_at: Date;
}

declare module '../../db/database' {
  interface Database {
    duration_report: DurationReportTable;
  }
}
