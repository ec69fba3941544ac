import { Text } from '@fluentui/react-components';
// 我的已办 (/workbench/technological/done, BUSINESS.md §4): what the signed-in user did on businesses, newest
// first, from the businesses' timelines and their votes on the meetings that heard them.
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { DoneItem } from '../../../application/ports/review-gateway.port';
import { doneItemLabel } from '../../../domain/financing/review-queue';
import { formatDateTime } from '../../../domain/format/date-format';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { useListScreenStyles } from '../common/list-screen-styles';
import { usePagedList } from '../common/use-paged-list';

const columns: PagedTableColumn<DoneItem>[] = [
  { key: 'item', title: '事项', width: 180, render: (r) => doneItemLabel(r.stage, r.level, r.action) },
  { key: 'stateLabel', title: '操作后状态', width: 140 },
  { key: 'businessNo', title: '业务', width: 170 },
  { key: 'actionLabel', title: '我的操作', width: 110 },
  { key: 'comment', title: '意见', minWidth: 200 },
  { key: 'at', title: '时间', width: 170, render: (r) => formatDateTime(r.at) },
];

export function DoneScreen() {
  const styles = useListScreenStyles();
  const { review } = useServices();
  const [machine] = useState(() => createPagedListMachine((_: null, page) => review.donePage(page), null));
  const list = useActorRef(machine);
  const table = usePagedList(list, 'workbench.done');
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        我的已办
      </Text>
      <div className={styles.card}>
        <PagedTable
          aria-label="我的已办"
          columns={columns}
          {...table}
          rowKey={(r) => r.keyId}
          emptyText="暂无已办事项"
        />
      </div>
    </section>
  );
}
