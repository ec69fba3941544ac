import { describe, expect, it } from 'vitest';
import { applyTransition, grantOf } from '../workflow/workflow';
import { tallyAgendaItem } from './meeting-tally';
import {
  MEETING_FLOW,
  MEETING_EXAMINE_INFO_PATH,
  MEETING_IMPLEMENT_PATH,
  MEETING_INFO_PATH,
  MEETING_MAKE_PATH,
  MEETING_MANAGE_PATH,
  MEETING_PRODUCTION_PATH,
  MeetingFlowMessage,
  type MeetingPlan,
  MeetingPlanMessage,
  type MeetingRecord,
  meetingPagesOf,
  meetingPlanProblems,
  seatProblems,
  withinMeetingWindow,
} from './meeting-workflow';
import { ROLE } from './roles';

const plan: MeetingPlan = {
  title: '2026年第12次评审会',
  form: 'ON_SITE',
  location: '8楼会议室',
  scheduledAt: '2026-11-28T01:30:00.000Z',
  chairId: 'chair',
  secretaryId: 'sec',
  members: [
    { userId: 'chair', role: 'CHAIR' },
    { userId: 'm1', role: 'MEMBER' },
    { userId: 'm2', role: 'MEMBER' },
    { userId: 'sec', role: 'OBSERVER' },
  ],
  agenda: [{ businessId: 'b1' }],
};
const now = new Date('2026-11-26T01:30:00.000Z');

describe('meetingPlanProblems', () => {
  it('a meeting of a chair, two members and a 列席 secretary, two days ahead, holds', () => {
    expect(meetingPlanProblems(plan, now)).toEqual([]);
  });

  it('refuses fewer than three voting members, a second chair, the secretary voting, duplicates, no agenda', () => {
    expect(meetingPlanProblems({ ...plan, members: plan.members.slice(0, 2) })).toContain(
      MeetingPlanMessage.votingMembers,
    );
    expect(meetingPlanProblems({ ...plan, members: [...plan.members, { userId: 'm3', role: 'CHAIR' }] })).toContain(
      MeetingPlanMessage.oneChair,
    );
    expect(meetingPlanProblems({ ...plan, chairId: 'm1' })).toContain(MeetingPlanMessage.oneChair);
    expect(
      meetingPlanProblems({
        ...plan,
        members: [...plan.members.slice(0, 3), { userId: 'sec', role: 'MEMBER' }],
      }),
    ).toContain(MeetingPlanMessage.secretaryVotes);
    expect(meetingPlanProblems({ ...plan, members: [...plan.members, plan.members[1]!] })).toContain(
      MeetingPlanMessage.duplicateMember,
    );
    expect(meetingPlanProblems({ ...plan, agenda: [] })).toContain(MeetingPlanMessage.noAgenda);
    expect(meetingPlanProblems({ ...plan, agenda: [{ businessId: 'b' }, { businessId: 'b' }] })).toContain(
      MeetingPlanMessage.duplicateItem,
    );
    expect(meetingPlanProblems({ ...plan, form: 'PHONE', title: ' ' })).toEqual([
      MeetingPlanMessage.title,
      MeetingPlanMessage.form,
    ]);
  });

  it('the notice goes at least one day ahead of the meeting — exactly at the boundary', () => {
    const at = (ms: number) =>
      meetingPlanProblems({ ...plan, scheduledAt: new Date(now.getTime() + ms).toISOString() }, now);
    expect(at(24 * 3600_000)).toEqual([]);
    expect(at(24 * 3600_000 - 1)).toEqual([MeetingPlanMessage.tooSoon]);
  });
});

describe('seats and the meeting window', () => {
  const person = (userId: string, roles: string[], supplierUser = false) => ({
    userId,
    supplierUser,
    roles: new Set(roles),
  });
  const staff = [
    person('chair', [ROLE.CHAIR]),
    person('m1', [ROLE.MEMBER]),
    person('m2', [ROLE.MEMBER]),
    person('sec', [ROLE.SECRETARY]),
  ];

  it('seats staff holding the seat’s role; 列席 any staff', () => {
    expect(seatProblems(plan.members, staff)).toEqual([]);
  });

  it('refuses a supplier’s user in any seat, and a seat without its role', () => {
    const supplier = [...staff.filter((p) => p.userId !== 'sec'), person('sec', [], true)];
    expect(seatProblems(plan.members, supplier)).toEqual([MeetingPlanMessage.seatStaffOnly]);
    const members = [...plan.members, { userId: 'sec', role: 'MEMBER' as const }];
    expect(seatProblems(members, staff)).toEqual([MeetingPlanMessage.seatMemberRole]);
    const chair = staff.map((p) => (p.userId === 'chair' ? person('chair', [ROLE.MEMBER]) : p));
    expect(seatProblems(plan.members, chair)).toEqual([MeetingPlanMessage.seatChairRole]);
  });

  it('holds a meeting from now to a year ahead, and refuses year 9999 and the past at its notice', () => {
    expect(withinMeetingWindow(plan.scheduledAt, now)).toBe(true);
    expect(withinMeetingWindow('9999-12-31T00:00:00.000Z', now)).toBe(false);
    expect(withinMeetingWindow('2026-11-25T00:00:00.000Z', now)).toBe(false);
    expect(meetingPlanProblems({ ...plan, scheduledAt: '9999-12-31T00:00:00.000Z' }, now)).toEqual([
      MeetingPlanMessage.window,
    ]);
  });
});

describe('MEETING_FLOW', () => {
  const grants = new Set(MEETING_FLOW.transitions.map(grantOf));
  const ctx = (actorId: string, facts = {}) => ({
    actorId,
    grants,
    roles: new Set<string>([ROLE.SECRETARY]),
    now,
    facts,
  });
  const meeting = (status: MeetingRecord['status']): MeetingRecord => ({ status, secretaryId: 'sec' });

  it('the own secretary notifies, opens and closes the vote once every attending member voted', () => {
    expect(applyTransition(MEETING_FLOW, meeting('DRAFT'), 'notify', ctx('sec', { planProblems: [] }))).toMatchObject({
      ok: true,
      to: 'NOTIFIED',
    });
    expect(applyTransition(MEETING_FLOW, meeting('NOTIFIED'), 'openVoting', ctx('sec'))).toMatchObject({
      ok: true,
      to: 'VOTING',
    });
    const members = [
      { userId: 'a', role: 'CHAIR' as const, attended: true },
      { userId: 'b', role: 'MEMBER' as const, attended: true },
      { userId: 'c', role: 'MEMBER' as const, attended: false },
    ];
    const done = tallyAgendaItem(members, [
      { userId: 'a', opinion: 'AGREE' },
      { userId: 'b', opinion: 'DISAGREE' },
    ]);
    const waiting = tallyAgendaItem(members, [{ userId: 'a', opinion: 'AGREE' }]);
    expect(
      applyTransition(MEETING_FLOW, meeting('VOTING'), 'closeVoting', ctx('sec', { tallies: [done] })),
    ).toMatchObject({
      ok: true,
      to: 'CLOSED',
    });
    expect(
      applyTransition(MEETING_FLOW, meeting('VOTING'), 'closeVoting', ctx('sec', { tallies: [done, waiting] })),
    ).toMatchObject({ ok: false, message: MeetingFlowMessage.votesMissing });
  });

  it('must not: another secretary, a plan with problems, unchecked facts, cancelling once voting opened', () => {
    expect(applyTransition(MEETING_FLOW, meeting('NOTIFIED'), 'openVoting', ctx('other'))).toMatchObject({
      ok: false,
      message: MeetingFlowMessage.notSecretary,
    });
    expect(
      applyTransition(
        MEETING_FLOW,
        meeting('DRAFT'),
        'notify',
        ctx('sec', { planProblems: [MeetingPlanMessage.tooSoon] }),
      ),
    ).toMatchObject({ ok: false, message: MeetingPlanMessage.tooSoon });
    expect(applyTransition(MEETING_FLOW, meeting('VOTING'), 'closeVoting', ctx('sec'))).toMatchObject({
      ok: false,
      message: MeetingFlowMessage.notChecked,
    });
    expect(applyTransition(MEETING_FLOW, meeting('VOTING'), 'cancel', ctx('sec'), { comment: '改期' })).toMatchObject({
      ok: false,
      reason: 'state',
    });
    expect(applyTransition(MEETING_FLOW, meeting('NOTIFIED'), 'cancel', ctx('sec'), { comment: '改期' })).toMatchObject(
      {
        ok: true,
        to: 'CANCELLED',
      },
    );
  });
});

describe('meetingPagesOf', () => {
  const codes = (role: string) =>
    Object.fromEntries([...meetingPagesOf(role)].map(([menu, ops]) => [menu, [...ops].sort()]));

  it('gives the secretary the list with 取消, the make page, the vote controls, the minutes and the info page', () => {
    expect(codes(ROLE.SECRETARY)).toEqual({
      [MEETING_MANAGE_PATH]: ['add', 'export', 'terminate'],
      [MEETING_MAKE_PATH]: ['delete', 'edit', 'submit'],
      [MEETING_IMPLEMENT_PATH]: ['submit'],
      [MEETING_PRODUCTION_PATH]: ['submit'],
      [MEETING_INFO_PATH]: ['export'],
    });
  });

  it('gives members the vote only, the chair the vote and the minutes’ review, and other roles nothing', () => {
    expect(codes(ROLE.MEMBER)).toEqual({ [MEETING_IMPLEMENT_PATH]: ['examine'] });
    expect(codes(ROLE.CHAIR)).toEqual({
      [MEETING_IMPLEMENT_PATH]: ['examine'],
      [MEETING_EXAMINE_INFO_PATH]: ['examine', 'reject'],
    });
    expect(codes(ROLE.OPERATOR)).toEqual({});
  });
});
