// 参数管理's capital sides and fund products as Kysely sees them (migration 0040), joined to the gateway's
// `Database` by declaration merging. Money is bigint 分, read as text or bigint (stage-money.ts); rates and ratios
// are numeric(6,4), read as text.
import type { ColumnType } from 'kysely';
import type { DayColumn, NullableColumn } from '../../stage/stage-money';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Instant = ColumnType<Date, Date | undefined, Date>;
/** A bigint 分 column: read as text or bigint, written as a bigint or a safe number of 分 (as the business's). */
type Fen = ColumnType<string | bigint, bigint | number, bigint | number>;
type FenDefault = ColumnType<string | bigint, bigint | number | undefined, bigint | number>;
/** A numeric(6,4) column: read as text, written as text or a number. */
type Rate = ColumnType<string, string | number, string | number>;

export interface CapitalSideTable {
  org_id: string;
  tenant_id: string;
  side_type: string;
  total_limit: FenDefault;
  used_limit: FenDefault;
  valid_to: NullableColumn<string | Date>;
  version: Defaulted<number>;
  created_at: Instant;
  updated_at: Instant;
}

export interface FundProductTable {
  product_id: string;
  tenant_id: string;
  capital_side_id: string;
  product_code: string;
  product_name: string;
  min_rate: Rate;
  max_rate: Rate;
  service_fee_rate: Rate;
  quota: Fen;
  used_quota: FenDefault;
  /** quota − used_quota, kept by the database. */
  available_quota: ColumnType<string | bigint, never, never>;
  term_min_days: number;
  term_max_days: number;
  max_financing_ratio: Rate;
  day_count_basis: string;
  repayment_methods: string;
  interest_mode: string;
  grace_days: number;
  penalty_markup: ColumnType<string, string | number | undefined, string | number>;
  early_repay_fee_rate: ColumnType<string, string | number | undefined, string | number>;
  valid_from: DayColumn;
  valid_to: DayColumn;
  status: string;
  status_reason: NullableColumn<string>;
  created_by: NullableColumn<string>;
  version: Defaulted<number>;
  created_at: Date;
  updated_at: Date;
}

/** 子公司参数 (migration 0041): one per project company. */
export interface SubsidiaryParameterTable {
  param_id: string;
  tenant_id: string;
  subsidiary_id: string;
  single_max_amount: Fen;
  max_financing_ratio: Rate;
  max_term_days: number;
  annual_quota: Fen;
  used_quota: ColumnType<string | bigint, bigint | number | undefined, bigint | number>;
  effective_from: DayColumn;
  effective_to: DayColumn;
  status: string;
  created_by: NullableColumn<string>;
  version: Defaulted<number>;
  created_at: Date;
  updated_at: Date;
}

/** 风险汇总参数 (migration 0042): versions, one ACTIVE per tenant. */
export interface RiskSummaryParameterTable {
  param_id: string;
  tenant_id: string;
  version: Defaulted<number>;
  supplier_max_exposure: Fen;
  supplier_max_share: Rate;
  project_company_max_exposure: Fen;
  group_total_quota: Fen;
  max_financing_ratio: Rate;
  max_term_days: number;
  grace_days: number;
  min_remaining_days: number;
  overdue_warn_days: number;
  supplier_concentration_warn_pct: Rate;
  project_company_concentration_warn_pct: Rate;
  change_summary: NullableColumn<string>;
  approved_by: NullableColumn<string>;
  approved_at: NullableColumn<Date>;
  status: string;
  created_at: Date;
  updated_at: Date;
}

declare module '../../db/database' {
  interface Database {
    capital_side: CapitalSideTable;
    fund_product: FundProductTable;
    risk_summary_parameter: RiskSummaryParameterTable;
    subsidiary_parameter: SubsidiaryParameterTable;
  }
}
