// 评审会制作 without a DOM: a plan typed in full is saved as the gateway expects it (Asia/Shanghai time as an
// instant, the chair from the seats) and then notified; a plan the domain refuses is never sent; the notice
// waits for a saved draft (`.can()`); a refused save keeps what was typed.
import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { MeetingPlanMessage } from '../../domain/financing/meeting-workflow';
import type { MeetingDetail, MeetingGateway } from '../ports/meeting-gateway.port';
import { createMeetingMakeMachine, problemsSummary } from './meeting-make.machine';

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
const options = {
  businesses: [{ businessId: 'b1', businessNo: 'YW1', supplierName: '华东建材', applyAmount: 100_00 }],
  people: ['c', 'm1', 'm2', 'm3'].map((userId) => ({ userId, name: userId, roles: [] })),
};
const saved = (version: number, status: MeetingDetail['status'] = 'DRAFT') =>
  ({
    meetingId: 'hy1',
    meetingNo: 'HY202611260001',
    version,
    status,
    items: [],
    members: [],
  }) as unknown as MeetingDetail;

const gatewayOf = (over: Partial<MeetingGateway> = {}) =>
  ({
    options: vi.fn(async () => options),
    get: vi.fn(async () => saved(1)),
    create: vi.fn(async () => ({ meetingId: 'hy1', meetingNo: 'HY202611260001' })),
    update: vi.fn(async () => saved(2)),
    transition: vi.fn(async () => saved(3, 'NOTIFIED')),
    ...over,
  }) as unknown as MeetingGateway;

const fill = (actor: ReturnType<typeof start>) => {
  actor.send({ type: 'CHANGE', key: 'title', text: '第12次评审会' });
  actor.send({ type: 'CHANGE', key: 'location', text: '8楼会议室' });
  actor.send({ type: 'CHANGE', key: 'scheduledAt', text: '2026-11-28T10:00' });
  actor.send({ type: 'SEAT', userId: 'c', role: 'CHAIR' });
  for (const m of ['m1', 'm2', 'm3']) actor.send({ type: 'SEAT', userId: m, role: 'MEMBER' });
  actor.send({ type: 'TOGGLE_ITEM', businessId: 'b1' });
};
const start = (gateway: MeetingGateway) =>
  createActor(createMeetingMakeMachine({ gateway, notifier }), { input: { userId: 's' } }).start();

describe('meeting make', () => {
  it('saves the plan as the gateway reads it, then sends the notice', async () => {
    const gateway = gatewayOf();
    const actor = start(gateway);
    await waitFor(actor, (s) => s.matches('editing'));
    // A new meeting is saved before its notice goes out.
    fill(actor);
    expect(actor.getSnapshot().can({ type: 'NOTIFY' })).toBe(false);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.meetingId === 'hy1');
    expect(gateway.create).toHaveBeenCalledWith({
      title: '第12次评审会',
      form: 'ON_SITE',
      location: '8楼会议室',
      scheduledAt: '2026-11-28T02:00:00.000Z',
      chairId: 'c',
      members: [
        { userId: 'c', role: 'CHAIR' },
        { userId: 'm1', role: 'MEMBER' },
        { userId: 'm2', role: 'MEMBER' },
        { userId: 'm3', role: 'MEMBER' },
      ],
      agenda: [{ businessId: 'b1' }],
    });
    expect(actor.getSnapshot().can({ type: 'NOTIFY' })).toBe(true);
    actor.send({ type: 'NOTIFY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(gateway.update).toHaveBeenCalledWith('hy1', expect.objectContaining({ chairId: 'c' }), 1);
    expect(gateway.transition).toHaveBeenCalledWith('hy1', 'notify', 2);
  });

  it('shows the domain’s refusal and sends nothing for a thin plan', async () => {
    const gateway = gatewayOf();
    const actor = start(gateway);
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor);
    actor.send({ type: 'SEAT', userId: 'm3', role: '' });
    actor.send({ type: 'SEAT', userId: 'm2', role: 'OBSERVER' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problems).toEqual([MeetingPlanMessage.votingMembers]);
    expect(notifier.warning).toHaveBeenCalledWith(MeetingPlanMessage.votingMembers);
    expect(gateway.create).not.toHaveBeenCalled();
  });

  it('names every problem of the form at once and drops each as it is put right', async () => {
    const gateway = gatewayOf();
    const actor = start(gateway);
    await waitFor(actor, (s) => s.matches('editing'));
    // Nothing typed, nobody seated, no agenda: four problems, one press.
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problems).toEqual([
      MeetingPlanMessage.title,
      MeetingPlanMessage.time,
      MeetingPlanMessage.votingMembers,
      MeetingPlanMessage.oneChair,
      MeetingPlanMessage.noAgenda,
    ]);
    expect(notifier.warning).toHaveBeenLastCalledWith(problemsSummary(actor.getSnapshot().context.problems));
    expect(problemsSummary(actor.getSnapshot().context.problems)).toBe('评审会有5处需要修改，请按提示逐项修改');
    actor.send({ type: 'CHANGE', key: 'title', text: '第12次评审会' });
    actor.send({ type: 'TOGGLE_ITEM', businessId: 'b1' });
    expect(actor.getSnapshot().context.problems).toEqual([
      MeetingPlanMessage.time,
      MeetingPlanMessage.votingMembers,
      MeetingPlanMessage.oneChair,
    ]);
    // The rest filled in (fill's own tick takes the agenda item off again): nothing is left listed until the
    // next press finds the agenda empty.
    fill(actor);
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problems).toEqual([MeetingPlanMessage.noAgenda]);
    expect(gateway.create).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the gateway refuses the save', async () => {
    const gateway = gatewayOf({
      create: vi.fn(async () => {
        throw new Error('只能选择报告已审批、待上会的业务');
      }),
    });
    const actor = start(gateway);
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor);
    actor.send({ type: 'SAVE' });
    await waitFor(
      actor,
      (s) => s.matches('editing') && (gateway.create as ReturnType<typeof vi.fn>).mock.calls.length === 1,
    );
    expect(actor.getSnapshot().context).toMatchObject({ meetingId: '', texts: { title: '第12次评审会' } });
  });
});
