// /preView/preViewMain: the file named by keyId is asked for a short-lived signed URL, then shown
// inline — a PDF in a frame, an image in the image viewer — or, for anything else, offered as a download.
// Without a keyId the flow waits in 'choosing', where the screen offers to upload files to preview.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { splitFileName } from '../../domain/upload/upload-rules';
import { contentCategoryOf } from '../../domain/upload/content-types';
import type { FileGateway, FilePreview } from '../ports/file-gateway.port';

export type PreviewKind = 'pdf' | 'image' | 'other';

/** How a file is shown, by its name's extension (the gateway has checked the bytes match it). */
export function previewKindOf(fileName: string): PreviewKind {
  const { extension } = splitFileName(fileName);
  if (extension === 'pdf') return 'pdf';
  return contentCategoryOf(extension) === 'image' && extension !== 'svg' ? 'image' : 'other';
}

export const PREVIEW_MISSING_KEY = '缺少文件参数 keyId';

export interface PreviewContext {
  keyId: string;
  url: string;
  name: string;
  kind: PreviewKind;
  error: string;
}

export type PreviewEvent = { type: 'RETRY' } | { type: 'DOWNLOAD' };

export function createPreviewMachine(ports: { files: FileGateway }) {
  return setup({
    types: { context: {} as PreviewContext, events: {} as PreviewEvent, input: {} as { keyId: string | null } },
    actors: {
      load: fromPromise(({ input }: { input: string }) => ports.files.preview(input)),
      download: fromPromise(({ input }: { input: string }) => ports.files.download(input)),
    },
    guards: {
      hasKey: ({ context }) => context.keyId !== '',
    },
    actions: {
      show: assign((_, preview: FilePreview) => ({
        url: preview.url,
        name: preview.name,
        kind: previewKindOf(preview.name),
        error: '',
      })),
      fail: assign((_, message: string) => ({ error: message })),
    },
  }).createMachine({
    id: 'preview',
    context: ({ input }) => ({ keyId: input.keyId?.trim() ?? '', url: '', name: '', kind: 'other', error: '' }),
    initial: 'checking',
    states: {
      checking: {
        always: [
          { guard: 'hasKey', target: 'loading' },
          { target: 'choosing', actions: { type: 'fail', params: PREVIEW_MISSING_KEY } },
        ],
      },
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => context.keyId,
          onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
            },
          },
        },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: { on: { DOWNLOAD: 'downloading' } },
          downloading: {
            invoke: { src: 'download', input: ({ context }) => context.keyId, onDone: 'idle', onError: 'idle' },
          },
        },
      },
      failed: {
        on: { RETRY: 'loading' },
      },
      /** No keyId: the screen offers to upload a file to preview. */
      choosing: {},
    },
  });
}

export type PreviewMachine = ReturnType<typeof createPreviewMachine>;
export type PreviewActor = ActorRefFrom<PreviewMachine>;
