// 我的待办 (/workbench/technological/todo, BUSINESS.md §4): what awaits the signed-in user, computed by the
// gateway from the lifecycle table — 待审核 (items at a level they review), 待制作 (items they may submit),
// 到期提醒 (the reminders the last close of business stored: due dates, overdue installments, the 中登
// deadline). 处理 opens the page where the user's action is granted. Opening the list asks the menu's count
// again, so the badge matches what the list shows; each tab shows its own count, and until the user picks a tab
// the page opens on the first one that holds something.
import { Button, Tab, TabList, Text, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type { TodoItem } from '../../../application/ports/review-gateway.port';
import { openingTab, tabLabel } from '../../../application/workbench/todo-count.selectors';
import { TODO_TABS, TODO_TAB_LABEL, type TodoTab } from '../../../domain/financing/review-queue';
import { formatDateTime } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { Notice } from '../../kit/notice';
import { useListScreenStyles } from '../common/list-screen-styles';
import { WaitingCell } from '../review/waiting-cell';
import { usePagedList } from '../common/use-paged-list';

// The four tabs with their counts are wider than a phone: they wrap onto a second row, not widen the page.
const useTabStyles = makeStyles({ tabs: { flexWrap: 'wrap' } });

export function TodoScreen() {
  const styles = useListScreenStyles();
  const tabStyles = useTabStyles();
  const { review, todoCount } = useServices();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    createPagedListMachine((tab: TodoTab, page) => review.todoPage(tab, page), 'REVIEW' as TodoTab),
  );
  const list = useActorRef(machine);
  const table = usePagedList(list, 'workbench.todo');
  const [tab, setTab] = useState<TodoTab>('REVIEW');
  const [picked, setPicked] = useState(false);
  const tabs = useSelector(todoCount, (s) => s.context.tabs);
  const loaded = useSelector(todoCount, (s) => s.context.loaded);
  const opening = openingTab(tabs);
  // The badge is asked again when the list is opened, not on a timer.
  useEffect(() => {
    todoCount.send({ type: 'REFRESH' });
  }, [todoCount]);
  // Until the user picks a tab, the page shows where the badge's items are.
  useEffect(() => {
    if (picked || !loaded || opening === tab) return;
    setTab(opening);
    list.send({ type: 'SEARCH', query: opening });
  }, [picked, loaded, opening, tab, list]);

  const columns: PagedTableColumn<TodoItem>[] = [
    { key: 'itemTypeLabel', title: '事项类型', width: 130 },
    { key: 'businessNo', title: '业务编号', width: 160 },
    { key: 'supplierName', title: '供应商', minWidth: 160 },
    { key: 'amount', title: '金额（元）', width: 140, render: (r) => formatFen(BigInt(r.amount)) },
    {
      key: 'stage',
      title: '阶段/级次',
      width: 170,
      render: (r) => (r.level ? `${r.stateLabel} 第${r.level}/${r.levels}级` : r.stateLabel),
    },
    { key: 'arrivedAt', title: '到达时间', width: 170, render: (r) => formatDateTime(r.arrivedAt) },
    {
      key: 'waiting',
      title: '停留时长',
      width: 170,
      render: (r) => <WaitingCell minutes={r.waitingMinutes} overdue={r.overdue} />,
    },
    {
      key: 'op',
      title: '操作',
      width: 80,
      fixed: 'right',
      hideable: false,
      render: (r) => (
        <Button size="small" appearance="transparent" onClick={() => navigate(r.link)}>
          处理
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        我的待办
      </Text>
      <div className={styles.card}>
        <TabList
          className={tabStyles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => {
            const next = d.value as TodoTab;
            setPicked(true);
            setTab(next);
            list.send({ type: 'SEARCH', query: next });
          }}
        >
          {TODO_TABS.map((t) => (
            <Tab key={t} value={t}>
              {tabLabel(t, tabs, loaded)}
            </Tab>
          ))}
        </TabList>
        {tab === 'DUE' && (
          <Notice intent="info">
            到期提醒由每日日终（00:10）生成：还款到期前7天、3天、1天，逾期期间每日；以及放款后10日内的中登登记。
          </Notice>
        )}
        <PagedTable
          aria-label={`我的待办：${TODO_TAB_LABEL[tab]}`}
          columns={columns}
          {...table}
          rowKey={(r) => `${r.itemType}-${r.businessId}`}
          emptyText="暂无待办事项"
        />
      </div>
    </section>
  );
}
