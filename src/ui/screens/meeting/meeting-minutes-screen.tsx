// 审批材料制作 (/business/approvalProduction, BUSINESS.md §4 "M"; Decisions: Meeting): after the vote the secretary
// records per item a conclusion that agrees with the tally (通过 / 有条件通过 only when passed, 否决 when not, 复议
// once), the conditions of 有条件同意 votes merged with their own, and the item's minutes text, then the meeting's
// own 纪要 as the minutes go to the chair. Minutes the chair returned are corrected here (更正: conclusion,
// conditions, item minutes; the 纪要 again). 打印纪要 downloads the minutes with the named vote table as a PDF.
import { Button, Field, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { agreeingConclusions } from '../../../application/meeting/meeting-room.machine';
import type { ConclusionForm, MeetingDetail, MeetingItem } from '../../../application/ports/meeting-gateway.port';
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
  const [correcting, setCorrecting] = useState<number | null>(null);
  if (failed || !meetingId) {
    return <MeetingMissing back={MEETING_LIST_PATH} />;
  }
  if (loading || !m) return <Spinner label="加载中…" />;
  // Returned by the chair and not yet sent again: every recorded item may be corrected.
  const returned = m.status === 'CLOSED' && !!m.minutesReviewComment && !m.minutesSubmittedAt;
  return (
    <section className={styles.page}>
      <MeetingHeading title={`会议纪要：${m.title}`} status={m.status} />
      {m.status !== 'CLOSED' && (
        <div className={styles.card}>
          <Text>表决结束后才能形成议题结论。</Text>
        </div>
      )}
      {returned && (
        <div className={styles.card} role="note" aria-label="主任委员退回意见">
          <Text>主任委员退回意见：{m.minutesReviewComment}</Text>
          <Text size={200}>可更正各议题的结论、附加条件与议题纪要，以及会议纪要，再次提交。</Text>
        </div>
      )}
      {m.items.map((item) => (
        <section key={item.seq} className={styles.card} aria-label={`议题${item.seq}`}>
          <ItemHead item={item} />
          {item.conclusion && correcting !== item.seq ? (
            <>
              <Recorded item={item} />
              {returned && (
                <Permission code="submit" path={MEETING_MINUTES_PATH}>
                  <div>
                    <Button disabled={busy} onClick={() => setCorrecting(item.seq)}>
                      更正议题{item.seq}
                    </Button>
                  </div>
                </Permission>
              )}
            </>
          ) : m.status === 'CLOSED' ? (
            <ConcludeForm
              item={item}
              busy={busy}
              onCancel={item.conclusion ? () => setCorrecting(null) : undefined}
              onConclude={(form) => {
                setCorrecting(null);
                room.send({ type: 'CONCLUDE', ...form });
              }}
            />
          ) : null}
        </section>
      ))}
      {m.status === 'CLOSED' && !m.minutesSubmittedAt ? (
        <SubmitMinutes
          key={m.version}
          meeting={m}
          busy={busy || correcting !== null}
          onSent={() => room.send({ type: 'REFRESH' })}
        />
      ) : (
        m.minutesText && (
          <section className={styles.card} aria-label="会议纪要">
            <Text>会议纪要：{m.minutesText}</Text>
          </section>
        )
      )}
      <div className={styles.footer}>
        {m.minutesSubmittedAt && m.status === 'CLOSED' && <Text>纪要已提交主任委员审核</Text>}
        <PrintMinutes room={room} busy={busy} />
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </div>
    </section>
  );
}

/** The meeting's 纪要 and 提交纪要: every item concluded, the minutes go to the chair with the 纪要 as written. */
function SubmitMinutes({ meeting: m, busy, onSent }: { meeting: MeetingDetail; busy: boolean; onSent: () => void }) {
  const styles = useMeetingStyles();
  const gateway = useMeetingCalls();
  const { calling: sending, run } = useMeetingCall();
  const [text, setText] = useState(m.minutesText ?? '');
  const ready = m.items.every((i) => i.conclusion);
  const send = () =>
    run(() => gateway.submitMinutes(m.meetingId, m.version, text.trim()), '纪要已提交主任委员审核', onSent);
  return (
    <section className={styles.card} aria-label="会议纪要">
      <Field label="会议纪要" hint="会议的总体纪要，随纪要提交并打印在纪要中">
        <Textarea aria-label="会议纪要" value={text} maxLength={5000} onChange={(_, d) => setText(d.value)} />
      </Field>
      {ready && (
        <Permission code="submit" path={MEETING_MINUTES_PATH}>
          <div>
            <Button appearance="primary" disabled={busy || sending} onClick={send}>
              提交纪要
            </Button>
          </div>
        </Permission>
      )}
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
  onCancel,
}: {
  item: MeetingItem;
  busy: boolean;
  onConclude: (form: Omit<ConclusionForm, 'seq'> & { seq: number }) => void;
  /** A correction may be given up, leaving the recorded conclusion as it was. */
  onCancel?: (() => void) | undefined;
}) {
  const styles = useMeetingStyles();
  const choices = agreeingConclusions(item);
  // A correction starts from what was recorded: its conclusion, its own conditions (beyond the votes'), minutes.
  const [conclusion, setConclusion] = useState<Conclusion | ''>(
    item.conclusion ?? (choices.length === 1 ? choices[0]! : ''),
  );
  const [extra, setExtra] = useState(item.conditions.filter((c) => !item.tally.conditions.includes(c)).join('\n'));
  const [minutes, setMinutes] = useState(item.minutes ?? '');
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
            {item.conclusion ? '保存更正' : '记录结论'}
          </Button>
        </Permission>
        {onCancel && <Button onClick={onCancel}>取消更正</Button>}
      </div>
    </section>
  );
}

export const MeetingMinutesScreen = recordScreen(Minutes);
