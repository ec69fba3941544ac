// This module's tables as Kysely sees them: stored files and their editing locks.
// They join the gateway's `Database` by declaration merging, so a module declares its tables beside itself
// and edits no shared list.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** A stored file's metadata; the bytes are the blob named by sha256 under the files folder. */
export interface StoredFileTable {
  key_id: string;
  tenant_id: string;
  /** The user's name for it, shown and sent back in Content-Disposition; never part of a path. */
  file_name: string;
  extension: string;
  content_type: string;
  size: number;
  sha256: string;
  sub_sys: string | null;
  module: string | null;
  business_type: string | null;
  business_id: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** A document-editing lock (WOPI style): one holder per file until it expires. */
export interface FileLockTable {
  key_id: string;
  tenant_id: string;
  lock_value: string;
  user_id: string;
  expires_at: Timestamp;
}

declare module '../../db/database' {
  interface Database {
    stored_file: StoredFileTable;
    file_lock: FileLockTable;
  }
}
