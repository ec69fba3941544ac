// The count on 我的待办 (BUSINESS.md §4 workbench): one quiet call once the shell's first screen shows and
// again after the user acts on an item — never a poll. A call that fails keeps the last count; one cancelled
// by a navigation (SPEC §2.3 cancels pending requests on each) is asked again, twice at most. The same answer
// carries each tab's count, which 我的待办 shows on its tabs.
import { assign, fromPromise, setup } from 'xstate';
import { RequestCancelledError } from '../ports/gateway-error';
import type { TodoCount } from '../ports/review-gateway.port';

const NO_TABS: TodoCount['tabs'] = { REVIEW: 0, MAKE: 0, VOTE: 0, DUE: 0 };

const MAX_RETRIES = 2;

export type TodoCountEvent = { type: 'REFRESH' } | { type: 'CLEAR' };

export function createTodoCountMachine(load: () => Promise<TodoCount>) {
  return setup({
    types: {
      context: {} as { count: number; tabs: TodoCount['tabs']; loaded: boolean; retries: number },
      events: {} as TodoCountEvent,
    },
    actors: { load: fromPromise(() => load()) },
    guards: {
      cancelled: ({ context, event }) =>
        (event as { error?: unknown }).error instanceof RequestCancelledError && context.retries < MAX_RETRIES,
    },
  }).createMachine({
    id: 'todoCount',
    context: { count: 0, tabs: NO_TABS, loaded: false, retries: 0 },
    initial: 'idle',
    on: { CLEAR: { target: '.idle', actions: assign({ count: 0, tabs: NO_TABS, loaded: false }) } },
    states: {
      idle: { on: { REFRESH: { target: 'loading', actions: assign({ retries: 0 }) } } },
      loading: {
        on: { REFRESH: { target: 'loading', reenter: true, actions: assign({ retries: 0 }) } },
        invoke: {
          src: 'load',
          onDone: {
            target: 'idle',
            actions: assign({
              count: ({ event }) => event.output.count,
              tabs: ({ event }) => event.output.tabs,
              loaded: true,
            }),
          },
          onError: [
            {
              guard: 'cancelled',
              target: 'loading',
              reenter: true,
              actions: assign({ retries: ({ context }) => context.retries + 1 }),
            },
            { target: 'idle' },
          ],
        },
      },
    },
  });
}

export type TodoCountMachine = ReturnType<typeof createTodoCountMachine>;
