// 业务详情's 附件: the business's files are read once (again on 重试), and 下载全部附件 prepares one zip at a time —
// the button waits while it is made, a second press does nothing, and a refusal (the gateway's message, shown
// by the HTTP client) leaves the tab as it was.
import { assign, fromPromise, setup } from 'xstate';
import type { BusinessAttachment } from '../../domain/financing/attachments';
import type { BusinessGateway } from '../ports/business-gateway.port';

export interface AttachmentsContext {
  businessId: string;
  files: BusinessAttachment[];
}

export type AttachmentsEvent = { type: 'RETRY' } | { type: 'ZIP' };

export function createAttachmentsMachine(ports: {
  business: Pick<BusinessGateway, 'attachments' | 'downloadAttachments'>;
}) {
  return setup({
    types: {
      context: {} as AttachmentsContext,
      events: {} as AttachmentsEvent,
      input: {} as { businessId: string },
    },
    actors: {
      load: fromPromise(({ input }: { input: string }) => ports.business.attachments(input)),
      zip: fromPromise(({ input }: { input: string }) => ports.business.downloadAttachments(input)),
    },
    guards: { hasFiles: ({ context }) => context.files.some((f) => !f.missing) },
  }).createMachine({
    id: 'attachments',
    context: ({ input }) => ({ businessId: input.businessId, files: [] }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => context.businessId,
          onDone: { target: 'ready', actions: assign({ files: ({ event }) => event.output }) },
          onError: 'failed',
        },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: { on: { ZIP: { guard: 'hasFiles', target: 'zipping' } } },
          zipping: {
            invoke: { src: 'zip', input: ({ context }) => context.businessId, onDone: 'idle', onError: 'idle' },
          },
        },
      },
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
