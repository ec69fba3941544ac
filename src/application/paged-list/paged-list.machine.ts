// One flow for every paged list with a query form: 查询 loads page 1 of the form's query, 重置 empties the
// form and loads again, paging keeps the last query. The form's draft lives in the screen; the machine
// keeps what was searched, so a page change never picks up half-typed values. A load that fails keeps the
// rows shown (the HTTP client has already said why). A sort chosen on a header goes to page 1 and rides in
// the page request as `sort=key,asc|desc` (DESIGN §2 paging); a list whose gateway does not sort ignores it.
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import type { Page, PageRequest } from '../../domain/paging/page';

export interface ListSort {
  key: string;
  direction: 'asc' | 'desc';
}

/** The page request with the sort on the wire's terms, when there is one. */
export type SortedPageRequest = PageRequest & { sort?: string };

export function sortParam(sort: ListSort | null): string | undefined {
  return sort ? `${sort.key},${sort.direction}` : undefined;
}

export interface PagedListContext<Q, T> {
  query: Q;
  sort: ListSort | null;
  current: number;
  size: number;
  records: T[];
  total: number;
}

export type PagedListEvent<Q> =
  | { type: 'SEARCH'; query: Q }
  | { type: 'RESET' }
  | { type: 'PAGE'; current: number; size: number }
  /** null returns to the list's own order. */
  | { type: 'SORT'; sort: ListSort | null }
  /** The same page again, e.g. after a write on one of its rows. */
  | { type: 'RELOAD' };

export type PagedListMachine<Q, T> = ReturnType<typeof createPagedListMachine<Q, T>>;

export function createPagedListMachine<Q, T>(
  load: (query: Q, page: SortedPageRequest) => Promise<Page<T>>,
  emptyQuery: Q,
) {
  return setup({
    types: { context: {} as PagedListContext<Q, T>, events: {} as PagedListEvent<Q> },
    actors: {
      load: fromPromise(({ input }: { input: { query: Q; page: SortedPageRequest } }) => load(input.query, input.page)),
    },
  }).createMachine({
    id: 'pagedList',
    context: { query: emptyQuery, sort: null, current: 1, size: DEFAULT_PAGE_SIZE, records: [], total: 0 },
    initial: 'loading',
    on: {
      SEARCH: { target: '.loading', actions: assign({ query: ({ event }) => event.query, current: 1 }) },
      RESET: { target: '.loading', actions: assign({ query: emptyQuery, current: 1 }) },
      PAGE: {
        target: '.loading',
        actions: assign({ current: ({ event }) => event.current, size: ({ event }) => event.size }),
      },
      SORT: { target: '.loading', actions: assign({ sort: ({ event }) => event.sort, current: 1 }) },
      RELOAD: { target: '.loading' },
    },
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => {
            const sort = sortParam(context.sort);
            return {
              query: context.query,
              page: { current: context.current, size: context.size, ...(sort ? { sort } : {}) },
            };
          },
          onDone: {
            target: 'idle',
            actions: assign({ records: ({ event }) => event.output.records, total: ({ event }) => event.output.total }),
          },
          onError: 'idle',
        },
      },
      idle: {},
    },
  });
}
