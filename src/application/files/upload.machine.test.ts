import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { UploadMessage } from '../../domain/upload/upload-rules';
import type { FileGateway, LocalFile, StoredFile, UploadOptions } from '../ports/file-gateway.port';
import { GatewayError, RequestCancelledError } from '../ports/gateway-error';
import { createUploadMachine, UPLOAD_LIMIT_MESSAGE, uploadedFiles } from './upload.machine';

const file = (name: string, content = 'data'): LocalFile => Object.assign(new Blob([content]), { name });
const stored = (name: string, keyId = `k-${name}`): StoredFile => ({
  keyId,
  name,
  size: 4,
  contentType: 'text/plain',
  extension: 'txt',
});

/** An upload the test finishes by hand: progress, resolve, reject; aborting rejects as a cancellation. */
function controllableUpload() {
  const calls: Array<{
    file: LocalFile;
    options: UploadOptions;
    resolve: (s: StoredFile) => void;
    reject: (e: unknown) => void;
  }> = [];
  const upload = vi.fn(
    (f: LocalFile, options: UploadOptions = {}) =>
      new Promise<StoredFile>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new RequestCancelledError()));
        calls.push({ file: f, options, resolve, reject });
      }),
  );
  return { upload, calls };
}

function start(input = {}, upload = controllableUpload()) {
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  const files = { upload: upload.upload, download: vi.fn(async () => 'x.txt') } as unknown as FileGateway;
  const actor = createActor(createUploadMachine({ files, notifier }), { input }).start();
  return { actor, notifier, files, ...upload };
}

const items = (actor: { getSnapshot(): { context: { items: unknown[] } } }) =>
  actor.getSnapshot().context.items as Array<{ id: string; status: string; percent: number; error: string }>;

describe('upload machine', () => {
  it('uploads each accepted file with progress and lists what was stored', async () => {
    const { actor, calls } = start({ accept: 'txt,pdf', target: { subSys: 'business', module: 'contract' } });
    actor.send({ type: 'ADD', files: [file('合同.txt'), file('发票.pdf')] });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.options).toMatchObject({ accept: 'txt,pdf', target: { subSys: 'business', module: 'contract' } });
    calls[0]!.options.onProgress!(40);
    expect(items(actor)[0]).toMatchObject({ status: 'uploading', percent: 40 });
    calls[0]!.resolve(stored('合同.txt'));
    calls[1]!.resolve(stored('发票.pdf'));
    await waitFor(actor, (s) => s.context.items.every((i) => i.status === 'done'));
    expect(uploadedFiles(actor.getSnapshot().context.items).map((f) => f.name)).toEqual(['合同.txt', '发票.pdf']);
  });

  it('refuses files by the domain rules with the exact messages and lists none of them', () => {
    const { actor, notifier, calls } = start({ accept: 'pdf', maxSize: 1024, limit: 1 });
    actor.send({
      type: 'ADD',
      files: [file('a.exe'), file('空.pdf', ''), file('大.pdf', 'x'.repeat(2000)), file('ok.pdf'), file('two.pdf')],
    });
    expect(notifier.error.mock.calls.map((c) => c[0])).toEqual([
      UploadMessage.format('.pdf'),
      UploadMessage.empty,
      UploadMessage.size('1KB'),
      UPLOAD_LIMIT_MESSAGE(1),
    ]);
    expect(calls).toHaveLength(1);
    expect(items(actor).map((i) => i.status)).toEqual(['uploading']);
  });

  it('cancels an upload by aborting its request, then retries it with the same bytes', async () => {
    const { actor, calls, notifier } = start();
    const picked = file('报告.txt');
    actor.send({ type: 'ADD', files: [picked] });
    const id = items(actor)[0]!.id;
    actor.send({ type: 'CANCEL', id });
    expect(calls[0]!.options.signal!.aborted).toBe(true);
    expect(items(actor)[0]!.status).toBe('cancelled');
    actor.send({ type: 'RETRY', id });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file).toBe(picked);
    calls[1]!.resolve(stored('报告.txt'));
    await waitFor(actor, (s) => s.context.items[0]!.status === 'done');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('marks a refused upload failed with the reason, and retries it', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'ADD', files: [file('伪造.pdf')] });
    calls[0]!.reject(new GatewayError(160300400, '文件内容与扩展名不符，请上传真实的文件'));
    await waitFor(actor, (s) => s.context.items[0]!.status === 'failed');
    expect(items(actor)[0]!.error).toBe('文件内容与扩展名不符，请上传真实的文件');
    actor.send({ type: 'RETRY', id: items(actor)[0]!.id });
    expect(items(actor)[0]).toMatchObject({ status: 'uploading', percent: 0, error: '' });
  });

  it('cannot retry a finished upload nor cancel one that is not running, and downloads only stored files', async () => {
    const { actor, calls, files } = start({ initial: [stored('旧.txt', 'old')] });
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'RETRY', id: 'initial-0' })).toBe(false);
    expect(snapshot.can({ type: 'CANCEL', id: 'initial-0' })).toBe(false);
    actor.send({ type: 'DOWNLOAD', id: 'initial-0' });
    expect(files.download).toHaveBeenCalledWith('old');
    actor.send({ type: 'ADD', files: [file('新.txt')] });
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD', id: items(actor)[1]!.id })).toBe(false);
    actor.send({ type: 'REMOVE', id: items(actor)[1]!.id });
    expect(calls[0]!.options.signal!.aborted).toBe(true);
    expect(items(actor).map((i) => i.id)).toEqual(['initial-0']);
  });
});
