// A detail page's reading: load once, show what came, or say it failed (the HTTP client has said why).
import { assign, fromPromise, setup } from 'xstate';

export function createDetailLoadMachine<T>(load: () => Promise<T>) {
  return setup({
    types: { context: {} as { data: T | null } },
    actors: { load: fromPromise(() => load()) },
  }).createMachine({
    id: 'detailLoad',
    context: { data: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output as T }) },
          onError: 'failed',
        },
      },
      ready: {},
      failed: {},
    },
  });
}
