// Several stored files as one zip, streamed: for the file service's own zip call and for a record's 下载全部附件.
// Every blob is looked for before the first byte goes out, since a missing one cannot be reported mid-stream.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { BlobStore } from './blob-store';
import { uniqueNames } from './file-names';

export interface ZipEntry {
  sha256: string;
  /** The name inside the zip, folders with '/'; made unique here. */
  name: string;
  mtime: Date;
}

/** The entries whose bytes are not in the store (a row whose blob was never written). */
export async function missingBlobs<T extends { sha256: string }>(filesDir: string, rows: readonly T[]): Promise<T[]> {
  const store = new BlobStore(filesDir);
  const found = await Promise.all(rows.map((r) => stat(store.pathOf(r.sha256)).catch(() => null)));
  return rows.filter((_, i) => !found[i]);
}

/** The zip of the entries (each name kept as written, Chinese included, a clash numbered). */
export function zipOf(filesDir: string, entries: readonly ZipEntry[]): Readable {
  const store = new BlobStore(filesDir);
  const zip = new yazl.ZipFile();
  const names = uniqueNames(entries.map((e) => e.name));
  for (const [i, entry] of entries.entries()) {
    zip.addReadStream(createReadStream(store.pathOf(entry.sha256)), names[i]!, { mtime: entry.mtime });
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}
