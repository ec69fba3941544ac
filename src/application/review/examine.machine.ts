// The review page's flow (/business/examine?type=&id=): load the business, its progress, its timeline and the
// actions the gateway offers; 通过 / 退回 / 不通过 post the business transition with the version read. Only an
// offered action can be sent (the gateway's `actions`, computed from the lifecycle table). Done, the flow
// emits `acted` (the screen goes back to the list with a toast); a version someone overtook loads the page
// again; any other refusal keeps the page as it is (the HTTP client has shown why).
import { assign, emit, fromPromise, setup } from 'xstate';
import { ResultCode } from '../../domain/gateway/result-codes';
import { GatewayError } from '../ports/gateway-error';
import type { ExamineDetail, ReviewGateway } from '../ports/review-gateway.port';

export type ExamineEvent = { type: 'ACT'; action: string; comment: string } | { type: 'RELOAD' };

const isStale = (error: unknown) => error instanceof GatewayError && error.code === ResultCode.staleVersion;

export function createExamineMachine(review: Pick<ReviewGateway, 'examineDetail' | 'transition'>) {
  return setup({
    types: {
      context: {} as { id: string; type: string; detail: ExamineDetail | null },
      events: {} as ExamineEvent,
      input: {} as { id: string; type: string },
      emitted: {} as { type: 'acted'; action: string },
    },
    actors: {
      load: fromPromise(({ input }: { input: { id: string; type: string } }) =>
        review.examineDetail(input.id, input.type),
      ),
      act: fromPromise(({ input }: { input: { id: string; action: string; version: number; comment: string } }) =>
        review.transition(input.id, { action: input.action, version: input.version, comment: input.comment }),
      ),
    },
    guards: {
      offered: ({ context, event }) => event.type === 'ACT' && !!context.detail?.actions.includes(event.action),
      stale: ({ event }) => isStale((event as { error?: unknown }).error),
    },
  }).createMachine({
    id: 'examine',
    context: ({ input }) => ({ id: input.id, type: input.type, detail: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ id: context.id, type: context.type }),
          onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
          onError: 'failed',
        },
      },
      failed: { on: { RELOAD: 'loading' } },
      ready: {
        on: {
          RELOAD: 'loading',
          ACT: { guard: 'offered', target: 'acting' },
        },
      },
      acting: {
        invoke: {
          src: 'act',
          input: ({ context, event }) => {
            const act = event as Extract<ExamineEvent, { type: 'ACT' }>;
            return {
              id: context.id,
              action: act.action,
              version: context.detail?.version ?? 0,
              comment: act.comment,
            };
          },
          onDone: {
            target: 'done',
            actions: emit(({ event }) => ({ type: 'acted' as const, action: String(event.output ?? '') })),
          },
          onError: [{ guard: 'stale', target: 'loading' }, { target: 'ready' }],
        },
      },
      done: { type: 'final' },
    },
  });
}

export type ExamineMachine = ReturnType<typeof createExamineMachine>;
