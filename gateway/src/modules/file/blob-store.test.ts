// The blob store's temporary files on a disk that is slow to open them: an upload cut short while its
// temporary file is still being opened leaves nothing behind, however late the open completes.
import fs, { createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore } from './blob-store';

/** How long the slow disk takes to open a file: far longer than the store needs to notice a failed upload. */
const OPEN_LATENCY_MS = 50;

/** A store on a disk that opens files late, telling when an open is asked for and when it is done. */
class SlowDiskStore extends BlobStore {
  private askedFor!: () => void;
  readonly openAsked = new Promise<void>((resolve) => {
    this.askedFor = resolve;
  });
  opened = false;
  file?: Writable;

  protected override openTemp(tmpPath: string): Writable {
    const open: typeof fs.open = ((path, flags, mode, callback) => {
      this.askedFor();
      setTimeout(
        () =>
          fs.open(path, flags, mode, (error, fd) => {
            this.opened = true;
            callback(error, fd);
          }),
        OPEN_LATENCY_MS,
      );
    }) as typeof fs.open;
    this.file = createWriteStream(tmpPath, { flags: 'wx', fs: { ...fs, open } });
    return this.file;
  }
}

describe('the blob store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blob-store-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps no temporary file of an upload cut short while the file is still being opened', async () => {
    const store = new SlowDiskStore(dir);
    const source = new Readable({ read() {} });
    source.push('合同第一页');
    const receiving = store.receive(source);
    await store.openAsked;
    // What the multipart parser does to a file part whose body ends early.
    source.destroy(new Error('Unexpected end of form'));
    await expect(receiving).rejects.toThrow('Unexpected end of form');
    const openedBeforeRefusal = store.opened;
    // However late the open completes, it is over once the stream has closed: nothing may appear after that.
    if (!store.file!.closed) await new Promise((resolve) => store.file!.once('close', resolve));
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    expect(openedBeforeRefusal).toBe(true);
  });

  it('keeps the received file when the upload completes on the slow disk', async () => {
    const store = new SlowDiskStore(dir);
    const received = await store.receive(Readable.from([Buffer.from('合同'), Buffer.from('第一页')]));
    expect(received.size).toBe(Buffer.byteLength('合同第一页'));
    expect(readdirSync(join(dir, 'tmp'))).toEqual([received.tmpPath.slice(join(dir, 'tmp').length + 1)]);
    await store.discard(received.tmpPath);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });
});
