// This module's tables as Kysely sees them: the operation log. They join the gateway's `Database` by declaration
// merging, so a module declares its tables beside itself and edits no shared list.
import type { Timestamp } from '../../db/column-types';

/** One write — who, when, what, and the record before and after (JSON text). */
export interface OperationLogTable {
  log_id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  occurred_at: Timestamp;
  action: string;
  target_type: string;
  target_id: string;
  before_data: string | null;
  after_data: string | null;
}

declare module '../../db/database' {
  interface Database {
    operation_log: OperationLogTable;
  }
}
