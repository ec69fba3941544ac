// One meeting as its pages work on it (评审会执行, 审批材料制作, 评审会详情): the meeting with its live tally,
// asked again every few seconds while votes may arrive (BUSINESS.md "Decisions": a live tally as votes arrive),
// and the caller's acts on it — their own vote, the secretary's moves (开始表决, 结束表决, 发送通知, 取消), a 缺席
// mark, an item's conclusion, 打印纪要. What may be done is the domain's answer (voteRefusal, the meeting's
// table, conclusionRefusal); the gateway decides again and its refusal is shown by the HTTP client.
import { assign, fromPromise, setup } from 'xstate';
import { type Conclusion, conclusionRefusal, voteRefusal, voteSetting } from '../../domain/financing/meeting-rules';
import { MEETING_FLOW } from '../../domain/financing/meeting-workflow';
import type {
  ConclusionForm,
  MeetingAction,
  MeetingDetail,
  MeetingGateway,
  MeetingItem,
  VoteForm,
} from '../ports/meeting-gateway.port';
import type { Notifier } from '../ports/notifier.port';

/** How often the page asks for the tally while voting is open. */
export const TALLY_POLL_MS = 5000;

export const MeetingRoomMessage = {
  voted: '表决已提交',
  moved: (label: string) => `${label}成功`,
  absent: '已登记缺席',
  concluded: '议题结论已记录',
} as const;

export type MeetingRoomEvent =
  | { type: 'REFRESH' }
  | ({ type: 'VOTE' } & VoteForm)
  | { type: 'MOVE'; action: MeetingAction; comment?: string }
  | { type: 'ABSENT'; memberId: string }
  | ({ type: 'CONCLUDE' } & ConclusionForm)
  | { type: 'PRINT' };

export interface MeetingRoomContext {
  meetingId: string;
  userId: string;
  meeting: MeetingDetail | null;
}

type Act = { kind: 'vote' | 'move' | 'absent' | 'conclude' | 'print'; run: () => Promise<unknown> };

/** The item's conclusions that agree with its tally (the secretary's choice on 审批材料制作). */
export function agreeingConclusions(item: MeetingItem, reconsiderCount = 0): Conclusion[] {
  const all: Conclusion[] = ['PASSED', 'PASSED_WITH_CONDITIONS', 'VETOED', 'RECONSIDER'];
  return all.filter(
    (c) =>
      conclusionRefusal({
        conclusion: c,
        tally: item.tally,
        reconsiderCount,
        ...(c === 'PASSED_WITH_CONDITIONS' ? { conditions: item.tally.conditions } : {}),
      }) === null,
  );
}

/** The move is in the meeting's table from its status, and the caller is its secretary. */
export function moveOffered(m: MeetingDetail, userId: string, action: MeetingAction): boolean {
  const t = MEETING_FLOW.transitions.find((x) => x.action === action);
  return !!t && t.from.includes(m.status) && m.secretaryId === userId;
}

export function voteOffered(m: MeetingDetail, userId: string, vote: VoteForm): boolean {
  return (
    voteRefusal({
      actorId: userId,
      memberId: userId,
      ...voteSetting(m, vote.seq),
      opinion: vote.opinion,
      ...(vote.conditions ? { conditions: vote.conditions } : {}),
      ...(vote.comment !== undefined ? { comment: vote.comment } : {}),
    }) === null
  );
}

export function createMeetingRoomMachine({ gateway, notifier }: { gateway: MeetingGateway; notifier: Notifier }) {
  return setup({
    types: {
      context: {} as MeetingRoomContext,
      events: {} as MeetingRoomEvent,
      input: {} as { meetingId: string; userId: string },
    },
    actors: {
      load: fromPromise(({ input }: { input: { meetingId: string } }) => gateway.get(input.meetingId)),
      act: fromPromise(async ({ input }: { input: { act: Act; meetingId: string } }) => {
        await input.act.run();
        return gateway.get(input.meetingId);
      }),
    },
    guards: {
      canVote: ({ context, event }) =>
        event.type === 'VOTE' && !!context.meeting && voteOffered(context.meeting, context.userId, event),
      canMove: ({ context, event }) =>
        event.type === 'MOVE' && !!context.meeting && moveOffered(context.meeting, context.userId, event.action),
      isSecretary: ({ context }) => !!context.meeting && context.meeting.secretaryId === context.userId,
      polling: ({ context }) => context.meeting?.status === 'VOTING',
    },
  }).createMachine({
    id: 'meetingRoom',
    context: ({ input }) => ({ meetingId: input.meetingId, userId: input.userId, meeting: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ meetingId: context.meetingId }),
          onDone: { target: 'ready', actions: assign({ meeting: ({ event }) => event.output }) },
          onError: 'failed',
        },
      },
      failed: { on: { REFRESH: 'loading' } },
      ready: {
        after: { [TALLY_POLL_MS]: { target: 'refreshing', guard: 'polling' } },
        on: {
          REFRESH: 'refreshing',
          VOTE: { guard: 'canVote', target: 'acting' },
          MOVE: { guard: 'canMove', target: 'acting' },
          ABSENT: { guard: 'isSecretary', target: 'acting' },
          CONCLUDE: { guard: 'isSecretary', target: 'acting' },
          PRINT: { target: 'acting' },
        },
      },
      refreshing: {
        invoke: {
          src: 'load',
          input: ({ context }) => ({ meetingId: context.meetingId }),
          onDone: { target: 'ready', actions: assign({ meeting: ({ event }) => event.output }) },
          // A missed poll keeps what is shown; the next one tries again.
          onError: 'ready',
        },
      },
      acting: {
        invoke: {
          src: 'act',
          input: ({ context, event }) => ({ meetingId: context.meetingId, act: actOf(gateway, context, event) }),
          onDone: { target: 'ready', actions: assign({ meeting: ({ event }) => event.output }) },
          // The HTTP client shows the gateway's refusal; the page stays as it was.
          onError: 'ready',
        },
      },
    },
  });

  function actOf(g: MeetingGateway, c: MeetingRoomContext, e: MeetingRoomEvent): Act {
    const id = c.meetingId;
    switch (e.type) {
      case 'VOTE': {
        const { type: _t, ...vote } = e;
        return { kind: 'vote', run: () => g.vote(id, vote).then(() => notifier.success(MeetingRoomMessage.voted)) };
      }
      case 'MOVE': {
        const label = MEETING_FLOW.transitions.find((t) => t.action === e.action)?.label ?? '';
        return {
          kind: 'move',
          run: () =>
            g
              .transition(id, e.action, c.meeting?.version ?? 0, e.comment)
              .then(() => notifier.success(MeetingRoomMessage.moved(label))),
        };
      }
      case 'ABSENT':
        return {
          kind: 'absent',
          run: () => g.markAbsent(id, e.memberId).then(() => notifier.success(MeetingRoomMessage.absent)),
        };
      case 'CONCLUDE': {
        const { type: _t, ...form } = e;
        return {
          kind: 'conclude',
          run: () => g.conclude(id, form).then(() => notifier.success(MeetingRoomMessage.concluded)),
        };
      }
      default:
        return { kind: 'print', run: () => g.downloadMinutes(id) };
    }
  }
}

export type MeetingRoomMachine = ReturnType<typeof createMeetingRoomMachine>;
