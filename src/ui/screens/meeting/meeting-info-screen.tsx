// 评审会详情 (/business/approvalReviewMeetingInfo, BUSINESS.md §4 "D"): the meeting read-only — members and
// attendance, each item's named votes, tally, conclusion, conditions and minutes, links to the report and the
// application heard — with 打印纪要 (`export`).
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { CONCLUSION_LABEL } from '../../../domain/financing/meeting-rules';
import { ATTENDANCE_LABEL } from '../../../domain/financing/meeting-rules';
import { recordScreen } from '../stage/stage-parts';
import {
  MEETING_LIST_PATH,
  roleLabel,
  useMeetingRoom,
  useMeetingStyles,
  MeetingHeading,
  ItemHead,
  MeetingMissing,
  MeetingFacts,
  PrintMinutes,
  ItemReading,
} from './meeting-parts';

function Info({ id: meetingId }: { id: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const { room, meeting: m, loading, failed, busy } = useMeetingRoom(meetingId);
  if (failed || !meetingId) {
    return <MeetingMissing back={MEETING_LIST_PATH} />;
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  return (
    <section className={styles.page}>
      <MeetingHeading title={m.title} status={m.status} />
      <section className={styles.card} aria-label="会议信息">
        <MeetingFacts m={m} />
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
          <ItemHead item={item} status={m.status} />
          <ItemReading item={item} />
          <Text weight="semibold">会议结论：{item.conclusion ? CONCLUSION_LABEL[item.conclusion] : '未形成'}</Text>
          {item.conditions.length > 0 && <Text>附加条件：{item.conditions.join('；')}</Text>}
          {item.minutes && <Text>议题纪要：{item.minutes}</Text>}
        </section>
      ))}
      <div className={styles.footer}>
        <PrintMinutes room={room} busy={busy} />
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </div>
    </section>
  );
}

export const MeetingInfoScreen = recordScreen(Info);
