// 会议信息管理 (/business/meetingInfoManage, BUSINESS.md §4 "L"): the tenant's meetings — 会议编号, 主题, 时间, 形式,
// 议题数, 主任委员, 状态 — with 新增 (the make page), and per row 编辑 (a draft), 纪要 (a closed meeting), 详情
// and 取消 with its reason. 取消 is the meeting table's move; the gateway decides again.
import { Input, Select, Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MeetingQuery, MeetingRow } from '../../../application/ports/meeting-gateway.port';
import { selectMenus } from '../../../application/session/session.selectors';
import { MEETING_STATUS_LABEL, type MeetingStatus } from '../../../domain/financing/meeting-rules';
import { MEETING_FLOW } from '../../../domain/financing/meeting-workflow';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import { operationCodesFor } from '../../../domain/menu/menu';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../../kit/dialogs/query-form';
import { RowActions } from '../../kit/table/row-actions';
import { ToolbarButton } from '../../kit/table/toolbar-button';
import { useListScreenStyles } from '../common/list-screen-styles';
import {
  MEETING_INFO_PATH,
  MEETING_LIST_PATH,
  MEETING_MAKE_PATH,
  MEETING_MINUTES_PATH,
  ReasonDialog,
  formLabel,
  useMeetingCalls,
  useMeetingList,
  MEETING_STATUS_COLUMN,
} from './meeting-parts';

const EMPTY: MeetingQuery = { keyword: '', status: '' };
const cancellable = (MEETING_FLOW.transitions.find((t) => t.action === 'cancel')?.from ?? []) as readonly string[];

export function MeetingManageScreen() {
  const styles = useListScreenStyles();
  const { session, notifier } = useServices();
  const meeting = useMeetingCalls();
  const navigate = useNavigate();
  const menus = useSelector(session, selectMenus);
  const userId = useSelector(session, (s) => s.context.user?.userId ?? '');
  const grants = useMemo(() => operationCodesFor(menus, MEETING_LIST_PATH), [menus]);
  const [draft, setDraft] = useState<MeetingQuery>(EMPTY);
  const [cancelling, setCancelling] = useState<MeetingRow | null>(null);
  const { list, table } = useMeetingList((q: MeetingQuery, p) => meeting.page(q, p), EMPTY, 'review-meeting');
  const query = useSelector(list, (s) => s.context.query);
  const [exporting, setExporting] = useState(false);
  /** 导出 of the list as last searched. */
  const exportList = async () => {
    setExporting(true);
    try {
      notifier.success(`已导出 ${await meeting.exportList(query)}`);
    } catch {
      // The HTTP client has said why.
    } finally {
      setExporting(false);
    }
  };
  const open = (path: string, row: MeetingRow) => navigate(`${path}?id=${encodeURIComponent(row.meetingId)}`);

  const cancel = async (reason: string) => {
    const row = cancelling;
    setCancelling(null);
    if (!row) return;
    try {
      await meeting.transition(row.meetingId, 'cancel', row.version, reason);
      list.send({ type: 'RELOAD' });
    } catch {
      // The HTTP client has said why.
    }
  };

  const columns: PagedTableColumn<MeetingRow>[] = [
    { key: 'meetingNo', title: '会议编号', width: 160 },
    { key: 'title', title: '主题', minWidth: 180 },
    { key: 'scheduledAt', title: '时间', width: 170, render: (r) => formatShanghaiTime(r.scheduledAt) },
    { key: 'form', title: '形式', width: 80, render: (r) => formLabel(r.form) },
    { key: 'itemCount', title: '议题数', width: 80 },
    { key: 'chairName', title: '主任委员', width: 100, render: (r) => r.chairName || '--' },
    MEETING_STATUS_COLUMN,
    {
      key: 'operations',
      title: '操作',
      width: 190,
      minWidth: 190,
      fixed: 'right',
      hideable: false,
      ellipsis: false,
      render: (row) => (
        <RowActions
          label={row.meetingNo}
          actions={[
            ...(row.status === 'DRAFT' && row.secretaryId === userId
              ? [{ label: '编辑', onClick: () => open(MEETING_MAKE_PATH, row) }]
              : []),
            ...(row.status === 'CLOSED' && row.secretaryId === userId
              ? [{ label: '纪要', onClick: () => open(MEETING_MINUTES_PATH, row) }]
              : []),
            { label: '详情', onClick: () => open(MEETING_INFO_PATH, row) },
            ...(grants.has('terminate') && cancellable.includes(row.status) && row.secretaryId === userId
              ? [{ label: '取消', danger: true, onClick: () => setCancelling(row) }]
              : []),
          ]}
        />
      ),
    },
  ];

  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        会议信息管理
      </Text>
      <div className={styles.card}>
        <QueryForm
          searching={table.loading}
          onSearch={() => list.send({ type: 'SEARCH', query: draft })}
          onReset={() => {
            setDraft(EMPTY);
            list.send({ type: 'SEARCH', query: EMPTY });
          }}
        >
          <QueryFormItem label="会议编号/主题">
            <Input
              value={draft.keyword ?? ''}
              maxLength={50}
              placeholder="请输入会议编号或主题"
              onChange={(_, d) => setDraft((q) => ({ ...q, keyword: d.value }))}
            />
          </QueryFormItem>
          <QueryFormItem label="状态">
            <Select value={draft.status ?? ''} onChange={(_, d) => setDraft((q) => ({ ...q, status: d.value }))}>
              <option value="">全部</option>
              {(Object.keys(MEETING_STATUS_LABEL) as MeetingStatus[]).map((s) => (
                <option key={s} value={s}>
                  {MEETING_STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </QueryFormItem>
        </QueryForm>
      </div>
      <div className={styles.card}>
        {(grants.has('add') || grants.has('export')) && (
          <div className={styles.toolbar}>
            {grants.has('add') && (
              <ToolbarButton appearance="primary" onClick={() => navigate(MEETING_MAKE_PATH)}>
                新增
              </ToolbarButton>
            )}
            {grants.has('export') && (
              <ToolbarButton disabled={exporting} onClick={() => void exportList()}>
                {exporting ? '导出中…' : '导出'}
              </ToolbarButton>
            )}
          </div>
        )}
        <PagedTable
          aria-label="评审会列表"
          columns={columns}
          {...table}
          rowKey={(r) => r.meetingId}
          emptyText="暂无评审会"
        />
      </div>
      {cancelling && (
        <ReasonDialog
          open
          title={`取消评审会 ${cancelling.meetingNo}`}
          label="取消原因"
          onClose={() => setCancelling(null)}
          onSubmit={cancel}
        />
      )}
    </section>
  );
}
