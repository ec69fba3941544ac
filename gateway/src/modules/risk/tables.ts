// This module's tables as Kysely sees them: 负面舆情 (negative public opinion).
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType, Generated } from 'kysely';
import type { SupplierLockScope } from '../../../../src/domain/risk/locks';

export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW';

export type OpinionStatus = 'PENDING' | 'FOLLOWING' | 'CLOSED';

export interface NegativeOpinionTable {
  opinion_id: string;
  tenant_id: string;
  enterprise_name: string;
  title: string;
  source: string;
  risk_level: RiskLevel;
  status: OpinionStatus;
  /** A calendar date, kept as 'YYYY-MM-DD' text on the way out. */
  published_on: ColumnType<string, string, string>;
  created_at: Generated<Date>;
  url: ColumnType<string | null, string | null | undefined, string | null>;
  summary: ColumnType<string | null, string | null | undefined, string | null>;
  handling: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  deleted: Generated<boolean>;
}

/** What 供应商锁定 and 合同锁定 keep alike (migration 0032). */
interface LockColumns {
  lock_id: string;
  tenant_id: string;
  reason: string;
  unlock_reason: ColumnType<string | null, string | null | undefined, string | null>;
  unlocked_by: ColumnType<string | null, string | null | undefined, string | null>;
  unlocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  status: string;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

/** A supplier locked against new applications, in a scope, until a day or unlocked. */
export interface SupplierLockTable extends LockColumns {
  supplier_id: string;
  scope: SupplierLockScope;
  /** A calendar date ('YYYY-MM-DD' written). */
  expires_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** A contract or a payment order locked. */
export interface ContractLockTable extends LockColumns {
  contract_no: ColumnType<string | null, string | null | undefined, string | null>;
  payment_order_no: ColumnType<string | null, string | null | undefined, string | null>;
  project_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  supplier_id: ColumnType<string | null, string | null | undefined, string | null>;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** 风险预警 (migration 0031): raised by a rule or a person, handled once. */
export interface RiskAlertTable {
  alert_id: string;
  tenant_id: string;
  subject_type: string;
  subject_id: NullableText;
  subject_name: string;
  category: string;
  level: string;
  /** A calendar date ('YYYY-MM-DD' written). */
  detected_on: ColumnType<string | Date, string, string>;
  business_nos: NullableText;
  summary: NullableText;
  result: NullableText;
  handling: NullableText;
  handled_by: NullableText;
  handled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  status: string;
  created_by: NullableText;
  version: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

declare module '../../db/database' {
  interface Database {
    negative_opinion: NegativeOpinionTable;
    risk_alert: RiskAlertTable;
    supplier_lock: SupplierLockTable;
    contract_lock: ContractLockTable;
  }
}
