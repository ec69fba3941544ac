// Files a stage prints before its transaction and records within it (HOUSE.md "Documents are data first"): drawing
// PDFs and zipping take seconds, and a transaction held open that long meets the database's idle-in-transaction
// limit. So the bytes go into the content-addressed blob store first, with no row; the transaction then only
// records them — under each blob's database lock, as the file service commits an upload, the blob put back should a
// concurrent release have removed it meanwhile — as stored files bound to their record. A refused write leaves no
// orphan: what it printed is removed under the same lock unless a row names the bytes (the same bytes kept by
// another record stay). Until then an unrecorded blob is unreachable: every read goes through a row.
// A package is several stored files as one ZIP with a manifest naming every file and its sha-256, so the party it is
// sent to checks what it received (推送's 资料包).
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { BlobStore } from '../modules/file/blob-store';
import { uniqueNames } from '../modules/file/file-names';
import { blobInUse } from '../modules/file/repository';
import { type ZipEntry, missingBlobs, zipOf } from '../modules/file/zip-files';
import { newId } from '../ids';

const CONTENT_TYPE = { pdf: 'application/pdf', zip: 'application/zip', json: 'application/json' } as const;

/** A file to print: its name, its bytes and its kind. */
export interface FileToPrint {
  name: string;
  bytes: Buffer;
  extension?: keyof typeof CONTENT_TYPE;
}

/** A printed file: in the blob store, not yet any record's. */
export interface PrintedFile extends FileToPrint {
  sha256: string;
  size: number;
}

/** Puts the files' bytes in the blob store, outside any transaction. */
export async function printFiles(filesDir: string, files: readonly FileToPrint[]): Promise<PrintedFile[]> {
  const store = new BlobStore(filesDir);
  const out: PrintedFile[] = [];
  for (const file of files) {
    const received = await store.receive(Readable.from([file.bytes]));
    await store.commit(received);
    out.push({ ...file, sha256: received.sha256, size: received.size });
  }
  return out;
}

/** Takes each blob's lock (sorted, so two writers cannot deadlock) inside the caller's transaction. */
async function lockBlobs(trx: Kysely<Database>, sha256s: readonly string[]) {
  for (const sha of [...new Set(sha256s)].sort())
    await sql`select pg_advisory_xact_lock(hashtextextended(${sha}, 0))`.execute(trx);
}

/**
 * Records printed files as stored files bound to `binding` (the record's type and id), inside the caller's
 * transaction. Answers each file's key and sha-256, in order.
 */
export async function recordPrinted(
  trx: Kysely<Database>,
  filesDir: string,
  owner: { tenantId: string; userId: string; now: Date },
  printed: readonly PrintedFile[],
  binding: { type: string; id: string },
): Promise<{ fileId: string; sha256: string }[]> {
  await lockBlobs(
    trx,
    printed.map((p) => p.sha256),
  );
  const gone = await missingBlobs(filesDir, printed);
  if (gone.length) await printFiles(filesDir, gone);
  const rows = printed.map((p) => ({
    ...{ key_id: newId(owner.now), tenant_id: owner.tenantId, file_name: p.name, extension: p.extension ?? 'pdf' },
    ...{ content_type: CONTENT_TYPE[p.extension ?? 'pdf'], size: p.size, sha256: p.sha256 },
    ...{ sub_sys: null, module: null, business_type: binding.type, business_id: binding.id },
    ...{ created_by: owner.userId, created_at: owner.now },
  }));
  if (rows.length) await trx.insertInto('stored_file').values(rows).execute();
  return rows.map((r) => ({ fileId: r.key_id, sha256: r.sha256 }));
}

/** Removes printed files no row names (a refused write's), each under its lock. */
export async function discardPrinted(db: Kysely<Database>, filesDir: string, printed: readonly PrintedFile[]) {
  const store = new BlobStore(filesDir);
  for (const sha of new Set(printed.map((p) => p.sha256))) {
    await db.transaction().execute(async (trx) => {
      await lockBlobs(trx, [sha]);
      if (!(await blobInUse(trx, sha))) await store.remove(sha);
    });
  }
}

/** Runs `work` on the printed files; when it throws, what it printed and no row names is removed. */
export async function withPrinted<T>(
  db: Kysely<Database>,
  filesDir: string,
  printed: readonly PrintedFile[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await discardPrinted(db, filesDir, printed);
    throw error;
  }
}

/** The name of a package's manifest inside its ZIP. */
export const MANIFEST_NAME = '清单.json';

/**
 * The package of stored entries (every blob in the store): the manifest — `head` and each file's name, unique in
 * the ZIP, with its sha-256 — printed, and the ZIP of the entries and the manifest. Answers both, printed.
 */
export async function printPackage(
  filesDir: string,
  entries: readonly ZipEntry[],
  head: object,
  made: { manifest: string; zip: string; at: Date },
): Promise<{ manifest: PrintedFile; zip: PrintedFile }> {
  const unique = uniqueNames(entries.map((e) => e.name));
  const listed = { ...head, files: entries.map((e, i) => ({ name: unique[i], sha256: e.sha256 })) };
  const bytes = Buffer.from(JSON.stringify(listed, null, 2));
  const [manifest] = (await printFiles(filesDir, [{ name: made.manifest, bytes, extension: 'json' }])) as [PrintedFile];
  const packed = [
    ...entries.map((e, i) => ({ ...e, name: unique[i] as string })),
    { sha256: manifest.sha256, name: MANIFEST_NAME, mtime: made.at },
  ];
  const chunks: Buffer[] = [];
  for await (const chunk of zipOf(filesDir, packed)) chunks.push(Buffer.from(chunk as Buffer));
  const zipped = { name: made.zip, bytes: Buffer.concat(chunks), extension: 'zip' as const };
  const [zip] = (await printFiles(filesDir, [zipped])) as [PrintedFile];
  return { manifest, zip };
}
