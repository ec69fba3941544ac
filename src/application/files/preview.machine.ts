// /preView/preViewMain: the file named by keyId is asked for a short-lived signed URL, then shown
// inline — a PDF in a frame, an image in the image viewer, an office document or a text converted to PDF by the
// file service (filegen/trans/file) in the same frame — or, for anything else, offered as a download.
// Without a keyId the flow waits in 'choosing', where the screen offers to upload files to preview.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { splitFileName } from '../../domain/upload/upload-rules';
import { contentCategoryOf } from '../../domain/upload/content-types';
import type { FileGateway, FilePreview } from '../ports/file-gateway.port';

export type PreviewKind = 'pdf' | 'image' | 'converted' | 'other';

/** Shown as the PDF the file service converts them to: office documents and plain text (never markup). */
const CONVERTED_CATEGORIES: readonly string[] = ['document', 'spreadsheet', 'presentation', 'text'];

/** How a file is shown, by its name's extension (the gateway has checked the bytes match it). */
export function previewKindOf(fileName: string): PreviewKind {
  const { extension } = splitFileName(fileName);
  if (extension === 'pdf') return 'pdf';
  const category = contentCategoryOf(extension);
  if (category === 'image') return extension === 'svg' ? 'other' : 'image';
  if (['html', 'htm', 'svg', 'xml'].includes(extension)) return 'other';
  return category && CONVERTED_CATEGORIES.includes(category) ? 'converted' : 'other';
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
      convert: fromPromise(({ input }: { input: string }) => ports.files.previewAsPdf(input)),
      download: fromPromise(({ input }: { input: string }) => ports.files.download(input)),
    },
    guards: {
      hasKey: ({ context }) => context.keyId !== '',
      converted: ({ context }) => context.kind === 'converted',
    },
    actions: {
      show: assign((_, preview: FilePreview) => ({
        url: preview.url,
        name: preview.name,
        kind: previewKindOf(preview.name),
        error: '',
      })),
      /** The converted PDF replaces the original's URL; the kind stays 'converted' (the frame shows it). */
      showConverted: assign((_, url: string) => ({ url })),
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
          onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
            },
          },
        },
      },
      shown: { always: [{ guard: 'converted', target: 'converting' }, { target: 'ready' }] },
      /** An office document or a text: the file service's PDF of it, shown in the frame. */
      converting: {
        invoke: {
          src: 'convert',
          input: ({ context }) => context.keyId,
          onDone: { target: 'ready', actions: { type: 'showConverted', params: ({ event }) => event.output } },
          onError: {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) =>
                `该文件暂无法在线预览：${event.error instanceof Error ? event.error.message : String(event.error)}，请下载后查看`,
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
