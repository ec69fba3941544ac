// 评审会详情 (/business/approvalReviewMeetingInfo, BUSINESS.md §4 "D"): the meeting read-only — members and
// attendance, each item's named votes, tally, conclusion, conditions and minutes — with 打印纪要 (`export`).
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CONCLUSION_LABEL } from '../../../domain/financing/meeting-rules';
import { ATTENDANCE_LABEL } from '../../../domain/financing/meeting-rules';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import { Permission } from '../../shell/permission';
import {
  MEETING_INFO_PATH,
  MEETING_LIST_PATH,
  formLabel,
  roleLabel,
  useMeetingRoom,
  useMeetingStyles,
  MeetingHeading,
  ItemHead,
} from './meeting-parts';

export function MeetingInfoScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <Info key={id} meetingId={id} />;
}

function Info({ meetingId }: { meetingId: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const { room, meeting: m, loading, failed, busy } = useMeetingRoom(meetingId);
  if (failed || !meetingId) {
    return (
      <section className={styles.page}>
        <Text>评审会不存在或无权查看</Text>
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </section>
    );
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  return (
    <section className={styles.page}>
      <MeetingHeading title={m.title} status={m.status} />
      <section className={styles.card} aria-label="会议信息">
        <div className={styles.row}>
          <Text>会议编号：{m.meetingNo}</Text>
          <Text>时间：{formatShanghaiTime(m.scheduledAt)}</Text>
          <Text>形式：{formLabel(m.form)}</Text>
          <Text>地点：{m.location || '--'}</Text>
          <Text>秘书：{m.secretaryName}</Text>
        </div>
        <div className={styles.row}>
          {m.members.map((x) => (
            <Text key={x.userId}>
              {`${x.name}（${roleLabel(x.role)}${x.attendance ? `，${ATTENDANCE_LABEL[x.attendance]}` : ''}）`}
            </Text>
          ))}
        </div>
      </section>
      {m.items.map((item) => (
        <section key={item.seq} className={styles.card} aria-label={`议题${item.seq}`}>
          <ItemHead item={item} />
          <Text weight="semibold">会议结论：{item.conclusion ? CONCLUSION_LABEL[item.conclusion] : '未形成'}</Text>
          {item.conditions.length > 0 && <Text>附加条件：{item.conditions.join('；')}</Text>}
          {item.minutes && <Text>议题纪要：{item.minutes}</Text>}
        </section>
      ))}
      <div className={styles.footer}>
        <Permission code="export" path={MEETING_INFO_PATH}>
          <Button disabled={busy} onClick={() => room.send({ type: 'PRINT' })}>
            打印纪要
          </Button>
        </Permission>
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </div>
    </section>
  );
}
