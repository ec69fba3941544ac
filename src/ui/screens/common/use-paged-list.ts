// Binds a paged-list flow to a PagedTable: `<PagedTable … {...table} />`, `searching={table.loading}`.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PagedListMachine } from '../../../application/paged-list/paged-list.machine';

export function usePagedList<Q, T>(list: ActorRefFrom<PagedListMachine<Q, T>>) {
  const rows = useSelector(list, (s) => s.context.records);
  const total = useSelector(list, (s) => s.context.total);
  const page = useSelector(list, (s) => s.context.current);
  const pageSize = useSelector(list, (s) => s.context.size);
  const loading = useSelector(list, (s) => s.matches('loading'));
  return {
    rows,
    total,
    page,
    pageSize,
    loading,
    onPageChange: (current: number, size: number) => list.send({ type: 'PAGE', current, size }),
  };
}
