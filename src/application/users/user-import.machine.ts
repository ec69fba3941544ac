// 导入用户: download the template, choose a filled .xlsx (checked by the shared upload rules before it is
// sent), import it and show the report — the rows refused with their messages, and the accounts made with
// their passwords, shown this once.
import { assign, fromPromise, setup } from 'xstate';
import type { UserImportReport } from '../../domain/user/user';
import type { Notifier } from '../ports/notifier.port';
import type { UserGateway } from '../ports/user-gateway.port';

export const IMPORT_EXTENSION_MESSAGE = '文件格式不正确，只能上传格式为【xlsx】的文件';
export const IMPORT_EMPTY_MESSAGE = '不能上传空文件，请重新上传';
export const IMPORT_NO_FILE_MESSAGE = '请选择要导入的文件';

type ImportFile = Blob & { readonly name: string };

export interface UserImportContext {
  /** The chosen file's name; the file itself stays out of context (not serialisable). */
  fileName: string | null;
  report: UserImportReport | null;
}

export type UserImportEvent =
  | { type: 'CHOOSE'; file: ImportFile }
  | { type: 'IMPORT' }
  | { type: 'TEMPLATE' }
  | { type: 'AGAIN' };

export function createUserImportMachine(deps: { gateway: UserGateway; notifier: Notifier; onImported: () => void }) {
  let chosen: ImportFile | null = null;
  return setup({
    types: { context: {} as UserImportContext, events: {} as UserImportEvent },
    actors: {
      upload: fromPromise(() => deps.gateway.importUsers(chosen!)),
      template: fromPromise(() => deps.gateway.downloadImportTemplate()),
    },
    guards: {
      acceptable: ({ event }) => {
        if (event.type !== 'CHOOSE') return false;
        if (!/\.xlsx$/i.test(event.file.name)) return false;
        return event.file.size > 0;
      },
      hasFile: ({ context }) => context.fileName !== null,
    },
    actions: {
      refuse: ({ event }) => {
        if (event.type !== 'CHOOSE') return;
        deps.notifier.error(/\.xlsx$/i.test(event.file.name) ? IMPORT_EMPTY_MESSAGE : IMPORT_EXTENSION_MESSAGE);
      },
      keep: assign(({ event }) => {
        if (event.type !== 'CHOOSE') return {};
        chosen = event.file;
        return { fileName: event.file.name };
      }),
      noFile: () => deps.notifier.warning(IMPORT_NO_FILE_MESSAGE),
    },
  }).createMachine({
    id: 'userImport',
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
      reported: {
        on: { AGAIN: { target: 'choosing', actions: assign({ fileName: null, report: null }) } },
      },
    },
  });
}

export type UserImportMachine = ReturnType<typeof createUserImportMachine>;
