// Binds a paged-list flow to a PagedTable: `<PagedTable … {...table} />`, `searching={table.loading}`.
// With a table id it also hands the table its sort, 刷新, and where this user's column settings are kept
// (per user and table, so two people sharing a browser keep their own).
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PagedListMachine } from '../../../application/paged-list/paged-list.machine';
import { useServices } from '../../app/services';
import type { TableSort } from '../../kit/dialogs/paged-table';
import { tableSettingsKey } from '../../kit/table/table-settings';

export function usePagedList<Q, T>(list: ActorRefFrom<PagedListMachine<Q, T>>, tableId?: string) {
  const { session } = useServices();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? '');
  const rows = useSelector(list, (s) => s.context.records);
  const total = useSelector(list, (s) => s.context.total);
  const page = useSelector(list, (s) => s.context.current);
  const pageSize = useSelector(list, (s) => s.context.size);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const sort = useSelector(list, (s) => s.context.sort);
  return {
    rows,
    total,
    page,
    pageSize,
    loading,
    onPageChange: (current: number, size: number) => list.send({ type: 'PAGE', current, size }),
    sort,
    onSortChange: (next: TableSort | null) => list.send({ type: 'SORT', sort: next }),
    onRefresh: () => list.send({ type: 'RELOAD' }),
    ...(tableId && userId ? { settingsKey: tableSettingsKey(userId, tableId) } : {}),
  };
}

/**
 * Reads the list again when its kept-alive tag is shown again (Activity re-creates effects then): coming back
 * from the page where its records are made or moved, what changed there is in it. Never while `when` is false.
 */
export function useReadAgainWhenShown(list: { send(event: { type: 'RELOAD' }): void }, when = true) {
  const shownBefore = useRef(false);
  useEffect(() => {
    if (shownBefore.current && when) list.send({ type: 'RELOAD' });
    shownBefore.current = true;
  }, [list, when]);
}
