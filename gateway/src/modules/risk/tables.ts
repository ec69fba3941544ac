// This module's tables as Kysely sees them: 负面舆情 (negative public opinion).
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType, Generated } from 'kysely';

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

declare module '../../db/database' {
  interface Database {
    negative_opinion: NegativeOpinionTable;
  }
}
