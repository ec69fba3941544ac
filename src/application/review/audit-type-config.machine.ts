// 审核类型配置's flow: load the review types and the roles and people a level may name; 编辑 opens one type;
// 保存 runs the domain's `checkAuditType` (the gateway runs it again) and saves under the version read. A save
// someone else overtook (160300409) closes the editor and loads the list again, so the user edits what is
// stored now; any other refusal keeps the editor open (the HTTP client has shown why).
import { assign, emit, fromPromise, setup } from 'xstate';
import { checkAuditType } from '../../domain/financing/review';
import { ResultCode } from '../../domain/gateway/result-codes';
import { GatewayError } from '../ports/gateway-error';
import type { Notifier } from '../ports/notifier.port';
import type { AuditTypeCandidates, AuditTypeChange, AuditTypeRow, ReviewGateway } from '../ports/review-gateway.port';
import type { ReviewType } from '../../domain/financing/stages';

export const AUDIT_TYPE_SAVED = '审核类型配置已保存，仅对此后提交的事项生效';

export interface AuditTypeConfigContext {
  types: AuditTypeRow[];
  candidates: AuditTypeCandidates;
  editing: ReviewType | null;
  /** The problems of the last 保存 that was not sent. */
  problems: string[];
}

export type AuditTypeConfigEvent =
  | { type: 'EDIT'; code: ReviewType }
  | { type: 'CANCEL' }
  | { type: 'SAVE'; change: AuditTypeChange }
  | { type: 'RELOAD' };

const isStale = (error: unknown) => error instanceof GatewayError && error.code === ResultCode.staleVersion;

export function createAuditTypeConfigMachine(ports: {
  review: Pick<ReviewGateway, 'auditTypes' | 'auditTypeCandidates' | 'saveAuditType'>;
  notifier: Notifier;
}) {
  return setup({
    types: {
      context: {} as AuditTypeConfigContext,
      events: {} as AuditTypeConfigEvent,
      emitted: {} as { type: 'saved'; row: AuditTypeRow },
    },
    actors: {
      load: fromPromise(async () => {
        const [types, candidates] = await Promise.all([ports.review.auditTypes(), ports.review.auditTypeCandidates()]);
        return { types, candidates };
      }),
      save: fromPromise(({ input }: { input: { code: ReviewType; change: AuditTypeChange } }) =>
        ports.review.saveAuditType(input.code, input.change),
      ),
    },
    guards: {
      valid: ({ event }) => event.type === 'SAVE' && checkAuditType(event.change).length === 0,
      stale: ({ event }) => isStale((event as { error?: unknown }).error),
    },
    actions: {
      notifySaved: () => ports.notifier.success(AUDIT_TYPE_SAVED),
    },
  }).createMachine({
    id: 'auditTypeConfig',
    context: { types: [], candidates: { roles: [], users: [] }, editing: null, problems: [] },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: {
            target: 'ready',
            actions: assign({
              types: ({ event }) => event.output.types,
              candidates: ({ event }) => event.output.candidates,
            }),
          },
          onError: 'failed',
        },
      },
      failed: { on: { RELOAD: 'loading' } },
      ready: {
        on: {
          RELOAD: { target: 'loading', actions: assign({ editing: null, problems: [] }) },
          EDIT: { actions: assign({ editing: ({ event }) => event.code, problems: [] }) },
          CANCEL: { actions: assign({ editing: null, problems: [] }) },
          SAVE: [
            { guard: 'valid', target: 'saving', actions: assign({ problems: [] }) },
            { actions: assign({ problems: ({ event }) => checkAuditType(event.change) }) },
          ],
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context, event }) => ({
            code: context.editing as ReviewType,
            change: (event as Extract<AuditTypeConfigEvent, { type: 'SAVE' }>).change,
          }),
          onDone: {
            target: 'ready',
            actions: [
              assign({
                types: ({ context, event }) =>
                  context.types.map((t) => (t.code === event.output.code ? event.output : t)),
                editing: null,
              }),
              'notifySaved',
              emit(({ event }) => ({ type: 'saved' as const, row: event.output })),
            ],
          },
          onError: [{ guard: 'stale', target: 'loading', actions: assign({ editing: null }) }, { target: 'ready' }],
        },
      },
    },
  });
}

export type AuditTypeConfigMachine = ReturnType<typeof createAuditTypeConfigMachine>;
