// This module's tables as Kysely sees them: sessions and sign-in lockout.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { Timestamp } from '../../db/column-types';

export interface SessionTokenTable {
  /** sha-256 of the raw token, hex; the raw token is never stored. */
  token_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Absolute expiry. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A failed sign-in, by the user name as typed (trimmed, lower-cased). */
export interface LoginFailureTable {
  user_name: string;
  failed_at: Timestamp;
}

export interface LoginLockTable {
  user_name: string;
  locked_until: Timestamp;
}

/** Sign-in attempts by user name (lower-cased): reserved atomically before a password is checked. */
export interface LoginAttemptTable {
  user_name: string;
  window_start: Timestamp;
  attempts: number;
  locked_until: Timestamp | null;
}

declare module '../../db/database' {
  interface Database {
    session_token: SessionTokenTable;
    login_failure: LoginFailureTable;
    login_lock: LoginLockTable;
    login_attempt: LoginAttemptTable;
  }
}
