// 评审会执行 (/business/approvalReviewMeetingImplementList, BUSINESS.md §4 "L"; Decisions: Meeting): the meetings
// the signed-in person takes part in, and the one opened (`?id=`): each voting member sees the items and votes for
// themselves — 同意 / 有条件同意 with conditions / 不同意 / 复议, with a comment; the secretary opens and closes
// voting and marks 缺席; the tally is read again every few seconds while voting is open. It is also where the
// chair and members read the meeting (评审会详情 is the secretary's, under 会议信息管理): each item links the report
// and the application, opens the report's 方案建议 and 核心指标, and once voting closed shows the named votes, the
// conclusion, its conditions and minutes, with 打印纪要.
import { Button, Field, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MeetingDetail, MeetingItem, MeetingRow } from '../../../application/ports/meeting-gateway.port';
import { moveOffered } from '../../../application/meeting/meeting-room.machine';
import { isVotingRole, OPINION_LABEL, type Opinion } from '../../../domain/financing/meeting-tally';
import { CONCLUSION_LABEL } from '../../../domain/financing/meeting-rules';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { PagedTable, type PagedTableColumn } from '../../kit/dialogs/paged-table';
import { useConfirm } from '../../kit/dialogs/use-confirm';
import { RowActions } from '../../kit/table/row-actions';
import { Permission } from '../../shell/permission';
import { recordScreen } from '../stage/stage-parts';
import {
  MEETING_VOTE_PATH,
  TallyLine,
  VoteTable,
  roleLabel,
  useMeetingRoom,
  useMeetingStyles,
  MeetingHeading,
  useMeetingCalls,
  MeetingMissing,
  MeetingFacts,
  useMeetingList,
  MEETING_STATUS_COLUMN,
  ItemReading,
  PrintMinutes,
} from './meeting-parts';

/** Without `?id=`, the caller's meetings; with it, that meeting's room. */
export const MeetingVoteScreen = recordScreen(({ id }) => (id ? <Room meetingId={id} /> : <MyMeetings />));

function MyMeetings() {
  const styles = useMeetingStyles();
  const meeting = useMeetingCalls();
  const navigate = useNavigate();
  const { table } = useMeetingList((_q: null, p) => meeting.mine(p), null, 'review-meeting-mine');
  const columns: PagedTableColumn<MeetingRow>[] = [
    { key: 'meetingNo', title: '会议编号', width: 160 },
    { key: 'title', title: '会议', minWidth: 180 },
    { key: 'scheduledAt', title: '时间', width: 170, render: (r) => formatShanghaiTime(r.scheduledAt) },
    { key: 'itemCount', title: '议题数', width: 80 },
    MEETING_STATUS_COLUMN,
    {
      key: 'operations',
      title: '操作',
      width: 90,
      fixed: 'right',
      hideable: false,
      ellipsis: false,
      render: (r) => (
        <RowActions
          label={r.meetingNo}
          actions={[
            {
              label: r.status === 'VOTING' ? '投票' : '进入',
              onClick: () => navigate(`${MEETING_VOTE_PATH}?id=${encodeURIComponent(r.meetingId)}`),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <section className={styles.page}>
      <Text as="h1" size={600} weight="semibold">
        评审会执行
      </Text>
      <div className={styles.card}>
        <PagedTable
          aria-label="我参加的评审会"
          columns={columns}
          {...table}
          rowKey={(r) => r.meetingId}
          emptyText="暂无待参加的评审会"
        />
      </div>
    </section>
  );
}

function Room({ meetingId }: { meetingId: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const { room, meeting: m, loading, failed, busy, userId } = useMeetingRoom(meetingId);
  const { confirm, dialog } = useConfirm();
  const { clock } = useServices();
  if (failed) {
    return <MeetingMissing back={MEETING_VOTE_PATH} />;
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  const secretary = m.secretaryId === userId;
  const me = m.members.find((x) => x.userId === userId);
  const voter = !!me && isVotingRole(me.role) && me.attendance !== 'ABSENT';
  const move = async (action: 'openVoting' | 'closeVoting') => {
    // Voting before the meeting's own time is possible (a meeting held early), but never by a slip: it asks.
    if (action === 'openVoting' && Date.parse(m.scheduledAt) > clock.now().getTime()) {
      const yes = await confirm({
        title: '开始表决',
        message: `会议时间为 ${formatShanghaiTime(m.scheduledAt)}，尚未到会议时间。确定现在开始表决吗？`,
        confirmText: '开始表决',
        type: 'warning',
      });
      if (!yes) return;
    }
    room.send({ type: 'MOVE', action });
  };
  const closed = m.status === 'CLOSED' || m.status === 'ARCHIVED';
  return (
    <section className={styles.page}>
      <MeetingHeading title={m.title} status={m.status} />
      <div className={styles.card}>
        <MeetingFacts m={m} />
        {secretary && (
          <div className={styles.footer}>
            {moveOffered(m, userId, 'openVoting') && (
              <Permission code="submit" path={MEETING_VOTE_PATH}>
                <Button appearance="primary" disabled={busy} onClick={() => void move('openVoting')}>
                  开始表决
                </Button>
              </Permission>
            )}
            {moveOffered(m, userId, 'closeVoting') && (
              <Permission code="submit" path={MEETING_VOTE_PATH}>
                <Button appearance="primary" disabled={busy} onClick={() => void move('closeVoting')}>
                  结束表决
                </Button>
              </Permission>
            )}
          </div>
        )}
      </div>
      <Attendance
        meeting={m}
        secretary={secretary}
        busy={busy}
        onAbsent={(memberId) => room.send({ type: 'ABSENT', memberId })}
      />
      {m.items.map((item) => (
        <section key={item.seq} className={styles.card} aria-label={`议题${item.seq}`}>
          <Text as="h2" size={400} weight="semibold">
            {`议题${item.seq}：${item.businessNo} ${item.supplierName}`}
          </Text>
          <Text className={styles.money}>申请金额：{formatFen(BigInt(item.applyAmount))} 元</Text>
          <ItemReading item={item} open={voter && (m.status === 'NOTIFIED' || m.status === 'VOTING') && !item.myVote} />
          <TallyLine item={item} status={m.status} />
          {item.myVote ? (
            <Text>
              我的表决：{OPINION_LABEL[item.myVote.opinion]}
              {item.myVote.conditions.length ? `（条件：${item.myVote.conditions.join('；')}）` : ''}
            </Text>
          ) : voter && m.status === 'VOTING' ? (
            <VoteForm item={item} busy={busy} onVote={(vote) => room.send({ type: 'VOTE', seq: item.seq, ...vote })} />
          ) : null}
          {closed && <VoteTable item={item} />}
          {item.conclusion && <Text weight="semibold">会议结论：{CONCLUSION_LABEL[item.conclusion]}</Text>}
          {item.conclusion && item.conditions.length > 0 && <Text>附加条件：{item.conditions.join('；')}</Text>}
          {item.minutes && <Text>议题纪要：{item.minutes}</Text>}
        </section>
      ))}
      <div className={styles.footer}>
        {closed && <PrintMinutes room={room} busy={busy} seated />}
        <Button onClick={() => navigate(MEETING_VOTE_PATH)}>返回</Button>
      </div>
      {dialog}
    </section>
  );
}

function Attendance({
  meeting: m,
  secretary,
  busy,
  onAbsent,
}: {
  meeting: MeetingDetail;
  secretary: boolean;
  busy: boolean;
  onAbsent: (memberId: string) => void;
}) {
  const styles = useMeetingStyles();
  const voted = (userId: string) => m.items.some((i) => i.votes.some((v) => v.memberId === userId));
  return (
    <section className={styles.card} aria-label="参会人员">
      <Text as="h2" size={400} weight="semibold">
        参会人员
      </Text>
      {m.members.map((x) => (
        <div key={x.userId} className={styles.row}>
          <Text>{`${x.name}（${roleLabel(x.role)}）`}</Text>
          <Text size={200}>
            {x.attendance === 'ABSENT'
              ? '缺席'
              : !isVotingRole(x.role)
                ? '列席'
                : voted(x.userId)
                  ? '已表决'
                  : '未表决'}
          </Text>
          {secretary && m.status === 'VOTING' && isVotingRole(x.role) && !x.attendance && !voted(x.userId) && (
            <Permission code="submit" path={MEETING_VOTE_PATH}>
              <Button size="small" disabled={busy} onClick={() => onAbsent(x.userId)}>
                {`登记${x.name}缺席`}
              </Button>
            </Permission>
          )}
        </div>
      ))}
    </section>
  );
}

function VoteForm({
  item,
  busy,
  onVote,
}: {
  item: MeetingItem;
  busy: boolean;
  onVote: (vote: { opinion: Opinion; conditions?: string[]; comment?: string }) => void;
}) {
  const styles = useMeetingStyles();
  const [opinion, setOpinion] = useState<Opinion | ''>('');
  const [conditions, setConditions] = useState('');
  const [comment, setComment] = useState('');
  const list = conditions
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);
  const ready = opinion !== '' && (opinion !== 'AGREE_WITH_CONDITIONS' || list.length > 0);
  return (
    <section className={styles.fields} aria-label={`议题${item.seq}表决`}>
      <Field label="表决意见" required>
        <Select aria-label="表决意见" value={opinion} onChange={(_, d) => setOpinion(d.value as Opinion | '')}>
          <option value="">请选择</option>
          {(Object.keys(OPINION_LABEL) as Opinion[]).map((o) => (
            <option key={o} value={o}>
              {OPINION_LABEL[o]}
            </option>
          ))}
        </Select>
      </Field>
      {opinion === 'AGREE_WITH_CONDITIONS' && (
        <Field label="条件（每行一条）" required>
          <Textarea aria-label="条件" value={conditions} maxLength={1000} onChange={(_, d) => setConditions(d.value)} />
        </Field>
      )}
      <Field label="意见说明">
        <Textarea aria-label="意见说明" value={comment} maxLength={500} onChange={(_, d) => setComment(d.value)} />
      </Field>
      <div>
        <Permission code="examine" path={MEETING_VOTE_PATH}>
          <Button
            appearance="primary"
            disabled={busy || !ready}
            onClick={() =>
              opinion &&
              onVote({
                opinion,
                ...(opinion === 'AGREE_WITH_CONDITIONS' ? { conditions: list } : {}),
                ...(comment.trim() ? { comment: comment.trim() } : {}),
              })
            }
          >
            提交表决
          </Button>
        </Permission>
      </div>
    </section>
  );
}
