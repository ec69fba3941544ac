// The meeting room without a DOM: a member's own vote goes to the gateway and the tally is read again; a vote
// the rules refuse (twice, or while voting is closed) is never sent (`.can()`); a refused call keeps the page;
// the tally is polled while voting is open.
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tallyAgendaItem } from '../../domain/financing/meeting-tally';
import type { MeetingDetail, MeetingGateway } from '../ports/meeting-gateway.port';
import { agreeingConclusions, createMeetingRoomMachine, TALLY_POLL_MS } from './meeting-room.machine';

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
const members = [
  { userId: 'c', name: '郑国华', role: 'CHAIR' as const, attendance: null },
  { userId: 'm1', name: '冯涛', role: 'MEMBER' as const, attendance: null },
  { userId: 'm2', name: '褚云', role: 'MEMBER' as const, attendance: null },
];
const meetingWith = (status: MeetingDetail['status'], votes: { memberId: string; opinion: 'AGREE' | 'DISAGREE' }[]) => {
  const v = votes.map((x) => ({ ...x, name: '', conditions: [], comment: '', votedAt: '2026-11-26T02:00:00.000Z' }));
  return {
    meetingId: 'hy1',
    meetingNo: 'HY202611260001',
    title: '第12次评审会',
    form: 'ON_SITE',
    scheduledAt: '2026-11-28T02:00:00.000Z',
    location: '8楼',
    chairId: 'c',
    secretaryId: 's',
    secretaryName: '钱芳',
    status,
    version: 4,
    members,
    items: [
      {
        seq: 1,
        businessId: 'b1',
        businessNo: 'YW1',
        supplierName: '华东建材',
        applyAmount: 100_00,
        conclusion: null,
        conditions: [],
        minutes: null,
        votes: v,
        tally: tallyAgendaItem(
          members.map((m) => ({ userId: m.userId, role: m.role, attended: true })),
          v.map((x) => ({ userId: x.memberId, opinion: x.opinion })),
        ),
        myVote: null,
      },
    ],
  } satisfies MeetingDetail;
};

const gatewayOf = (first: MeetingDetail, after: MeetingDetail, over: Partial<MeetingGateway> = {}) => {
  let reads = 0;
  const gateway = {
    get: vi.fn(async () => (reads++ === 0 ? first : after)),
    vote: vi.fn(async () => after.items[0]!),
    transition: vi.fn(async () => after),
    ...over,
  } as unknown as MeetingGateway;
  return gateway;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('meeting room', () => {
  it('sends the member’s own vote and shows the tally read again', async () => {
    const before = meetingWith('VOTING', []);
    const after = meetingWith('VOTING', [{ memberId: 'm1', opinion: 'AGREE' }]);
    const gateway = gatewayOf(before, after);
    const actor = createActor(createMeetingRoomMachine({ gateway, notifier }), {
      input: { meetingId: 'hy1', userId: 'm1' },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'VOTE', seq: 1, opinion: 'AGREE', comment: '同意' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.meeting?.items[0]?.tally.inFavour === 1);
    expect(gateway.vote).toHaveBeenCalledWith('hy1', { seq: 1, opinion: 'AGREE', comment: '同意' });
    expect(notifier.success).toHaveBeenCalledWith('表决已提交');
    actor.stop();
  });

  it('offers no vote the rules refuse: twice, for a closed meeting, or without conditions', async () => {
    const voted = meetingWith('VOTING', [{ memberId: 'm1', opinion: 'AGREE' }]);
    const actor = createActor(createMeetingRoomMachine({ gateway: gatewayOf(voted, voted), notifier }), {
      input: { meetingId: 'hy1', userId: 'm1' },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'VOTE', seq: 1, opinion: 'DISAGREE' })).toBe(false);
    actor.stop();

    const closed = meetingWith('CLOSED', []);
    const other = createActor(createMeetingRoomMachine({ gateway: gatewayOf(closed, closed), notifier }), {
      input: { meetingId: 'hy1', userId: 'm2' },
    }).start();
    await waitFor(other, (s) => s.matches('ready'));
    const snapshot = other.getSnapshot();
    expect(snapshot.can({ type: 'VOTE', seq: 1, opinion: 'AGREE' })).toBe(false);
    // A member is no secretary: no move, no 缺席 mark.
    expect(snapshot.can({ type: 'MOVE', action: 'closeVoting' })).toBe(false);
    expect(snapshot.can({ type: 'ABSENT', memberId: 'm1' })).toBe(false);
    other.stop();

    const open = meetingWith('VOTING', []);
    const third = createActor(createMeetingRoomMachine({ gateway: gatewayOf(open, open), notifier }), {
      input: { meetingId: 'hy1', userId: 'm2' },
    }).start();
    await waitFor(third, (s) => s.matches('ready'));
    expect(third.getSnapshot().can({ type: 'VOTE', seq: 1, opinion: 'AGREE_WITH_CONDITIONS', conditions: [] })).toBe(
      false,
    );
    expect(third.getSnapshot().can({ type: 'VOTE', seq: 1, opinion: 'AGREE' })).toBe(true);
    third.stop();
  });

  it('keeps the page when the gateway refuses, and polls the tally while voting is open', async () => {
    vi.useFakeTimers();
    const open = meetingWith('VOTING', []);
    const gateway = gatewayOf(open, meetingWith('VOTING', [{ memberId: 'c', opinion: 'AGREE' }]), {
      vote: vi.fn(async () => {
        throw new Error('您已对该议题表决，不能重复表决');
      }),
    });
    const actor = createActor(createMeetingRoomMachine({ gateway, notifier }), {
      input: { meetingId: 'hy1', userId: 'm1' },
    }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'VOTE', seq: 1, opinion: 'AGREE' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.meeting?.items[0]?.tally.inFavour).toBe(0);
    await vi.advanceTimersByTimeAsync(TALLY_POLL_MS + 10);
    await vi.waitFor(() => expect(actor.getSnapshot().context.meeting?.items[0]?.tally.inFavour).toBe(1));
    actor.stop();
  });

  it('offers the conclusions that agree with the tally', () => {
    const passed = meetingWith('CLOSED', [
      { memberId: 'c', opinion: 'AGREE' },
      { memberId: 'm1', opinion: 'AGREE' },
      { memberId: 'm2', opinion: 'DISAGREE' },
    ]).items[0]!;
    expect(agreeingConclusions(passed)).toEqual(['PASSED', 'RECONSIDER']);
    expect(agreeingConclusions(passed, 1)).toEqual(['PASSED']);
    const failed = meetingWith('CLOSED', [
      { memberId: 'c', opinion: 'DISAGREE' },
      { memberId: 'm1', opinion: 'AGREE' },
      { memberId: 'm2', opinion: 'DISAGREE' },
    ]).items[0]!;
    expect(agreeingConclusions(failed)).toEqual(['VETOED', 'RECONSIDER']);
  });
});
