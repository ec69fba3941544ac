// The inbound callbacks' tables as Kysely sees them (migration 0110); joined to the gateway's `Database` by
// declaration merging.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface CallbackSecretTable {
  tenant_id: string;
  provider: string;
  /** Hex; the key of the HMAC both sides compute. Never logged, never answered. */
  secret: string;
  created_at: Timestamp;
}

export interface CallbackFlowTable {
  provider: string;
  /** The provider's own id of the flow (e签宝's flowId, a channel's acceptance number). */
  flow_id: string;
  tenant_id: string;
  business_id: string;
  purpose: string;
  created_at: Timestamp;
}

export interface CallbackInboxTable {
  provider: string;
  event_id: string;
  flow_id: string;
  tenant_id: string;
  business_id: string;
  /** The lifecycle action the event made the system take; null when it asked for none. */
  action: string | null;
  received_at: Timestamp;
}

export interface InterfaceLogTable {
  log_id: string;
  tenant_id: Nullable<string>;
  direction: 'IN' | 'OUT';
  provider: string;
  flow_id: Nullable<string>;
  event_id: Nullable<string>;
  business_id: Nullable<string>;
  http_status: number;
  result_code: number;
  message: string;
  body: string;
  remote_address: Nullable<string>;
  at: Timestamp;
}

declare module '../db/database' {
  interface Database {
    callback_secret: CallbackSecretTable;
    callback_flow: CallbackFlowTable;
    callback_inbox: CallbackInboxTable;
    interface_log: InterfaceLogTable;
  }
}
