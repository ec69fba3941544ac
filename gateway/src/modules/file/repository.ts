// Stored-file metadata and document locks. Every query names the tenant: another tenant's keyId is simply
// not found.
import type { Kysely, Selectable } from 'kysely';
import type { Database, StoredFileTable } from '../../db/database';

export type StoredFile = Selectable<StoredFileTable>;

export interface NewStoredFile {
  keyId: string;
  tenantId: string;
  fileName: string;
  extension: string;
  contentType: string;
  size: number;
  sha256: string;
  subSys: string | null;
  module: string | null;
  createdBy: string;
  /** When it was stored: now unless given (a seed dates its files back with the records they belong to). */
  createdAt?: Date;
}

export async function insertFiles(db: Kysely<Database>, files: readonly NewStoredFile[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('stored_file')
    .values(
      files.map((f) => ({
        key_id: f.keyId,
        tenant_id: f.tenantId,
        file_name: f.fileName,
        extension: f.extension,
        content_type: f.contentType,
        size: f.size,
        sha256: f.sha256,
        sub_sys: f.subSys,
        module: f.module,
        business_type: null,
        business_id: null,
        created_by: f.createdBy,
        ...(f.createdAt ? { created_at: f.createdAt } : {}),
      })),
    )
    .execute();
}

export function findFile(db: Kysely<Database>, tenantId: string, keyId: string): Promise<StoredFile | undefined> {
  return db
    .selectFrom('stored_file')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
}

/** Only the tenant's own files, in the order asked for; a keyId of another tenant is missing from the answer. */
export async function findFiles(
  db: Kysely<Database>,
  tenantId: string,
  keyIds: readonly string[],
): Promise<StoredFile[]> {
  if (keyIds.length === 0) return [];
  const rows = await db
    .selectFrom('stored_file')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('key_id', 'in', [...keyIds])
    .execute();
  const byId = new Map(rows.map((r) => [r.key_id, r]));
  return keyIds.flatMap((id) => byId.get(id) ?? []);
}

/** A file found by its keyId alone: for a signed URL, whose signature was only ever given to its tenant. */
export function findFileByKey(db: Kysely<Database>, keyId: string): Promise<StoredFile | undefined> {
  return db.selectFrom('stored_file').selectAll().where('key_id', '=', keyId).executeTakeFirst();
}

export async function deleteFile(
  db: Kysely<Database>,
  where: { tenantId: string; keyId: string; subSys: string; module: string },
): Promise<StoredFile | undefined> {
  return db
    .deleteFrom('stored_file')
    .where('tenant_id', '=', where.tenantId)
    .where('key_id', '=', where.keyId)
    .where('sub_sys', '=', where.subSys)
    .where('module', '=', where.module)
    .returningAll()
    .executeTakeFirst();
}

export async function blobInUse(db: Kysely<Database>, sha256: string): Promise<boolean> {
  return (
    (await db.selectFrom('stored_file').select('key_id').where('sha256', '=', sha256).limit(1).executeTakeFirst()) !==
    undefined
  );
}

// ---- document locks ---------------------------------------------------------------------------------

export function findLock(db: Kysely<Database>, tenantId: string, keyId: string) {
  return db
    .selectFrom('file_lock as l')
    .leftJoin('app_user as u', 'u.user_id', 'l.user_id')
    .select(['l.lock_value', 'l.user_id', 'l.expires_at', 'u.nick_name'])
    .where('l.tenant_id', '=', tenantId)
    .where('l.key_id', '=', keyId)
    .executeTakeFirst();
}

export async function putLock(
  db: Kysely<Database>,
  lock: { keyId: string; tenantId: string; lockValue: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('file_lock')
    .values({
      key_id: lock.keyId,
      tenant_id: lock.tenantId,
      lock_value: lock.lockValue,
      user_id: lock.userId,
      expires_at: lock.expiresAt,
    })
    .onConflict((oc) =>
      oc.column('key_id').doUpdateSet({ lock_value: lock.lockValue, user_id: lock.userId, expires_at: lock.expiresAt }),
    )
    .execute();
}

export async function removeLock(db: Kysely<Database>, tenantId: string, keyId: string): Promise<void> {
  await db.deleteFrom('file_lock').where('tenant_id', '=', tenantId).where('key_id', '=', keyId).execute();
}

/** The signing secret of file URLs: made by whichever gateway process starts first, then read by all. */
export async function ensureFileUrlSecret(db: Kysely<Database>, fresh: string): Promise<string> {
  await db
    .insertInto('setting')
    .values({ key: 'file_url_secret', value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', 'file_url_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
