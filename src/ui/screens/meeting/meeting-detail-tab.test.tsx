// @vitest-environment happy-dom
// 业务详情's 评审会 tab: the meetings that heard the business, latest first — a closed one with its conclusion,
// tally and named votes, 打印纪要 for who holds the minutes' export; a meeting still voting shows no vote; the
// tab is declared for the MEETING stage and shown only when the gateway sent the section.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { BusinessDetail, MeetingSection } from '../../../domain/financing/business-list';
import { tallyAgendaItem } from '../../../domain/financing/meeting-tally';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { menu, stagesServing } from '../screen-test-support';
import { DETAIL_TABS, GATHERED_TABS, tabsFor } from '../stage/detail-tabs';
import { MeetingDetailTab } from './meeting-detail-tab';
import { detailTab as meetingTab } from './meeting.screens';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const INFO = '/business/approvalReviewMeetingInfo';

const VOTERS = [
  { userId: 'c', role: 'CHAIR' as const, attended: false },
  { userId: 'm1', role: 'MEMBER' as const, attended: true },
  { userId: 'm2', role: 'MEMBER' as const, attended: true },
  { userId: 'm3', role: 'MEMBER' as const, attended: true },
];
const votes = [
  { memberId: 'm1', name: '冯涛', opinion: 'AGREE' as const, conditions: [], comment: '还款来源清晰' },
  { memberId: 'm2', name: '褚云', opinion: 'AGREE_WITH_CONDITIONS' as const, conditions: ['追加保证'], comment: '' },
  { memberId: 'm3', name: '卫东', opinion: 'DISAGREE' as const, conditions: [], comment: '集中度偏高' },
].map((v) => ({ ...v, votedAt: '2026-11-26T02:00:00.000Z' }));

const closed: MeetingSection['hearings'][number] = {
  meetingId: 'hy2',
  meetingNo: 'HY202611260002',
  title: '2026年第20次融资评审会',
  scheduledAt: '2026-11-28T01:30:00.000Z',
  status: 'ARCHIVED',
  seq: 1,
  conclusion: 'PASSED_WITH_CONDITIONS',
  conditions: ['追加保证'],
  minutes: '到会委员多数同意。',
  votes,
  tally: tallyAgendaItem(
    VOTERS,
    votes.map((v) => ({ userId: v.memberId, opinion: v.opinion, conditions: v.conditions })),
  ),
};
const voting: MeetingSection['hearings'][number] = {
  ...closed,
  meetingId: 'hy3',
  meetingNo: 'HY202611260003',
  title: '2026年第21次融资评审会',
  status: 'VOTING',
  conclusion: null,
  conditions: [],
  minutes: null,
  votes: [],
  tally: null,
};

const detailWith = (sections: BusinessDetail['sections']) => ({ keyId: 'b1', sections }) as BusinessDetail;

function render(hearings: MeetingSection['hearings'], codes: string[]) {
  const session = createActor(
    setup({}).createMachine({ context: { menus: [menu(INFO, codes)], user: { userId: 'u' } } }),
  ).start();
  const stages = stagesServing({ 'GET /hy2/minutes': () => '评审会纪要-HY202611260002.pdf' });
  renderInFluent(
    <MemoryRouter>
      <ServicesContext.Provider value={{ session, stages, notifier: {} } as unknown as Services}>
        <MeetingDetailTab detail={detailWith({ meeting: { hearings } })} />
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
  return { stages };
}

describe('业务详情 · 评审会', () => {
  it('is declared for the meeting stage and shown only with its section', () => {
    expect(meetingTab).toMatchObject({ key: 'meeting', label: '评审会', stage: 'MEETING' });
    expect(DETAIL_TABS.map((t) => t.key)).toContain('meeting');
    // Every tab of 业务详情 is declared one way: its stage's `*.screens.ts` exports it as `detailTab`.
    expect(Object.keys(GATHERED_TABS).every((file) => file.endsWith('.screens.ts'))).toBe(true);
    expect(Object.keys(GATHERED_TABS).map((f) => f.split('/').at(-1))).toEqual(
      expect.arrayContaining(['business.screens.ts', 'demand.screens.ts', 'financing-application.screens.ts']),
    );
    expect(DETAIL_TABS.map((t) => t.key)).toEqual(expect.arrayContaining(['attachments', 'preCredit', 'application']));
    expect(tabsFor(detailWith({}), [meetingTab])).toEqual([]);
    expect(tabsFor(detailWith({ meeting: { hearings: [closed] } }), [meetingTab])).toEqual([meetingTab]);
  });

  it('shows the conclusion, the tally and the named votes, and prints the minutes', async () => {
    const { stages } = render([closed], ['export']);
    const card = screen.getByRole('region', { name: '评审会 HY202611260002' });
    const facts = within(card).getByLabelText('评审会 HY202611260002 概要');
    expect(facts.textContent).toContain('有条件通过');
    // Entered as 09:30 Beijing time: read the same in any browser's zone (this one's is not Beijing's).
    expect(facts.textContent).toContain('2026-11-28 09:30');
    expect(facts.textContent).toContain('追加保证');
    expect(facts.textContent).toContain('到会委员多数同意。');
    // 3 of 4 attend (quorum 3); 2 in favour ≥ ⌈2/3 × 3⌉ = 2.
    expect(within(card).getByLabelText('议题1计票').textContent).toContain('出席 3 人');
    expect(within(card).getByLabelText('议题1计票').textContent).toContain('同意（含有条件同意）2 票；达到通过比例');
    const table = within(card).getByRole('table', { name: '议题1记名表决' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['冯涛同意--还款来源清晰', '褚云有条件同意追加保证--', '卫东不同意--集中度偏高']);
    await userEvent.click(within(card).getByRole('button', { name: '打印纪要' }));
    expect(stages.download).toHaveBeenCalledWith(expect.anything(), '/hy2/minutes', {}, '评审会纪要.pdf');
  });

  it('shows no vote of a meeting still voting, and no 打印纪要 without the export code', () => {
    render([voting, closed], []);
    const cards = screen.getAllByRole('region');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['评审会 HY202611260003', '评审会 HY202611260002']);
    expect(within(cards[0]!).queryByRole('table')).toBeNull();
    expect(within(cards[0]!).getByText('表决结束后显示记名表决结果。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打印纪要' })).toBeNull();
  });
});
