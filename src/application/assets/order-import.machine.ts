// 导入付款单: download the template, choose a filled .xlsx, import it and show the per-row report — the rows
// refused with their row numbers and messages, and the orders made (as 导入用户 does, BUSINESS.md §5 item 10).
import { assign, fromPromise, setup } from 'xstate';
import type { AssetsGateway, OrderImportReport } from '../ports/assets-gateway.port';
import type { Notifier } from '../ports/notifier.port';
import { IMPORT_EMPTY_MESSAGE, IMPORT_EXTENSION_MESSAGE, IMPORT_NO_FILE_MESSAGE } from '../users/user-import.machine';

type ImportFile = Blob & { readonly name: string };

export interface OrderImportContext {
  fileName: string | null;
  report: OrderImportReport | null;
}

export type OrderImportEvent =
  | { type: 'CHOOSE'; file: ImportFile }
  | { type: 'IMPORT' }
  | { type: 'TEMPLATE' }
  | { type: 'AGAIN' };

export function createOrderImportMachine(deps: { gateway: AssetsGateway; notifier: Notifier; onImported: () => void }) {
  let chosen: ImportFile | null = null;
  const isXlsx = (name: string) => /\.xlsx$/i.test(name);
  return setup({
    types: { context: {} as OrderImportContext, events: {} as OrderImportEvent },
    actors: {
      upload: fromPromise(() => deps.gateway.importOrders(chosen!)),
      template: fromPromise(() => deps.gateway.downloadOrderTemplate()),
    },
    guards: {
      acceptable: ({ event }) => event.type === 'CHOOSE' && isXlsx(event.file.name) && event.file.size > 0,
      hasFile: ({ context }) => context.fileName !== null,
    },
    actions: {
      refuse: ({ event }) => {
        if (event.type !== 'CHOOSE') return;
        deps.notifier.error(isXlsx(event.file.name) ? IMPORT_EMPTY_MESSAGE : IMPORT_EXTENSION_MESSAGE);
      },
      keep: assign(({ event }) => {
        if (event.type !== 'CHOOSE') return {};
        chosen = event.file;
        return { fileName: event.file.name };
      }),
      noFile: () => deps.notifier.warning(IMPORT_NO_FILE_MESSAGE),
    },
  }).createMachine({
    id: 'orderImport',
    context: { fileName: null, report: null },
    initial: 'choosing',
    states: {
      choosing: {
        on: {
          CHOOSE: [{ guard: 'acceptable', actions: 'keep' }, { actions: 'refuse' }],
          IMPORT: [{ guard: 'hasFile', target: 'importing' }, { actions: 'noFile' }],
          TEMPLATE: 'downloadingTemplate',
        },
      },
      downloadingTemplate: { invoke: { src: 'template', onDone: 'choosing', onError: 'choosing' } },
      importing: {
        invoke: {
          src: 'upload',
          onDone: {
            target: 'reported',
            actions: [assign({ report: ({ event }) => event.output }), () => deps.onImported()],
          },
          onError: 'choosing',
        },
      },
      reported: { on: { AGAIN: { target: 'choosing', actions: assign({ fileName: null, report: null }) } } },
    },
  });
}
