// The built-in signing provider's tables as Kysely sees them (migration 0170); joined to the gateway's `Database`
// by declaration merging.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../db/column-types';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface EsignCaTable {
  tenant_id: string;
  cert_pem: string;
  /** PKCS#8 PEM of the demo root's key: never answered, never logged. */
  key_pem: string;
  created_at: Timestamp;
}

export interface EsignFlowTable {
  flow_id: string;
  tenant_id: string;
  title: string;
  /** e签宝's signFlowStatus: 0, 1, 2, 3, 5, 7. */
  status: number;
  deadline: Timestamp;
  reason: Nullable<string>;
  /** The flow's changes so far, and how many of them were told to the back office (the callbacks' outbox). */
  event_seq: ColumnType<number, number | undefined, number>;
  delivered_seq: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EsignDocumentTable {
  flow_id: string;
  seq: number;
  name: string;
  /** The back office's reference of the document it sent (its contract's id). */
  source_ref: string;
  /** The current bytes: the original, then one incremental revision per signature. */
  pdf: Buffer;
  /** Each signer's box by signing order (migration 0250): {"1": {page, x, y}}; null: every signature invisible. */
  placements: ColumnType<
    Record<string, { page: number; x: number; y: number }> | null,
    string | null | undefined,
    string | null
  >;
}

export interface EsignSignerTable {
  flow_id: string;
  seq: number;
  name: string;
  organization: string;
  mobile: string;
  channel: 'BACK_OFFICE' | 'PAGE';
  /** 0 待签, 1 已签, 2 拒签. */
  status: ColumnType<number, number | undefined, number>;
  /** SHA-256 of the one-time link's token and of the one-time code; cleared once used. */
  link_hash: Nullable<string>;
  code_hash: Nullable<string>;
  code_expires_at: Nullable<Date>;
  signed_at: Nullable<Date>;
}

export interface EsignNoticeTable {
  notice_id: string;
  tenant_id: string;
  flow_id: string;
  signer_seq: number;
  /** LINK, CODE, REMIND. */
  kind: string;
  mobile: string;
  text: string;
  at: Timestamp;
}

declare module '../db/database' {
  interface Database {
    esign_ca: EsignCaTable;
    esign_flow: EsignFlowTable;
    esign_document: EsignDocumentTable;
    esign_signer: EsignSignerTable;
    esign_notice: EsignNoticeTable;
  }
}
