// 审批材料制作 (/business/approvalProduction, BUSINESS.md §4 "M"; Decisions: Meeting): after the vote the secretary
// records per item a conclusion that agrees with the tally (通过 / 有条件通过 only when passed, 否决 when not, 复议
// once), the conditions of 有条件同意 votes merged with their own, and the item's minutes text; 打印纪要 downloads
// the minutes with the named vote table as a PDF.
import { Button, Field, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { agreeingConclusions } from '../../../application/meeting/meeting-room.machine';
import type { ConclusionForm, MeetingItem } from '../../../application/ports/meeting-gateway.port';
import { CONCLUSION_LABEL, type Conclusion } from '../../../domain/financing/meeting-rules';
import { Permission } from '../../shell/permission';
import { recordScreen } from '../stage/stage-parts';
import {
  MEETING_LIST_PATH,
  MEETING_MINUTES_PATH,
  useMeetingRoom,
  useMeetingStyles,
  MeetingHeading,
  ItemHead,
  useMeetingCalls,
  MeetingMissing,
  PrintMinutes,
  useMeetingCall,
} from './meeting-parts';

function Minutes({ id: meetingId }: { id: string }) {
  const styles = useMeetingStyles();
  const navigate = useNavigate();
  const { room, meeting: m, loading, failed, busy } = useMeetingRoom(meetingId);
  const gateway = useMeetingCalls();
  const { calling: sending, run } = useMeetingCall();
  if (failed || !meetingId) {
    return <MeetingMissing back={MEETING_LIST_PATH} />;
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  /** 提交纪要: every item concluded, the minutes go to the chair; the page reads the meeting again. */
  const send = () =>
    run(
      () => gateway.submitMinutes(m.meetingId, m.version),
      '纪要已提交主任委员审核',
      () => room.send({ type: 'REFRESH' }),
    );
  return (
    <section className={styles.page}>
      <MeetingHeading title={`会议纪要：${m.title}`} status={m.status} />
      {m.status !== 'CLOSED' && (
        <div className={styles.card}>
          <Text>表决结束后才能形成议题结论。</Text>
        </div>
      )}
      {m.items.map((item) => (
        <section key={item.seq} className={styles.card} aria-label={`议题${item.seq}`}>
          <ItemHead item={item} />
          {item.conclusion ? (
            <Recorded item={item} />
          ) : m.status === 'CLOSED' ? (
            <ConcludeForm item={item} busy={busy} onConclude={(form) => room.send({ type: 'CONCLUDE', ...form })} />
          ) : null}
        </section>
      ))}
      {m.minutesReviewComment && !m.minutesSubmittedAt && (
        <div className={styles.card} role="note">
          <Text>主任委员退回意见：{m.minutesReviewComment}</Text>
        </div>
      )}
      <div className={styles.footer}>
        {m.status === 'CLOSED' && !m.minutesSubmittedAt && m.items.every((i) => i.conclusion) && (
          <Permission code="submit" path={MEETING_MINUTES_PATH}>
            <Button appearance="primary" disabled={busy || sending} onClick={send}>
              提交纪要
            </Button>
          </Permission>
        )}
        {m.minutesSubmittedAt && m.status === 'CLOSED' && <Text>纪要已提交主任委员审核</Text>}
        <PrintMinutes room={room} busy={busy} />
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </div>
    </section>
  );
}

function Recorded({ item }: { item: MeetingItem }) {
  const styles = useMeetingStyles();
  return (
    <div className={styles.row}>
      <Text weight="semibold">会议结论：{item.conclusion ? CONCLUSION_LABEL[item.conclusion] : '--'}</Text>
      {item.conditions.length > 0 && <Text>附加条件：{item.conditions.join('；')}</Text>}
      {item.minutes && <Text>议题纪要：{item.minutes}</Text>}
    </div>
  );
}

function ConcludeForm({
  item,
  busy,
  onConclude,
}: {
  item: MeetingItem;
  busy: boolean;
  onConclude: (form: Omit<ConclusionForm, 'seq'> & { seq: number }) => void;
}) {
  const styles = useMeetingStyles();
  const choices = agreeingConclusions(item);
  const [conclusion, setConclusion] = useState<Conclusion | ''>(choices.length === 1 ? choices[0]! : '');
  const [extra, setExtra] = useState('');
  const [minutes, setMinutes] = useState('');
  const passing = conclusion === 'PASSED' || conclusion === 'PASSED_WITH_CONDITIONS';
  const own = extra
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);
  return (
    <section className={styles.fields} aria-label={`议题${item.seq}结论`}>
      <Field label="会议结论" required hint="只列出与计票结果一致的结论">
        <Select aria-label="会议结论" value={conclusion} onChange={(_, d) => setConclusion(d.value as Conclusion | '')}>
          <option value="">请选择</option>
          {choices.map((c) => (
            <option key={c} value={c}>
              {CONCLUSION_LABEL[c]}
            </option>
          ))}
        </Select>
      </Field>
      {passing && (
        <Field
          label="附加条件（每行一条）"
          hint={item.tally.conditions.length ? `表决条件：${item.tally.conditions.join('；')}` : undefined}
        >
          <Textarea aria-label="附加条件" value={extra} maxLength={1000} onChange={(_, d) => setExtra(d.value)} />
        </Field>
      )}
      <Field label="议题纪要">
        <Textarea aria-label="议题纪要" value={minutes} maxLength={5000} onChange={(_, d) => setMinutes(d.value)} />
      </Field>
      <div>
        <Permission code="submit" path={MEETING_MINUTES_PATH}>
          <Button
            appearance="primary"
            disabled={busy || !conclusion}
            onClick={() =>
              conclusion &&
              onConclude({
                seq: item.seq,
                conclusion,
                ...(passing && own.length ? { conditions: own } : {}),
                ...(minutes.trim() ? { minutes: minutes.trim() } : {}),
              })
            }
          >
            记录结论
          </Button>
        </Permission>
      </div>
    </section>
  );
}

export const MeetingMinutesScreen = recordScreen(Minutes);
