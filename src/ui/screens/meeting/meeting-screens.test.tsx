// @vitest-environment happy-dom
// The meeting's screens by role and label: a member votes 有条件同意 for themselves with their conditions and
// sees the tally read again; the secretary sees 结束表决 and 登记缺席 but no vote form; the minutes page offers
// only the conclusions that agree with the tally and records one; the make page sends the plan it shows. The
// committee reads what it votes on in its room (the report's 方案建议 and 核心指标, links to the report and the
// application), and once voting closed the conclusions with 打印纪要; the chair's 否决 asks a reason and confirms.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { MeetingDetail, MeetingPlanForm } from '../../../application/ports/meeting-gateway.port';
import type { ServerMenuItem } from '../../../domain/menu/menu';
import { tallyAgendaItem } from '../../../domain/financing/meeting-tally';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { MeetingMakeScreen } from './meeting-make-screen';
import { menu, stagesServing } from '../screen-test-support';
import { MeetingMinutesScreen } from './meeting-minutes-screen';
import { MeetingVoteScreen } from './meeting-vote-screen';
import { MinutesExamineInfoScreen } from './minutes-review-screen';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const clock = { now: () => new Date() };
const MEMBERS = [
  { userId: 'c', name: '郑国华', role: 'CHAIR' as const, attendance: null },
  { userId: 'm1', name: '冯涛', role: 'MEMBER' as const, attendance: null },
  { userId: 'm2', name: '褚云', role: 'MEMBER' as const, attendance: null },
];
type V = { memberId: string; opinion: 'AGREE' | 'DISAGREE' | 'AGREE_WITH_CONDITIONS'; conditions?: string[] };
const meetingOf = (status: MeetingDetail['status'], votes: V[]): MeetingDetail => {
  const named = votes.map((v) => ({
    memberId: v.memberId,
    name: MEMBERS.find((m) => m.userId === v.memberId)?.name ?? '',
    opinion: v.opinion,
    conditions: v.conditions ?? [],
    comment: '',
    votedAt: '2026-11-26T02:00:00.000Z',
  }));
  return {
    meetingId: 'hy1',
    meetingNo: 'HY202611260001',
    title: '2026年第12次评审会',
    form: 'ON_SITE',
    scheduledAt: '2026-11-28T02:00:00.000Z',
    location: '8楼会议室',
    chairId: 'c',
    secretaryId: 's',
    secretaryName: '钱芳',
    status,
    version: 4,
    members: MEMBERS,
    items: [
      {
        seq: 1,
        businessId: 'b1',
        businessNo: 'YW202611260001',
        supplierName: '华东建材有限公司',
        applyAmount: 1_000_000_00,
        conclusion: null,
        conditions: [],
        minutes: null,
        votes: named,
        tally: tallyAgendaItem(
          MEMBERS.map((m) => ({ userId: m.userId, role: m.role, attended: true })),
          named.map((v) => ({ userId: v.memberId, opinion: v.opinion, conditions: v.conditions })),
        ),
        myVote: null,
      },
    ],
  };
};

function render(
  path: string,
  userId: string,
  stages: ReturnType<typeof stagesServing>,
  menus: ServerMenuItem[],
  el: ReactElement,
) {
  const session = createActor(setup({}).createMachine({ context: { menus, user: { userId } } })).start();
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  renderInFluent(
    <MemoryRouter initialEntries={[path]}>
      <ServicesContext.Provider value={{ session, stages, notifier, clock } as unknown as Services}>
        <Routes>
          <Route path="/business/newDetails" element={<Where />} />
          <Route path="*" element={el} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { notifier };
}

/** Where a link led: the address it opened. */
function Where() {
  const at = useLocation();
  return <p>{`打开了 ${at.pathname}${at.search}`}</p>;
}

const VOTE_PAGE = '/business/approvalReviewMeetingImplementList';
const HIDDEN = { hidden: true } as const;

/** The report of business b1 as the report's detail sends it: its 方案建议 and one 核心指标. */
const REPORT_B1 = {
  keyId: 'b1',
  version: 3,
  revisions: [
    {
      revision: 1,
      steps: [
        {
          key: 'PROPOSAL',
          title: '方案建议',
          done: true,
          content: { proposedAmount: 900_000_00, proposedRate: '0.0600', proposedTermDays: 180, conclusion: 'APPROVE' },
          savedAt: '2026-11-20T02:00:00.000Z',
          savedBy: '陈静',
        },
      ],
    },
  ],
  indicators: [
    { key: 'currentRatio', label: '流动比率', value: '1.5000', formula: '流动资产÷流动负债', unit: 'ratio' },
  ],
};

describe('评审会执行', () => {
  it('lets a member vote 有条件同意 for themselves and shows the tally read again', async () => {
    let voted = false;
    const after = meetingOf('VOTING', [{ memberId: 'm1', opinion: 'AGREE_WITH_CONDITIONS', conditions: ['追加保证'] }]);
    after.items[0]!.myVote = after.items[0]!.votes[0]!;
    const stages = stagesServing({
      'GET /hy1': () => (voted ? after : meetingOf('VOTING', [])),
      'POST /hy1/vote': () => {
        voted = true;
        return after.items[0]!;
      },
    });
    render(`${VOTE_PAGE}?id=hy1`, 'm1', stages, [menu(VOTE_PAGE, ['examine'])], <MeetingVoteScreen />);
    const item = await screen.findByRole('region', { name: '议题1' });
    expect(within(item).getByLabelText('议题1计票').textContent).toContain('已表决 0 票');
    // No move is the member's.
    expect(screen.queryByRole('button', { name: '结束表决' })).toBeNull();
    const submit = within(item).getByRole('button', { name: '提交表决' }) as HTMLButtonElement;
    await userEvent.selectOptions(within(item).getByLabelText('表决意见'), '有条件同意');
    // 有条件同意 names its conditions first.
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(item).getByLabelText('条件'), '追加保证');
    await userEvent.click(submit);
    expect(stages.sent('POST', '/hy1/vote')).toEqual({
      seq: 1,
      opinion: 'AGREE_WITH_CONDITIONS',
      conditions: ['追加保证'],
    });
    expect(await within(item).findByText(/我的表决：有条件同意（条件：追加保证）/)).toBeTruthy();
    expect(within(item).getByLabelText('议题1计票').textContent).toContain('已表决 1 票');
  });

  it('shows the secretary 结束表决 and 登记缺席, and no vote form', async () => {
    const stages = stagesServing({ 'GET /hy1': () => meetingOf('VOTING', [{ memberId: 'm1', opinion: 'AGREE' }]) });
    render(`${VOTE_PAGE}?id=hy1`, 's', stages, [menu(VOTE_PAGE, ['submit'])], <MeetingVoteScreen />);
    expect(await screen.findByRole('button', { name: '结束表决' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '登记褚云缺席' })).toBeTruthy();
    // 冯涛 voted: not to be marked absent.
    expect(screen.queryByRole('button', { name: '登记冯涛缺席' })).toBeNull();
    expect(screen.queryByRole('button', { name: '提交表决' })).toBeNull();
  });
});

describe('评审会执行：委员读其所决', () => {
  it('shows a voting member the report’s 方案建议 and 核心指标 and links the report and the application', async () => {
    const stages = stagesServing({ 'GET /hy1': () => meetingOf('VOTING', []), 'GET /b1': () => REPORT_B1 });
    render(`${VOTE_PAGE}?id=hy1`, 'm1', stages, [menu(VOTE_PAGE, ['examine'])], <MeetingVoteScreen />);
    const brief = await screen.findByRole('region', { name: '议题1方案建议与核心指标' });
    const proposal = await within(brief).findByRole('region', { name: '方案建议' });
    expect(proposal.textContent).toContain('900,000.00 元');
    expect(proposal.textContent).toContain('6.00%');
    expect(within(brief).getByRole('table', { name: '核心指标' }).textContent).toContain('流动比率');
    await userEvent.click(screen.getByRole('button', { name: '收起方案建议' }));
    expect(screen.queryByRole('region', { name: '议题1方案建议与核心指标' })).toBeNull();
    await userEvent.click(screen.getByText('查看尽调报告'));
    expect(await screen.findByText('打开了 /business/newDetails?id=b1&tab=report')).toBeTruthy();
  });

  it('shows a member the conclusions once voting closed, with 打印纪要 of the minutes', async () => {
    const closed = meetingOf('CLOSED', [
      { memberId: 'c', opinion: 'AGREE' },
      { memberId: 'm1', opinion: 'AGREE_WITH_CONDITIONS', conditions: ['追加保证'] },
      { memberId: 'm2', opinion: 'AGREE' },
    ]);
    Object.assign(closed.items[0]!, {
      conclusion: 'PASSED_WITH_CONDITIONS',
      conditions: ['追加保证'],
      minutes: '一致同意',
    });
    const stages = stagesServing({ 'GET /hy1': () => closed });
    render(`${VOTE_PAGE}?id=hy1`, 'm1', stages, [menu(VOTE_PAGE, ['examine'])], <MeetingVoteScreen />);
    const item = await screen.findByRole('region', { name: '议题1' });
    expect(within(item).getByText('会议结论：有条件通过')).toBeTruthy();
    expect(within(item).getByText('附加条件：追加保证')).toBeTruthy();
    expect(within(item).getByText('议题纪要：一致同意')).toBeTruthy();
    // The brief waits to be opened once the member's vote is cast.
    expect(screen.queryByRole('region', { name: '议题1方案建议与核心指标' })).toBeNull();
    expect(screen.getByRole('button', { name: '打印纪要' })).toBeTruthy();
  });
});

describe('评审会审核：主任委员否决', () => {
  it('asks the 否决意见, confirms that it ends the business, and sends it with 通过', async () => {
    const review = meetingOf('CLOSED', [
      { memberId: 'c', opinion: 'AGREE' },
      { memberId: 'm1', opinion: 'AGREE' },
      { memberId: 'm2', opinion: 'AGREE' },
    ]);
    Object.assign(review, { minutesSubmittedAt: '2026-11-28T06:00:00.000Z' });
    Object.assign(review.items[0]!, { conclusion: 'PASSED' });
    const stages = stagesServing({ 'GET /hy1': () => review, 'POST /hy1/examine': () => review });
    const page = '/business/approvalReviewMeetingExamineInfo';
    render(`${page}?id=hy1`, 'c', stages, [menu(page, ['examine', 'reject'])], <MinutesExamineInfoScreen />);
    const item = await screen.findByRole('region', { name: '议题1' });
    await userEvent.click(within(item).getByRole('button', { name: '否决' }));
    // A dialog opened by a click stays aria-hidden in happy-dom (Fluent's focus trap waits for focus that
    // happy-dom never moves): its parts are found with `hidden: true`, as use-confirm.test.tsx does.
    const asked = await screen.findByRole('dialog', HIDDEN);
    expect(within(asked).getByRole('heading', { name: '否决议题1', ...HIDDEN })).toBeTruthy();
    const sure = within(asked).getByRole('button', { name: '确定', ...HIDDEN }) as HTMLButtonElement;
    // No 否决 without its reason.
    expect(sure.disabled).toBe(true);
    await userEvent.type(within(asked).getByLabelText('否决意见'), '第一还款来源不足');
    await userEvent.click(sure);
    const confirming = await screen.findByRole('alertdialog', HIDDEN);
    expect(confirming.textContent).toContain('终止业务 YW202611260001');
    await userEvent.click(within(confirming).getByRole('button', { name: '否决', ...HIDDEN }));
    expect(await within(item).findByText('否决意见：第一还款来源不足（纪要通过时生效）')).toBeTruthy();
    // The page may still be behind the closing dialog's focus trap for a moment.
    await userEvent.click(await screen.findByRole('button', { name: '通过', ...HIDDEN }));
    await vi.waitFor(() => expect(stages.sent('POST', '/hy1/examine')).toBeDefined());
    expect(stages.sent('POST', '/hy1/examine')).toEqual({
      action: 'approve',
      version: 4,
      vetoReasons: [{ seq: 1, reason: '第一还款来源不足' }],
    });
  });
});

describe('审批材料制作', () => {
  it('offers only the conclusions that agree with the tally and records one', async () => {
    const closed = meetingOf('CLOSED', [
      { memberId: 'c', opinion: 'DISAGREE' },
      { memberId: 'm1', opinion: 'AGREE' },
      { memberId: 'm2', opinion: 'DISAGREE' },
    ]);
    const stages = stagesServing({ 'GET /hy1': () => closed, 'POST /hy1/conclusion': () => closed.items[0]! });
    const page = '/business/approvalProduction';
    render(`${page}?id=hy1`, 's', stages, [menu(page, ['submit'])], <MeetingMinutesScreen />);
    const item = await screen.findByRole('region', { name: '议题1' });
    expect(within(item).getByRole('table', { name: '议题1记名表决' }).textContent).toContain('郑国华');
    const select = within(item).getByLabelText('会议结论') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['请选择', '否决', '复议']);
    await userEvent.selectOptions(select, '否决');
    await userEvent.type(within(item).getByLabelText('议题纪要'), '还款来源不足');
    await userEvent.click(within(item).getByRole('button', { name: '记录结论' }));
    expect(stages.sent('POST', '/hy1/conclusion')).toEqual({ seq: 1, conclusion: 'VETOED', minutes: '还款来源不足' });
  });

  it('lets the secretary correct minutes the chair returned, then send them with the meeting’s 纪要', async () => {
    const base = meetingOf('CLOSED', [
      { memberId: 'c', opinion: 'DISAGREE' },
      { memberId: 'm1', opinion: 'AGREE' },
      { memberId: 'm2', opinion: 'DISAGREE' },
    ]);
    const returned: MeetingDetail = {
      ...base,
      minutesSubmittedAt: null,
      minutesReviewComment: '请补充否决理由',
      minutesText: '会议审议议题一项。',
      items: [{ ...base.items[0]!, conclusion: 'VETOED', minutes: '还款来源不足' }],
    };
    const stages = stagesServing({
      'GET /hy1': () => returned,
      'POST /hy1/conclusion': () => returned.items[0]!,
      'POST /hy1/minutes/submit': () => ({ ...returned, minutesSubmittedAt: '2026-11-27T02:00:00.000Z' }),
    });
    const page = '/business/approvalProduction';
    render(`${page}?id=hy1`, 's', stages, [menu(page, ['submit'])], <MeetingMinutesScreen />);
    expect((await screen.findByRole('note', { name: '主任委员退回意见' })).textContent).toContain('请补充否决理由');
    const item = screen.getByRole('region', { name: '议题1' });
    await userEvent.click(within(item).getByRole('button', { name: '更正议题1' }));
    // The correction starts from what was recorded.
    expect((within(item).getByLabelText('会议结论') as HTMLSelectElement).value).toBe('VETOED');
    const minutes = within(item).getByLabelText('议题纪要');
    expect((minutes as HTMLTextAreaElement).value).toBe('还款来源不足');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '两名委员认为经营现金流不足');
    await userEvent.click(within(item).getByRole('button', { name: '保存更正' }));
    expect(stages.sent('POST', '/hy1/conclusion')).toEqual({
      seq: 1,
      conclusion: 'VETOED',
      minutes: '两名委员认为经营现金流不足',
    });
    const text = screen.getByRole('textbox', { name: '会议纪要' });
    expect((text as HTMLTextAreaElement).value).toBe('会议审议议题一项。');
    await userEvent.type(text, '否决一项。');
    await userEvent.click(screen.getByRole('button', { name: '提交纪要' }));
    expect(stages.sent('POST', '/hy1/minutes/submit')).toEqual({
      version: 4,
      minutesText: '会议审议议题一项。否决一项。',
    });
  });
});

describe('评审会制作', () => {
  it('saves the plan it shows: members with their roles and the agenda picked', async () => {
    const stages = stagesServing({
      'GET /options': () => ({
        businesses: [
          { businessId: 'b1', businessNo: 'YW202611260001', supplierName: '华东建材有限公司', applyAmount: 100_00 },
        ],
        people: [
          ...MEMBERS.map((m) => ({ userId: m.userId, name: m.name, roles: [] })),
          { userId: 'm3', name: '卫东', roles: [] },
        ],
      }),
      'POST ': () => ({ meetingId: 'hy1', meetingNo: 'HY202611260001' }),
      'GET /hy1': () => meetingOf('DRAFT', []),
    });
    const page = '/business/approvalReviewMeetingMake';
    render(page, 's', stages, [menu(page, ['edit', 'submit'])], <MeetingMakeScreen />);
    await userEvent.type(await screen.findByLabelText('会议主题'), '2026年第12次评审会');
    const notify = screen.getByRole('button', { name: '发送通知' }) as HTMLButtonElement;
    expect(notify.disabled).toBe(true);
    const when = screen.getByLabelText('会议时间');
    await userEvent.type(when, '2026-11-28T10:00');
    await userEvent.selectOptions(screen.getByLabelText('郑国华的身份'), '主任委员');
    for (const name of ['冯涛', '褚云', '卫东'])
      await userEvent.selectOptions(screen.getByLabelText(`${name}的身份`), '委员');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择议题 YW202611260001' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const plan = stages.sent('POST', '') as MeetingPlanForm;
    expect(plan).toEqual(
      expect.objectContaining({
        title: '2026年第12次评审会',
        chairId: 'c',
        scheduledAt: '2026-11-28T02:00:00.000Z',
        agenda: [{ businessId: 'b1' }],
      }),
    );
    expect(plan.members).toHaveLength(4);
  });
});
