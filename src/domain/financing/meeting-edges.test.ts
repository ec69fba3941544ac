// The meeting's plan and table at their edges: a title and a location at the 100-character limit and one
// over, counted after trimming; a time that is not one; several agenda items; the secretary's guard with no
// roles known, and the table's checks when the gateway brought no facts.
import { describe, expect, it } from 'vitest';
import { grantOf } from '../workflow/workflow';
import {
  MEETING_FLOW,
  MeetingFlowMessage,
  type MeetingPlan,
  MeetingPlanMessage,
  meetingPlanProblems,
} from './meeting-workflow';

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

describe('a meeting’s words at the limit', () => {
  it('a title of 1 to 100 characters after trimming', () => {
    expect(meetingPlanProblems({ ...plan, title: ` ${'评'.repeat(100)} ` })).toEqual([]);
    expect(meetingPlanProblems({ ...plan, title: '评'.repeat(101) })).toEqual([MeetingPlanMessage.title]);
    expect(meetingPlanProblems({ ...plan, title: '   ' })).toEqual([MeetingPlanMessage.title]);
  });

  it('a location of at most 100 characters after trimming, or none', () => {
    expect(meetingPlanProblems({ ...plan, location: ` ${'室'.repeat(100)}  ` })).toEqual([]);
    expect(meetingPlanProblems({ ...plan, location: '' })).toEqual([]);
    expect(meetingPlanProblems({ ...plan, location: '室'.repeat(101) })).toEqual([MeetingPlanMessage.location]);
  });

  it('a time that is not one is refused once, and not also as too soon', () => {
    expect(meetingPlanProblems({ ...plan, scheduledAt: '下周一' }, now)).toEqual([MeetingPlanMessage.time]);
  });

  it('several distinct agenda items hold; the same business twice does not', () => {
    const agenda = [{ businessId: 'b1' }, { businessId: 'b2' }, { businessId: 'b3' }];
    expect(meetingPlanProblems({ ...plan, agenda }, now)).toEqual([]);
    expect(meetingPlanProblems({ ...plan, agenda: [...agenda, { businessId: 'b2' }] })).toEqual([
      MeetingPlanMessage.duplicateItem,
    ]);
  });
});

describe('the meeting table without roles or facts', () => {
  const grants = new Set(MEETING_FLOW.transitions.map((t) => grantOf(t)));
  const guard = (action: string) => MEETING_FLOW.transitions.find((t) => t.action === action)!.guard!;
  const record = { status: 'DRAFT' as const, secretaryId: 'sec' };
  const at = new Date('2026-11-26T01:30:00.000Z');

  it('refuses anyone but the secretary when no roles are known', () => {
    expect(guard('cancel')(record, { actorId: 'other', grants, now: at })).toBe(MeetingFlowMessage.notSecretary);
    expect(guard('cancel')(record, { actorId: 'sec', grants, now: at })).toBeNull();
  });

  it('refuses to notify or close the vote when the gateway brought no facts', () => {
    const secretary = { actorId: 'sec', grants, now: at };
    expect(guard('notify')(record, secretary)).toBe(MeetingFlowMessage.notChecked);
    expect(guard('notify')(record, { ...secretary, facts: {} })).toBe(MeetingFlowMessage.notChecked);
    expect(guard('notify')(record, { ...secretary, facts: { planProblems: [] } })).toBeNull();
    expect(guard('closeVoting')({ ...record, status: 'VOTING' }, secretary)).toBe(MeetingFlowMessage.notChecked);
    expect(guard('closeVoting')({ ...record, status: 'VOTING' }, { ...secretary, facts: {} })).toBe(
      MeetingFlowMessage.notChecked,
    );
  });
});
