// What the meeting's pages share: the status badge, an item's tally in words, the named vote table, the
// reason dialog (取消), and the room's flow bound to the page's `?id=`.
import { Badge, Button, Field, Link, Spinner, Text, Textarea, makeStyles } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { meetingCalls } from '../../../application/meeting/meeting-calls';
import { createMeetingRoomMachine } from '../../../application/meeting/meeting-room.machine';
import { createPagedListMachine } from '../../../application/paged-list/paged-list.machine';
import type {
  MeetingDetail,
  MeetingGateway,
  MeetingItem,
  MeetingRow,
} from '../../../application/ports/meeting-gateway.port';
import { MEETING_FORM_LABEL, MEETING_STATUS_LABEL, type MeetingStatus } from '../../../domain/financing/meeting-rules';
import { MEMBER_ROLE_LABEL, OPINION_LABEL } from '../../../domain/financing/meeting-tally';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import type { Page, PageRequest } from '../../../domain/paging/page';
import { useServices } from '../../app/services';
import { GenericDialog } from '../../kit/dialogs/generic-dialog';
import type { PagedTableColumn } from '../../kit/dialogs/paged-table';
import { Permission } from '../../shell/permission';
import { usePagedList, useReadAgainWhenShown } from '../common/use-paged-list';
import { SmallTable } from '../stage/detail-tab-parts';
import { useMakeStyles } from '../stage/make-page-shell';

export const MEETING_LIST_PATH = '/business/meetingInfoManage';
export const MEETING_MAKE_PATH = '/business/approvalReviewMeetingMake';
export const MEETING_VOTE_PATH = '/business/approvalReviewMeetingImplementList';
export const MEETING_MINUTES_PATH = '/business/approvalProduction';
export const MEETING_INFO_PATH = '/business/approvalReviewMeetingInfo';
const BUSINESS_DETAIL_PATH = '/business/newDetails';

/** 业务详情 of the business on tab `tab` (its key: `report`, `application`). */
export const businessTabLink = (businessId: string, tab: string) =>
  `${BUSINESS_DETAIL_PATH}?id=${encodeURIComponent(businessId)}&tab=${encodeURIComponent(tab)}`;

// The report's brief is its own chunk, loaded when an item's reading is opened.
const ReportBriefSection = lazy(async () => ({
  default: (await import('../report/report-view')).ReportBriefSection,
}));

const useMeetingOwnStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', alignItems: 'center' },
  money: { fontVariantNumeric: 'tabular-nums' },
});

/** The meeting's pages look as the stage kit's pages do (page, card, fields, footer), with a row of their own. */
export function useMeetingStyles() {
  return { ...useMakeStyles(), ...useMeetingOwnStyles() };
}

const STATUS_COLOR: Record<MeetingStatus, 'brand' | 'warning' | 'success' | 'danger' | 'informative'> = {
  DRAFT: 'informative',
  NOTIFIED: 'brand',
  VOTING: 'warning',
  CLOSED: 'success',
  ARCHIVED: 'success',
  CANCELLED: 'danger',
};

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]}>
      {MEETING_STATUS_LABEL[status]}
    </Badge>
  );
}

/** A meeting list's 状态: the status badge, never cut short. */
export const MEETING_STATUS_COLUMN: PagedTableColumn<MeetingRow> = {
  key: 'status',
  title: '状态',
  width: 100,
  ellipsis: false,
  render: (r) => <MeetingStatusBadge status={r.status} />,
};

export const formLabel = (form: string) => MEETING_FORM_LABEL[form as keyof typeof MEETING_FORM_LABEL] ?? form;

/** What the tally and the vote table read of an item (the meeting's pages and 业务详情's 评审会 tab). */
export type VotedItem = Pick<MeetingItem, 'seq' | 'votes' | 'tally'>;

/** An item's tally as the committee reads it; before voting opens (草稿, 已通知) it says so, not 表决进行中. */
export function TallyLine({ item, status }: { item: VotedItem; status?: MeetingStatus }) {
  const t = item.tally;
  if (status === 'DRAFT' || status === 'NOTIFIED') {
    return <Text aria-label={`议题${item.seq}计票`}>{`表决委员 ${t.votingMembers} 人；尚未开始表决`}</Text>;
  }
  return (
    <Text aria-label={`议题${item.seq}计票`}>
      {`表决委员 ${t.votingMembers} 人，出席 ${t.attendingVoting} 人${t.quorum ? '' : '（未达法定人数）'}；已表决 ${item.votes.length} 票，同意（含有条件同意）${t.inFavour} 票；`}
      {t.complete ? (t.passed ? '达到通过比例' : '未达到通过比例') : '表决进行中'}
    </Text>
  );
}

/** The named votes of an item (BUSINESS.md §2 评审会: named and immutable after close). */
export function VoteTable({ item }: { item: VotedItem }) {
  if (item.votes.length === 0) return <Text>尚无表决</Text>;
  return (
    <SmallTable
      label={`议题${item.seq}记名表决`}
      minWidth="560px"
      // Wider than a phone: the table scrolls sideways and takes focus to be scrolled by keys.
      scrollLabel={`议题${item.seq}记名表决（可左右滚动）`}
      columns={[{ title: '委员' }, { title: '表决意见' }, { title: '条件' }, { title: '意见说明' }]}
      rows={item.votes.map((v) => ({
        key: v.memberId,
        cells: [v.name, OPINION_LABEL[v.opinion], v.conditions.join('；') || '--', v.comment || '--'],
      }))}
    />
  );
}

export const roleLabel = (role: keyof typeof MEMBER_ROLE_LABEL) => MEMBER_ROLE_LABEL[role];

/** A reason asked before a move that needs one (取消原因). */
export function ReasonDialog({
  open,
  title,
  label,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  label: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [text, setText] = useState('');
  return (
    <GenericDialog
      open={open}
      title={title}
      width={480}
      onClose={onClose}
      submitText="确定"
      submitDisabled={!text.trim()}
      onSubmit={() => onSubmit(text.trim())}
    >
      <Field label={label} required>
        <Textarea aria-label={label} value={text} maxLength={500} onChange={(_, d) => setText(d.value)} />
      </Field>
    </GenericDialog>
  );
}

/** The meeting's calls, over the stage port every stage speaks through. */
export function useMeetingCalls(): MeetingGateway {
  const { stages } = useServices();
  return useMemo(() => meetingCalls(stages), [stages]);
}

/** The meeting room flow of the page's meeting, as the signed-in person. */
export function useMeetingRoom(meetingId: string) {
  const { notifier, session } = useServices();
  const gateway = useMeetingCalls();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? '');
  const [machine] = useState(() => createMeetingRoomMachine({ gateway, notifier }));
  const room = useActorRef(machine, { input: { meetingId, userId } });
  const meeting = useSelector(room, (s) => s.context.meeting);
  const loading = useSelector(room, (s) => s.matches('loading'));
  const failed = useSelector(room, (s) => s.matches('failed'));
  const busy = useSelector(room, (s) => s.matches('acting'));
  return { room, meeting, loading, failed, busy, userId };
}

/** A meeting page's heading: its title beside the meeting's status. */
export function MeetingHeading({ title, status }: { title: string; status: MeetingStatus }) {
  const styles = useMeetingStyles();
  return (
    <div className={styles.row}>
      <Text as="h1" size={600} weight="semibold">
        {title}
      </Text>
      <MeetingStatusBadge status={status} />
    </div>
  );
}

/** An agenda item's head on the read pages: the business, the tally and every vote. */
export function ItemHead({ item, status }: { item: MeetingItem; status?: MeetingStatus }) {
  return (
    <>
      <Text as="h2" size={400} weight="semibold">
        {`议题${item.seq}：${item.businessNo} ${item.supplierName}`}
      </Text>
      <TallyLine item={item} {...(status ? { status } : {})} />
      <VoteTable item={item} />
    </>
  );
}

/**
 * What the committee reads before it votes on an item (BUSINESS.md "Decisions": Meeting): the report and the
 * application on 业务详情, and, opened here, the report's 方案建议 and 核心指标.
 */
export function ItemReading({
  item,
  open: openAtFirst = false,
}: {
  item: Pick<MeetingItem, 'seq' | 'businessId'>;
  open?: boolean;
}) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const [open, setOpen] = useState(openAtFirst);
  return (
    <>
      <div className={styles.row}>
        <Link onClick={() => navigate(businessTabLink(item.businessId, 'report'))}>查看尽调报告</Link>
        <Link onClick={() => navigate(businessTabLink(item.businessId, 'application'))}>查看融资申请</Link>
        <Button size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '收起方案建议' : '方案建议与核心指标'}
        </Button>
      </div>
      {open && (
        <section aria-label={`议题${item.seq}方案建议与核心指标`}>
          <Suspense fallback={<Spinner size="small" label="加载尽调报告…" />}>
            <ReportBriefSection id={item.businessId} />
          </Suspense>
        </section>
      )}
    </>
  );
}

/** A meeting page whose meeting cannot be read: why, and 返回 to the page's list. */
export function MeetingMissing({ back }: { back: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.page}>
      <Text>评审会不存在或无权查看</Text>
      <Button onClick={() => navigate(back)}>返回</Button>
    </section>
  );
}

/** The meeting's own facts in one row: number, time, form, place, secretary. */
export function MeetingFacts({ m }: { m: MeetingDetail }) {
  const styles = useMeetingStyles();
  return (
    <div className={styles.row}>
      <Text>会议编号：{m.meetingNo}</Text>
      <Text>时间：{formatShanghaiTime(m.scheduledAt)}</Text>
      <Text>形式：{formLabel(m.form)}</Text>
      <Text>地点：{m.location || '--'}</Text>
      <Text>秘书：{m.secretaryName}</Text>
    </div>
  );
}

/**
 * 打印纪要 of the page's meeting, for who holds the minutes' export — or, `seated`, for one who sits in it and
 * reads it in the room (the gateway lets the meeting's own people print it).
 */
export function PrintMinutes({
  room,
  busy,
  seated = false,
}: Pick<ReturnType<typeof useMeetingRoom>, 'room' | 'busy'> & { seated?: boolean }) {
  const button = (
    <Button disabled={busy} onClick={() => room.send({ type: 'PRINT' })}>
      打印纪要
    </Button>
  );
  return seated ? (
    button
  ) : (
    <Permission code="export" path={MEETING_INFO_PATH}>
      {button}
    </Permission>
  );
}

/**
 * A list of meetings on the kit's table, read by `read` from `query`; read again when its tag is shown again
 * (coming back from the make page or a meeting, what changed there is in it).
 */
export function useMeetingList<Q>(
  read: (q: Q, p: PageRequest) => Promise<Page<MeetingRow>>,
  query: Q,
  tableId: string,
) {
  const [machine] = useState(() => createPagedListMachine(read, query));
  const list = useActorRef(machine);
  const table = usePagedList(list, tableId);
  useReadAgainWhenShown(list);
  return { list, table };
}

/**
 * A call of the page's own beside the room's flow: `calling` while it runs, `success` said once it went
 * through, then `after`. A refusal was already shown by the http client.
 */
export function useMeetingCall() {
  const { notifier } = useServices();
  const [calling, setCalling] = useState(false);
  const run = async (call: () => Promise<unknown>, success?: string, after?: () => void) => {
    setCalling(true);
    try {
      await call();
      if (success) notifier.success(success);
      after?.();
    } catch {
      // The gateway's refusal was shown by the http client.
    } finally {
      setCalling(false);
    }
  };
  return { calling, run };
}
