// 评审会审核 (/business/approvalReviewMeetingExamine and …ExamineInfo, BUSINESS.md §4; Decisions: Meeting): the
// chair's list of meetings whose minutes wait for them, and the review page — each item with its tally, named
// votes and the conclusion the secretary recorded. 通过 moves each business heard as its item concluded
// (passed → 融资决议, 否决 → 已终止, 复议 → 尽调报告); the chair may 否决 a passed item (never pass a 否决): as the
// approver's 否决, it asks for the 否决意见 and confirms that it ends the business, and takes effect with 通过;
// 退回 sends the minutes back to the secretary with a reason.
import { Badge, Button, Field, Link, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MeetingRow } from '../../../application/ports/meeting-gateway.port';
import { CONCLUSION_LABEL, isPassing } from '../../../domain/financing/meeting-rules';
import { MEETING_EXAMINE_INFO_PATH, MEETING_EXAMINE_PATH } from '../../../domain/financing/meeting-workflow';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import { useServices } from '../../app/services';
import { useConfirm } from '../../kit/dialogs/use-confirm';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { Permission } from '../../shell/permission';
import { recordScreen } from '../stage/stage-parts';
import {
  MeetingStatusBadge,
  formLabel,
  useMeetingRoom,
  useMeetingStyles,
  MeetingHeading,
  ItemHead,
  useMeetingCalls,
  MeetingMissing,
  useMeetingList,
  useMeetingCall,
  ItemReading,
  ReasonDialog,
} from './meeting-parts';

export function MinutesExamineListScreen() {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const meeting = useMeetingCalls();
  const { table } = useMeetingList((_q: null, p) => meeting.minutesToExamine(p), null, 'review-meeting-minutes');
  const open = (r: MeetingRow) => navigate(`${MEETING_EXAMINE_INFO_PATH}?id=${encodeURIComponent(r.meetingId)}`);
  const columns: PagedTableColumn<MeetingRow>[] = [
    {
      key: 'meetingNo',
      title: '会议编号',
      minWidth: 130,
      render: (r) => <Link onClick={() => open(r)}>{r.meetingNo}</Link>,
    },
    { key: 'title', title: '主题', minWidth: 160 },
    { key: 'scheduledAt', title: '时间', minWidth: 140, render: (r) => formatShanghaiTime(r.scheduledAt) },
    { key: 'form', title: '形式', minWidth: 60, render: (r) => formLabel(r.form) },
    { key: 'itemCount', title: '议题数', minWidth: 60 },
    { key: 'status', title: '状态', minWidth: 80, render: (r) => <MeetingStatusBadge status={r.status} /> },
    {
      key: 'actions',
      title: '操作',
      minWidth: 70,
      render: (r) => (
        <Button size="small" appearance="transparent" onClick={() => open(r)}>
          审核
        </Button>
      ),
    },
  ];
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        评审会审核
      </Text>
      <div className={styles.card}>
        <PagedTable
          aria-label="待审核的会议纪要"
          columns={columns}
          {...table}
          rowKey={(r) => r.meetingId}
          emptyText="暂无待审核的会议纪要"
        />
      </div>
    </section>
  );
}

function MinutesReview({ id: meetingId }: { id: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const { notifier } = useServices();
  const gateway = useMeetingCalls();
  const { meeting: m, loading, failed } = useMeetingRoom(meetingId);
  const [vetoes, setVetoes] = useState<{ seq: number; reason: string }[]>([]);
  const [asking, setAsking] = useState<{ seq: number; businessNo: string } | null>(null);
  const [comment, setComment] = useState('');
  const { calling: acting, run } = useMeetingCall();
  const { confirm, dialog } = useConfirm();
  /** 否决意见 given: the chair confirms, as the approver does, that the 否决 ends the business. */
  const veto = async (reason: string) => {
    const item = asking;
    setAsking(null);
    if (!item) return;
    const yes = await confirm({
      title: '否决',
      message: `否决将在纪要通过时终止业务 ${item.businessNo}，且不可恢复。确定否决议题${item.seq}吗？`,
      confirmText: '否决',
      type: 'error',
    });
    if (yes) setVetoes((v) => [...v.filter((x) => x.seq !== item.seq), { seq: item.seq, reason }]);
  };
  if (failed || !meetingId) {
    return <MeetingMissing back={MEETING_EXAMINE_PATH} />;
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  const pending = m.status === 'CLOSED' && !!m.minutesSubmittedAt;
  const act = async (action: 'approve' | 'return') => {
    if (action === 'return' && [...comment.trim()].length < 5) {
      notifier.error('退回意见至少5个字');
      return;
    }
    await run(
      () =>
        gateway.examineMinutes(m.meetingId, {
          action,
          version: m.version,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          ...(action === 'approve' && vetoes.length ? { vetoReasons: vetoes } : {}),
        }),
      action === 'approve' ? '纪要已审核通过' : '纪要已退回会议秘书',
      () => navigate(MEETING_EXAMINE_PATH),
    );
  };
  return (
    <section className={styles.page}>
      <MeetingHeading title={`纪要审核：${m.title}`} status={m.status} />
      <div className={styles.card}>
        <Text>{`会议编号：${m.meetingNo}　时间：${formatShanghaiTime(m.scheduledAt)}　形式：${formLabel(m.form)}　秘书：${m.secretaryName}`}</Text>
        {!pending && <Text>{m.status === 'ARCHIVED' ? '纪要已审核通过并归档。' : '纪要尚未提交审核。'}</Text>}
      </div>
      {m.items.map((item) => {
        const passed = !!item.conclusion && isPassing(item.conclusion);
        return (
          <section key={item.seq} className={styles.card} aria-label={`议题${item.seq}`}>
            <ItemHead item={item} />
            <ItemReading item={item} />
            <Text weight="semibold">会议结论：{item.conclusion ? CONCLUSION_LABEL[item.conclusion] : '--'}</Text>
            {item.conditions.length > 0 && <Text>附加条件：{item.conditions.join('；')}</Text>}
            {item.minutes && <Text>议题纪要：{item.minutes}</Text>}
            {pending && passed && (
              <VetoLine
                vetoed={vetoes.find((v) => v.seq === item.seq)}
                onVeto={() => setAsking({ seq: item.seq, businessNo: item.businessNo })}
                onUndo={() => setVetoes((v) => v.filter((x) => x.seq !== item.seq))}
              />
            )}
          </section>
        );
      })}
      {pending && (
        <div className={styles.card}>
          <Field label="审核意见" hint="退回时必填，至少5个字">
            <Textarea aria-label="审核意见" value={comment} maxLength={500} onChange={(_, d) => setComment(d.value)} />
          </Field>
        </div>
      )}
      <div className={styles.footer}>
        {pending && (
          <Permission code="examine" path={MEETING_EXAMINE_INFO_PATH}>
            <Button appearance="primary" disabled={acting} onClick={() => act('approve')}>
              通过
            </Button>
          </Permission>
        )}
        {pending && (
          <Permission code="reject" path={MEETING_EXAMINE_INFO_PATH}>
            <Button disabled={acting} onClick={() => act('return')}>
              退回
            </Button>
          </Permission>
        )}
        <Button onClick={() => navigate(MEETING_EXAMINE_PATH)}>返回</Button>
      </div>
      {asking && (
        <ReasonDialog
          open
          title={`否决议题${asking.seq}`}
          label="否决意见"
          onClose={() => setAsking(null)}
          onSubmit={(reason) => void veto(reason)}
        />
      )}
      {dialog}
    </section>
  );
}

/** A passed item the chair may 否决: the button, or the 否决 marked with its reason and 撤销. */
function VetoLine({
  vetoed,
  onVeto,
  onUndo,
}: {
  vetoed: { reason: string } | undefined;
  onVeto: () => void;
  onUndo: () => void;
}) {
  const styles = useMeetingStyles();
  if (!vetoed) {
    return (
      <div>
        <Permission code="examine" path={MEETING_EXAMINE_INFO_PATH}>
          <Button appearance="outline" onClick={onVeto}>
            否决
          </Button>
        </Permission>
      </div>
    );
  }
  return (
    <div className={styles.row}>
      <Badge appearance="filled" color="danger">
        否决
      </Badge>
      <Text>{`否决意见：${vetoed.reason}（纪要通过时生效）`}</Text>
      <Link onClick={onUndo}>撤销否决</Link>
    </div>
  );
}

export const MinutesExamineInfoScreen = recordScreen(MinutesReview);
