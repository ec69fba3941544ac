// 评审会制作 (/business/approvalReviewMeetingMake, BUSINESS.md §4 "M"): 主题, 形式, 时间, 地点, the members with their
// role (主任委员 / 委员 / 列席; the secretary is the one making it) and the agenda picked from the businesses
// awaiting a meeting. 保存 keeps the draft, 发送通知 notifies a saved draft, 取消 asks for a reason and a
// confirmation. What is wrong with the plan is the domain's answer, shown before anything is sent.
import { Button, Checkbox, Select, Spinner, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createMeetingMakeMachine } from '../../../application/meeting/meeting-make.machine';
import { MEETING_FORM_LABEL } from '../../../domain/financing/meeting-rules';
import { MeetingPlanMessage } from '../../../domain/financing/meeting-workflow';
import { MEMBER_ROLE_LABEL, type MemberRole } from '../../../domain/financing/meeting-tally';
import { ROLE_NAME, type RoleCode } from '../../../domain/financing/roles';
import { formatFen } from '../../../domain/format/money-format';
import { useServices } from '../../app/services';
import { useConfirm } from '../../kit/dialogs/use-confirm';
import { SelectField, TextField } from '../../kit/form-fields';
import { Notice } from '../../kit/notice';
import { Permission } from '../../shell/permission';
import { SmallTable } from '../stage/detail-tab-parts';
import { MakeSection, recordScreen } from '../stage/stage-parts';
import {
  MEETING_LIST_PATH,
  MEETING_MAKE_PATH,
  MeetingStatusBadge,
  ReasonDialog,
  useMeetingCalls,
  useMeetingStyles,
  MeetingMissing,
} from './meeting-parts';

/** Where each of the plan's problems is shown: under its field, else above its section. */
const FIELD_OF: Readonly<Record<string, 'title' | 'location' | 'form' | 'time' | 'members' | 'agenda'>> = {
  [MeetingPlanMessage.title]: 'title',
  [MeetingPlanMessage.location]: 'location',
  [MeetingPlanMessage.form]: 'form',
  [MeetingPlanMessage.time]: 'time',
  [MeetingPlanMessage.tooSoon]: 'time',
  [MeetingPlanMessage.window]: 'time',
  [MeetingPlanMessage.votingMembers]: 'members',
  [MeetingPlanMessage.oneChair]: 'members',
  [MeetingPlanMessage.duplicateMember]: 'members',
  [MeetingPlanMessage.secretaryVotes]: 'members',
  [MeetingPlanMessage.seatStaffOnly]: 'members',
  [MeetingPlanMessage.seatChairRole]: 'members',
  [MeetingPlanMessage.seatMemberRole]: 'members',
  [MeetingPlanMessage.noAgenda]: 'agenda',
  [MeetingPlanMessage.duplicateItem]: 'agenda',
};

function MakeForm({ id: meetingId }: { id: string }) {
  const styles = useMeetingStyles();
  const { notifier, session } = useServices();
  const gateway = useMeetingCalls();
  const navigate = useNavigate();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? '');
  const [machine] = useState(() => createMeetingMakeMachine({ gateway, notifier }));
  const actor = useActorRef(machine, { input: { userId, ...(meetingId ? { meetingId } : {}) } });
  const c = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('notifying') || s.matches('cancelling'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const canNotify = useSelector(actor, (s) => s.can({ type: 'NOTIFY' }));
  const { confirm, dialog } = useConfirm();
  const [asking, setAsking] = useState(false);
  const draft = c.status === 'DRAFT';
  // Every problem of the last try at once, each where it is put right.
  const problemsAt = (where: string) => c.problems.filter((p) => FIELD_OF[p] === where);
  const fieldError = (where: string) => {
    const found = problemsAt(where);
    return found.length ? { validationState: 'error' as const, validationMessage: found.join('；') } : {};
  };
  const sectionErrors = (where: string) =>
    problemsAt(where).map((p) => (
      <Notice key={p} intent="error">
        {p}
      </Notice>
    ));

  useEffect(() => {
    if (done) navigate(MEETING_LIST_PATH);
  }, [done, navigate]);
  // A new meeting once saved is at its own address, so a reload or a shared link opens it again.
  useEffect(() => {
    if (!meetingId && c.meetingId) {
      navigate(`${MEETING_MAKE_PATH}?id=${encodeURIComponent(c.meetingId)}`, { replace: true });
    }
  }, [meetingId, c.meetingId, navigate]);

  const cancel = async (reason: string) => {
    setAsking(false);
    const yes = await confirm({
      title: '取消评审会',
      message: `确定取消评审会${c.meetingNo ? ` ${c.meetingNo}` : ''}吗？取消后不能恢复。`,
      type: 'warning',
    });
    if (yes) actor.send({ type: 'CANCEL', comment: reason });
  };
  const change = (key: 'title' | 'form' | 'location' | 'scheduledAt', text: string) =>
    actor.send({ type: 'CHANGE', key, text });

  if (failed) {
    return <MeetingMissing back={MEETING_LIST_PATH} />;
  }
  if (loading) return <Spinner label="加载中…" />;

  return (
    <section className={styles.page}>
      <div className={styles.row}>
        <Text as="h1" size={600} weight="semibold">
          {c.meetingId ? `编辑评审会 ${c.meetingNo}` : '新建评审会'}
        </Text>
        {c.meetingId && <MeetingStatusBadge status={c.status as 'DRAFT'} />}
      </div>
      <section className={styles.card} aria-label="会议信息">
        <div className={styles.fields}>
          <TextField
            label="会议主题"
            required
            value={c.texts.title}
            maxLength={100}
            disabled={!draft}
            placeholder="如：2026年第12次评审会"
            {...fieldError('title')}
            onChange={(text) => change('title', text)}
          />
          <SelectField
            label="会议形式"
            required
            value={c.texts.form}
            disabled={!draft}
            choices={Object.entries(MEETING_FORM_LABEL).map(([value, label]) => ({ value, label }))}
            {...fieldError('form')}
            onChange={(text) => change('form', text)}
          />
          <TextField
            label="会议时间"
            required
            hint="须在发送通知的一天之后"
            {...fieldError('time')}
            type="datetime-local"
            value={c.texts.scheduledAt}
            disabled={!draft}
            onChange={(text) => change('scheduledAt', text)}
          />
          <TextField
            label="会议地点"
            value={c.texts.location}
            maxLength={100}
            disabled={!draft}
            {...fieldError('location')}
            onChange={(text) => change('location', text)}
          />
        </div>
      </section>
      <MakeSection title="参会人员">
        <Text size={200}>表决委员（主任委员和委员）不少于3人；列席人员没有表决权。</Text>
        {sectionErrors('members')}
        {/* Two columns fit a phone: no minimum width, unlike the agenda's table. */}
        <SmallTable
          label="参会人员"
          columns={[{ title: '姓名' }, { title: '身份', width: 150 }]}
          rows={c.options.people
            .filter((p) => p.userId !== userId)
            .map((p) => ({
              key: p.userId,
              cells: [
                // Who they are in the tenant, so the seat given fits the role held (主任委员, 评审委员 …).
                p.roles.length
                  ? `${p.name}（${p.roles.map((r) => ROLE_NAME[r as RoleCode] ?? r).join('、')}）`
                  : p.name,
                <Select
                  key="role"
                  aria-label={`${p.name}的身份`}
                  value={c.seats[p.userId] ?? ''}
                  disabled={!draft}
                  onChange={(_, d) => actor.send({ type: 'SEAT', userId: p.userId, role: d.value as MemberRole | '' })}
                >
                  <option value="">不参会</option>
                  {(Object.keys(MEMBER_ROLE_LABEL) as MemberRole[]).map((r) => (
                    <option key={r} value={r}>
                      {MEMBER_ROLE_LABEL[r]}
                    </option>
                  ))}
                </Select>,
              ],
            }))}
        />
      </MakeSection>
      <MakeSection title="议题（报告已审批、待上会的业务）">
        {sectionErrors('agenda')}
        {c.options.businesses.length === 0 ? (
          <Text>暂无待上会的业务</Text>
        ) : (
          <SmallTable
            label="议题"
            minWidth="560px"
            columns={[
              { title: '选择', width: 48 },
              { title: '业务编号' },
              { title: '供应商' },
              { title: '申请金额（元）', width: 150, amount: true },
            ]}
            rows={c.options.businesses.map((b) => ({
              key: b.businessId,
              cells: [
                <Checkbox
                  key="pick"
                  aria-label={`选择议题 ${b.businessNo}`}
                  checked={c.agenda.includes(b.businessId)}
                  disabled={!draft}
                  onChange={() => actor.send({ type: 'TOGGLE_ITEM', businessId: b.businessId })}
                />,
                b.businessNo,
                b.supplierName || '--',
                formatFen(BigInt(b.applyAmount)),
              ],
            }))}
          />
        )}
      </MakeSection>
      {c.problems.length > 0 && (
        <Notice intent="warning" title={`请修改以下${c.problems.length}处后再保存或发送通知`}>
          <ul aria-label="评审会需要修改之处">
            {c.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      )}
      <div className={styles.footer}>
        {draft && (
          <Permission code="edit" path={MEETING_MAKE_PATH}>
            <Button disabled={busy} onClick={() => actor.send({ type: 'SAVE' })}>
              保存
            </Button>
          </Permission>
        )}
        {draft && (
          <Permission code="submit" path={MEETING_MAKE_PATH}>
            <Button
              appearance="primary"
              disabled={busy || !canNotify}
              title={c.meetingId ? undefined : '请先保存'}
              onClick={() => actor.send({ type: 'NOTIFY' })}
            >
              发送通知
            </Button>
          </Permission>
        )}
        {c.meetingId && ['DRAFT', 'NOTIFIED'].includes(c.status) && (
          <Permission code="terminate" path={MEETING_LIST_PATH}>
            <Button disabled={busy} onClick={() => setAsking(true)}>
              取消会议
            </Button>
          </Permission>
        )}
        <Button onClick={() => navigate(MEETING_LIST_PATH)}>返回</Button>
      </div>
      {asking && (
        <ReasonDialog open title="取消评审会" label="取消原因" onClose={() => setAsking(false)} onSubmit={cancel} />
      )}
      {dialog}
    </section>
  );
}

export const MeetingMakeScreen = recordScreen(MakeForm);
