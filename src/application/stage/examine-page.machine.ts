// A stage's examine page as one flow (业务审核 and every stage's own review page): load the business read-only
// with its review levels, its timeline and the actions the gateway offers the reviewer now (the lifecycle
// table's answer); type the opinion; 通过 / 退回 / 不通过 / 否决 post the business transition with the version
// read. The table's comment rule is checked before anything is sent and its words stay under the box. One
// action, one message: the flow itself says `<label>成功` once, when the move is made, and nothing on a
// refusal (the HTTP client has said why). A version someone overtook loads the page again.
import { assign, emit, fromPromise, setup } from 'xstate';
import { LIFECYCLE, transitionOf } from '../../domain/financing/lifecycle';
import { ResultCode } from '../../domain/gateway/result-codes';
import { checkTransitionComment } from '../../domain/workflow/workflow';
import { GatewayError } from '../ports/gateway-error';
import type { Notifier } from '../ports/notifier.port';
import type { ExamineDetail } from '../ports/review-gateway.port';
import type { StageMove } from '../ports/stage-gateway.port';

export interface ExamineDeps {
  load(id: string, type: string): Promise<ExamineDetail>;
  move(id: string, move: StageMove): Promise<void>;
  notifier: Notifier;
}

export interface ExamineContext {
  id: string;
  type: string;
  detail: ExamineDetail | null;
  comment: string;
  /** The comment rule's refusal, under the opinion box. */
  problem: string | null;
  /** The action taken, once the move is made. */
  acted: string | null;
  /** The action's own fields it carries (a pre-credit's 批复额度 on 通过), or null. */
  values: Record<string, string | number | null> | null;
}

export type ExamineEvent =
  | { type: 'COMMENT'; value: string }
  /** An offered action; the screen asks first for one that ends the business. */
  | { type: 'ACT'; action: string; values?: Record<string, string | number | null> }
  | { type: 'RELOAD' };

const isStale = (error: unknown) => error instanceof GatewayError && error.code === ResultCode.staleVersion;

/** The action's refusal of this comment under the table's own rule, or null. */
export const examineCommentProblem = (detail: ExamineDetail, action: string, comment: string): string | null => {
  const t = transitionOf(detail.state, action);
  return t ? checkTransitionComment(LIFECYCLE, t, comment) : null;
};

export const actedMessage = (state: string, action: string): string =>
  `${transitionOf(state, action)?.label ?? action}成功`;

export function createExaminePageMachine(deps: ExamineDeps) {
  return setup({
    types: {
      context: {} as ExamineContext,
      events: {} as ExamineEvent,
      input: {} as { id: string; type: string },
      emitted: {} as { type: 'acted'; action: string },
    },
    actors: {
      load: fromPromise(({ input }: { input: { id: string; type: string } }) => deps.load(input.id, input.type)),
      move: fromPromise(({ input }: { input: { id: string; move: StageMove } }) => deps.move(input.id, input.move)),
    },
    guards: {
      offered: ({ context, event }) => event.type === 'ACT' && !!context.detail?.actions.includes(event.action),
      commentRefused: ({ context, event }) =>
        event.type === 'ACT' &&
        !!context.detail &&
        !!examineCommentProblem(context.detail, event.action, context.comment),
      stale: ({ event }) => isStale((event as { error?: unknown }).error),
    },
  }).createMachine({
    id: 'examinePage',
    context: ({ input }) => ({
      id: input.id,
      type: input.type,
      detail: null,
      comment: '',
      problem: null,
      acted: null,
      values: null,
    }),
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
          COMMENT: { actions: assign({ comment: ({ event }) => event.value, problem: null }) },
          ACT: [
            {
              guard: 'commentRefused',
              actions: assign({
                problem: ({ context, event }) =>
                  context.detail ? examineCommentProblem(context.detail, event.action, context.comment) : null,
              }),
            },
            {
              guard: 'offered',
              target: 'acting',
              actions: assign({
                acted: ({ event }) => event.action,
                values: ({ event }) => (event.type === 'ACT' ? (event.values ?? null) : null),
                problem: null,
              }),
            },
          ],
        },
      },
      acting: {
        invoke: {
          src: 'move',
          input: ({ context }) => ({
            id: context.id,
            move: {
              action: context.acted ?? '',
              version: context.detail?.version ?? 0,
              comment: context.comment,
              ...(context.values ? { values: context.values } : {}),
            },
          }),
          onDone: {
            target: 'done',
            actions: [
              ({ context }) => deps.notifier.success(actedMessage(context.detail?.state ?? '', context.acted ?? '')),
              emit(({ context }) => ({ type: 'acted' as const, action: context.acted ?? '' })),
            ],
          },
          onError: [
            { guard: 'stale', target: 'loading', actions: assign({ acted: null }) },
            { target: 'ready', actions: assign({ acted: null }) },
          ],
        },
      },
      done: { type: 'final' },
    },
  });
}

export type ExaminePageMachine = ReturnType<typeof createExaminePageMachine>;
