// 评审会 on 业务详情: each meeting that heard the business (latest first), the item's conclusion, its conditions
// and minutes, and once voting closed the tally and the named votes; 打印纪要 for who may print the minutes.
import { Button, Text } from '@fluentui/react-components';
import type { MeetingSection } from '../../../domain/financing/business-list';
import { CONCLUSION_LABEL } from '../../../domain/financing/meeting-rules';
import { formatShanghaiTime } from '../../../domain/format/date-format';
import { Permission } from '../../shell/permission';
import type { DetailTabProps } from '../stage/define-detail-tab';
import { Facts, useDetailTabStyles } from '../stage/detail-tab-parts';
import {
  MEETING_INFO_PATH,
  MeetingStatusBadge,
  TallyLine,
  VoteTable,
  useMeetingCall,
  useMeetingCalls,
} from './meeting-parts';

type Hearing = MeetingSection['hearings'][number];

export function MeetingDetailTab({ detail }: DetailTabProps) {
  const styles = useDetailTabStyles();
  const hearings = detail.sections.meeting?.hearings ?? [];
  if (hearings.length === 0) return null;
  return (
    <div className={styles.section}>
      {hearings.map((h) => (
        <HearingCard key={h.meetingId} hearing={h} />
      ))}
    </div>
  );
}

function HearingCard({ hearing: h }: { hearing: Hearing }) {
  const styles = useDetailTabStyles();
  const meeting = useMeetingCalls();
  const { calling: printing, run } = useMeetingCall();
  const print = () => run(() => meeting.downloadMinutes(h.meetingId));
  return (
    <section className={styles.section} aria-label={`评审会 ${h.meetingNo}`}>
      <div>
        <Text weight="semibold">{`${h.title}（议题${h.seq}）`}</Text> <MeetingStatusBadge status={h.status} />
      </div>
      <Facts
        label={`评审会 ${h.meetingNo} 概要`}
        items={[
          ['会议编号', h.meetingNo],
          ['会议时间', formatShanghaiTime(h.scheduledAt)],
          ['会议结论', h.conclusion ? CONCLUSION_LABEL[h.conclusion] : '--'],
          ['附加条件', h.conditions.join('；') || '--'],
          ['议题纪要', h.minutes ?? '--'],
        ]}
      />
      {h.tally ? (
        <>
          <TallyLine item={{ seq: h.seq, votes: h.votes, tally: h.tally }} />
          <VoteTable item={{ seq: h.seq, votes: h.votes, tally: h.tally }} />
        </>
      ) : (
        <Text>表决结束后显示记名表决结果。</Text>
      )}
      {h.tally && (
        <Permission code="export" path={MEETING_INFO_PATH}>
          <div>
            <Button disabled={printing} onClick={print}>
              打印纪要
            </Button>
          </div>
        </Permission>
      )}
    </section>
  );
}
