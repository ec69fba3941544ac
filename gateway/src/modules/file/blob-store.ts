// Content-addressed storage of file bytes on disk. An upload is streamed to a temporary file under
// `<dir>/tmp` while its sha-256, its size and its first bytes (for the magic-byte check) are taken on the
// way, so memory stays flat whatever the file's size. Only when every check has passed is the temporary
// file renamed to `<dir>/<aa>/<bb>/<sha256>` — a path made of hex digits alone, never of anything a user
// sent. The same bytes uploaded twice are one blob; a blob is removed when no row names it any more.
//
// Committing a blob and inserting its row, and deleting a row and then its unused blob, run under one
// database lock per sha-256 (file-context.ts withBlobLocks), so a delete cannot unlink a blob an upload has
// just committed, in this gateway or another one sharing the database and the folder.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Enough of the start of a file for every signature of the domain's table (zip part names sit in 64 KB). */
export const SNIFF_BYTES = 64 * 1024;

const SHA256 = /^[0-9a-f]{64}$/;

export interface ReceivedFile {
  tmpPath: string;
  sha256: string;
  size: number;
  /** The first bytes, for the magic-byte check. */
  head: Buffer;
}

export class BlobStore {
  constructor(readonly dir: string) {}

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`not a sha-256: ${sha256}`);
    return join(this.dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** A fresh temporary path under the store (same file system, so the commit is a rename). */
  async tempPath(suffix = ''): Promise<string> {
    const tmp = join(this.dir, 'tmp');
    await mkdir(tmp, { recursive: true });
    return join(tmp, `${randomBytes(16).toString('hex')}${suffix}`);
  }

  /**
   * Streams the source to a temporary file. On any failure the temporary file is gone by the time this
   * settles, so a refused upload's answer never leaves one behind.
   */
  async receive(source: Readable): Promise<ReceivedFile> {
    const tmpPath = await this.tempPath();
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headLength < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - headLength);
          head.push(part);
          headLength += part.length;
        }
        done(null, chunk);
      },
    });
    const file = this.openTemp(tmpPath);
    try {
      await pipeline(source, tap, file);
    } catch (error) {
      // The pipeline settles on the first error without waiting for the file to close, and the file's open
      // may still be on its way (a body cut short while the open waits for a busy disk): removed now, the
      // file would be created after its removal and stay. Once the stream has closed, its open is over.
      await closed(file);
      await this.discard(tmpPath);
      throw error;
    }
    return { tmpPath, sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
  }

  /** The temporary file's stream: it creates the file when it opens, which happens after this returns. */
  protected openTemp(tmpPath: string): Writable {
    return createWriteStream(tmpPath, { flags: 'wx' });
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true });
  }

  /** Moves a received file into place; false when the blob was already there (the temporary copy is dropped). */
  async commit(file: ReceivedFile): Promise<boolean> {
    const target = this.pathOf(file.sha256);
    if (await exists(target)) {
      await this.discard(file.tmpPath);
      return false;
    }
    await mkdir(join(target, '..'), { recursive: true });
    await rename(file.tmpPath, target);
    return true;
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }
}

/** Resolves once the stream has closed (an errored or destroyed file stream closes after its open settles). */
function closed(stream: Writable): Promise<void> {
  return stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', () => resolve()));
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
