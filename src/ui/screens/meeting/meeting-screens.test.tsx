// @vitest-environment happy-dom
// The meeting's screens by role and label: a member votes 有条件同意 for themselves with their conditions and
// sees the tally read again; the secretary sees 结束表决 and 登记缺席 but no vote form; the minutes page offers
// only the conclusions that agree with the tally and records one; the make page sends the plan it shows.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

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
      <ServicesContext.Provider value={{ session, stages, notifier } as unknown as Services}>
        <Routes>
          <Route path="*" element={el} />
        </Routes>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { notifier };
}

const VOTE_PAGE = '/business/approvalReviewMeetingImplementList';

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
