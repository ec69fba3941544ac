// This module's tables as Kysely sees them: 证书管理, 企业认证, 个人认证. They join the gateway's `Database` by declaration
// merging, so a module declares its tables beside itself and edits no shared list.
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** 证书管理, 企业认证, 个人认证 (migration 0009): one table, told apart by kind. */
export interface CertificationTable {
  cert_id: string;
  tenant_id: string;
  kind: 'CERTIFICATE' | 'ENTERPRISE' | 'PERSONAL';
  cert_no: string | null;
  holder_type: 'ENTERPRISE' | 'PERSONAL' | null;
  subject_name: string;
  id_number: string;
  legal_person: string | null;
  mobile: string | null;
  status: 'VALID' | 'REVOKED' | 'PENDING' | 'APPROVED' | 'REJECTED';
  valid_from: Date | null;
  valid_to: Date | null;
  comment: string | null;
  reviewer_id: string | null;
  reviewed_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/database' {
  interface Database {
    certification: CertificationTable;
  }
}
