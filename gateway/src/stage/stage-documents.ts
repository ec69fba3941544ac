// A document with versions on the stage kit (HOUSE.md "Documents are data first"): a stage record whose PDF is
// its evidence — a contract, later a letter — keeps the file once, through the file service, and the file's
// sha-256 on its record, so what was reviewed and signed is the bytes stored then, never a rendering made again
// on a later request. A generated PDF is committed to the content-addressed blob store and its row inserted
// under the blob's database lock (as an upload is, file-context.ts withBlobLocks), bound to its record; an
// uploaded one is the caller's own upload, bound the same way. Reading it back checks the bytes still hash to
// what the record says.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { BlobStore } from '../modules/file/blob-store';
import { bindOwnFiles } from '../modules/file/file-binding';
import { newId } from '../modules/operation-log/repository';
import { invalidInput, notFound } from '../plugins/envelope';

export const DocumentEvidenceMessage = {
  missing: '文件不存在',
  altered: '存档文件与登记的摘要不一致，文件可能已被篡改',
  notPdf: '文件须为PDF',
} as const;

/** A stored document: its file's key and the sha-256 of its bytes. */
export interface DocumentEvidence {
  fileId: string;
  sha256: string;
}

interface Owner {
  tenantId: string;
  userId: string;
  now: Date;
}

/** The record the file is bound to, in the file service's terms (its readers are the record's). */
export interface DocumentBinding {
  type: string;
  id: string;
}

/**
 * Stores generated PDF bytes as the record's evidence, inside the caller's transaction: the blob committed
 * under its lock, the file row bound to the record. Answers the file's key and sha-256.
 */
export async function storeGeneratedDocument(
  trx: Kysely<Database>,
  filesDir: string,
  owner: Owner,
  file: { name: string; pdf: Buffer },
  binding: DocumentBinding,
): Promise<DocumentEvidence> {
  const store = new BlobStore(filesDir);
  const received = await store.receive(Readable.from([file.pdf]));
  await sql`select pg_advisory_xact_lock(hashtextextended(${received.sha256}, 0))`.execute(trx);
  await store.commit(received);
  const fileId = newId();
  await trx
    .insertInto('stored_file')
    .values({
      key_id: fileId,
      tenant_id: owner.tenantId,
      file_name: file.name,
      extension: 'pdf',
      content_type: 'application/pdf',
      size: received.size,
      sha256: received.sha256,
      sub_sys: null,
      module: null,
      business_type: binding.type,
      business_id: binding.id,
      created_by: owner.userId,
      created_at: owner.now,
    })
    .execute();
  return { fileId, sha256: received.sha256 };
}

/**
 * Takes the caller's own PDF upload as the record's evidence, inside the caller's transaction: bound to the
 * record (refused when it is not the caller's, or bound elsewhere), its sha-256 as the file service stored it.
 */
export async function bindUploadedDocument(
  trx: Kysely<Database>,
  owner: Owner,
  fileId: string,
  binding: DocumentBinding,
): Promise<DocumentEvidence> {
  const [row] = await bindOwnFiles(trx, owner, [fileId], binding);
  if (!row) throw notFound(DocumentEvidenceMessage.missing);
  if (row.extension.toLowerCase() !== 'pdf') throw invalidInput(DocumentEvidenceMessage.notPdf);
  return { fileId: row.key_id, sha256: row.sha256 };
}

/** The stored bytes of a record's document, checked against the sha-256 the record keeps. */
export async function documentBytes(
  db: Kysely<Database>,
  filesDir: string,
  tenantId: string,
  evidence: DocumentEvidence,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await db
    .selectFrom('stored_file')
    .select(['file_name', 'sha256'])
    .where('tenant_id', '=', tenantId)
    .where('key_id', '=', evidence.fileId)
    .executeTakeFirst();
  if (!row) throw notFound(DocumentEvidenceMessage.missing);
  const pdf = await readFile(new BlobStore(filesDir).pathOf(row.sha256)).catch(() => null);
  if (!pdf) throw notFound(DocumentEvidenceMessage.missing);
  const actual = createHash('sha256').update(pdf).digest('hex');
  if (actual !== evidence.sha256) throw invalidInput(DocumentEvidenceMessage.altered);
  return { pdf, fileName: row.file_name };
}

/** The next version of a series: one after the highest (a new series starts at 1). */
export const nextVersion = (versions: readonly number[]): number => Math.max(0, ...versions) + 1;
