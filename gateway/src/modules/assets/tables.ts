// 资产管理's tables as Kysely sees them (migrations 0020, 0056, 0230): the projects and their payment orders, joined to
// the gateway's `Database` by declaration merging. Money is bigint 分, read as text or bigint (stage-money.ts).
import type { ColumnType } from 'kysely';
import type { DayColumn, NullableColumn } from '../../stage/stage-money';

/** A bigint 分 column: read as text or bigint, written as a bigint or a safe number of 分 (as the business's). */
type FenColumn = ColumnType<string | bigint, bigint | number, bigint | number>;
type FenDefaulted = ColumnType<string | bigint, bigint | number | undefined, bigint | number>;

type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Instant = ColumnType<Date, Date | undefined, Date>;

/** What every resource of 0020 carries. */
interface AssetCommon {
  tenant_id: string;
  status: string;
  version: Defaulted<number>;
  created_at: Instant;
  updated_at: Instant;
}

export interface ProjectTable extends AssetCommon {
  project_id: string;
  project_code: string;
  project_name: string;
  project_company_id: string;
  city: NullableColumn<string>;
}

export interface PaymentOrderTable extends AssetCommon {
  order_id: string;
  order_no: string;
  project_id: string;
  project_company_id: NullableColumn<string>;
  supplier_id: string;
  contract_no: string;
  contract_type: string;
  receivable_amount: FenColumn;
  paid_amount: FenDefaulted;
  due_date: DayColumn;
  confirm_evidence: NullableColumn<string>;
  confirmed_amount: ColumnType<string | bigint | null, bigint | number | null | undefined, bigint | number | null>;
  confirmed_at: NullableColumn<Date>;
  confirm_comment: NullableColumn<string>;
  /** What applications hold on the order now (never below 0). */
  reserved_amount: FenDefaulted;
  financed_amount: FenDefaulted;
  eligible_amount: FenDefaulted;
  financing_status: Defaulted<string>;
  locked: Defaulted<string>;
  invoices: ColumnType<unknown, string | undefined, string>;
}

declare module '../../db/database' {
  interface Database {
    project: ProjectTable;
    payment_order: PaymentOrderTable;
  }
}
