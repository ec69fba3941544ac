// The upload widget's flow: files picked or dropped are checked with the domain's upload rules
// (SPEC §5, exact messages as error toasts; a refused file is not listed), then each accepted file uploads
// on its own child actor with a progress percentage, and can be cancelled (the request is aborted) and
// retried. A finished item can be downloaded or removed.
//
// Context holds each item's picked file (a Blob) beside its serialisable fields: a retry must send the same
// bytes again, and the browser gives no other handle on them. Nothing of the context is persisted.
import { assign, fromCallback, setup, stopChild, type ActorRefFrom } from 'xstate';
import { checkUploadFile, type UploadRules } from '../../domain/upload/upload-rules';
import { RequestCancelledError } from '../ports/gateway-error';
import type { FileGateway, LocalFile, StoredFile, UploadTarget } from '../ports/file-gateway.port';
import type { Notifier } from '../ports/notifier.port';

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0–100. */
  percent: number;
  /** Why it failed. */
  error: string;
  stored: StoredFile | null;
  file: LocalFile | null;
}

export interface UploadInput {
  accept?: string;
  /** Bytes. */
  maxSize?: number;
  /** The most files the list may hold; unset: no limit. */
  limit?: number;
  target?: UploadTarget;
  /** Files already stored (an edit form). */
  initial?: readonly StoredFile[];
}

export interface UploadContext {
  rules: UploadRules;
  limit: number;
  target: UploadTarget | null;
  items: UploadItem[];
  nextId: number;
}

export type UploadEvent =
  | { type: 'ADD'; files: readonly LocalFile[] }
  | { type: 'CANCEL'; id: string }
  | { type: 'RETRY'; id: string }
  | { type: 'REMOVE'; id: string }
  | { type: 'DOWNLOAD'; id: string }
  | { type: 'PROGRESS'; id: string; percent: number }
  | { type: 'UPLOADED'; id: string; stored: StoredFile }
  | { type: 'FAILED'; id: string; message: string };

export const UPLOAD_LIMIT_MESSAGE = (limit: number) => `最多只能上传${limit}个文件`;

const childId = (id: string) => `upload-${id}`;

interface UploadJob {
  id: string;
  file: LocalFile;
  accept: string | undefined;
  target: UploadTarget | null;
}

export function createUploadMachine(ports: { files: FileGateway; notifier: Notifier }) {
  const uploadFile = fromCallback<UploadEvent, UploadJob>(({ input, sendBack }) => {
    const controller = new AbortController();
    ports.files
      .upload(input.file, {
        ...(input.accept ? { accept: input.accept } : {}),
        ...(input.target ? { target: input.target } : {}),
        signal: controller.signal,
        onProgress: (percent) => sendBack({ type: 'PROGRESS', id: input.id, percent }),
      })
      .then(
        (stored) => sendBack({ type: 'UPLOADED', id: input.id, stored }),
        (error: unknown) => {
          if (error instanceof RequestCancelledError || controller.signal.aborted) return;
          sendBack({ type: 'FAILED', id: input.id, message: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => controller.abort();
  });

  const update = (items: UploadItem[], id: string, change: Partial<UploadItem>) =>
    items.map((i) => (i.id === id ? { ...i, ...change } : i));

  return setup({
    types: { context: {} as UploadContext, events: {} as UploadEvent, input: {} as UploadInput },
    actors: {
      uploadFile,
    },
    guards: {
      retryable: ({ context }, id: string) =>
        context.items.some((i) => i.id === id && (i.status === 'failed' || i.status === 'cancelled')),
      uploading: ({ context }, id: string) => context.items.some((i) => i.id === id && i.status === 'uploading'),
      downloadable: ({ context }, id: string) => context.items.some((i) => i.id === id && i.stored !== null),
      listed: ({ context }, id: string) => context.items.some((i) => i.id === id),
    },
    actions: {
      add: assign(({ context, spawn }, files: readonly LocalFile[]) => {
        const items = [...context.items];
        let nextId = context.nextId;
        for (const file of files) {
          const refusal =
            checkUploadFile({ name: file.name, size: file.size }, context.rules) ??
            (items.length >= context.limit ? UPLOAD_LIMIT_MESSAGE(context.limit) : null);
          if (refusal) {
            ports.notifier.error(refusal);
            continue;
          }
          const id = String(nextId++);
          items.push({
            id,
            name: file.name,
            size: file.size,
            status: 'uploading',
            percent: 0,
            error: '',
            stored: null,
            file,
          });
          spawn('uploadFile', {
            id: childId(id),
            input: { id, file, accept: acceptOf(context.rules), target: context.target },
          });
        }
        return { items, nextId };
      }),
      retry: assign(({ context, spawn }, id: string) => {
        const item = context.items.find((i) => i.id === id)!;
        spawn('uploadFile', {
          id: childId(id),
          input: { id, file: item.file!, accept: acceptOf(context.rules), target: context.target },
        });
        return { items: update(context.items, id, { status: 'uploading', percent: 0, error: '' }) };
      }),
      stop: stopChild(({ event }) => childId((event as { id: string }).id)),
      markCancelled: assign(({ context }, id: string) => ({
        items: update(context.items, id, { status: 'cancelled' }),
      })),
      remove: assign(({ context }, id: string) => ({ items: context.items.filter((i) => i.id !== id) })),
      progress: assign(({ context }, p: { id: string; percent: number }) => ({
        items: update(context.items, p.id, { percent: p.percent }),
      })),
      done: assign(({ context }, p: { id: string; stored: StoredFile }) => ({
        items: update(context.items, p.id, {
          status: 'done',
          percent: 100,
          stored: p.stored,
          file: context.items.find((i) => i.id === p.id)?.file ?? null,
        }),
      })),
      fail: assign(({ context }, p: { id: string; message: string }) => ({
        items: update(context.items, p.id, { status: 'failed', error: p.message }),
      })),
      download: ({ context }, id: string) => {
        const keyId = context.items.find((i) => i.id === id)?.stored?.keyId;
        // The HTTP client shows a refusal; nothing else to do with the outcome.
        if (keyId) ports.files.download(keyId).catch(() => undefined);
      },
    },
  }).createMachine({
    id: 'upload',
    context: ({ input }) => ({
      rules: {
        ...(input.accept ? { accept: input.accept } : {}),
        ...(input.maxSize !== undefined ? { maxSize: input.maxSize } : {}),
      },
      limit: input.limit ?? Number.POSITIVE_INFINITY,
      target: input.target ?? null,
      items: (input.initial ?? []).map((stored, n) => ({
        id: `initial-${n}`,
        name: stored.name,
        size: stored.size,
        status: 'done',
        percent: 100,
        error: '',
        stored,
        file: null,
      })),
      nextId: 1,
    }),
    on: {
      ADD: { actions: { type: 'add', params: ({ event }) => event.files } },
      PROGRESS: {
        guard: { type: 'uploading', params: ({ event }) => event.id },
        actions: { type: 'progress', params: ({ event }) => event },
      },
      UPLOADED: {
        guard: { type: 'uploading', params: ({ event }) => event.id },
        actions: { type: 'done', params: ({ event }) => event },
      },
      FAILED: {
        guard: { type: 'uploading', params: ({ event }) => event.id },
        actions: { type: 'fail', params: ({ event }) => event },
      },
      CANCEL: {
        guard: { type: 'uploading', params: ({ event }) => event.id },
        actions: ['stop', { type: 'markCancelled', params: ({ event }) => event.id }],
      },
      RETRY: {
        guard: { type: 'retryable', params: ({ event }) => event.id },
        actions: { type: 'retry', params: ({ event }) => event.id },
      },
      REMOVE: {
        guard: { type: 'listed', params: ({ event }) => event.id },
        actions: ['stop', { type: 'remove', params: ({ event }) => event.id }],
      },
      DOWNLOAD: {
        guard: { type: 'downloadable', params: ({ event }) => event.id },
        actions: { type: 'download', params: ({ event }) => event.id },
      },
    },
  });
}

function acceptOf(rules: UploadRules): string | undefined {
  return typeof rules.accept === 'string' ? rules.accept : rules.accept?.join(',');
}

export type UploadMachine = ReturnType<typeof createUploadMachine>;
export type UploadActor = ActorRefFrom<UploadMachine>;

/** The stored files of the finished items, in list order. */
export function uploadedFiles(items: readonly UploadItem[]): StoredFile[] {
  return items.flatMap((i) => (i.stored ? [i.stored] : []));
}
