// 评审会制作 (/business/approvalReviewMeetingMake, BUSINESS.md §4 "M"): title, form, time, place, the members with
// their role (主任委员 / 委员 / 列席) and the agenda picked from the businesses awaiting a meeting. 保存 writes the
// draft (new, or the `?id=` one under its version); 发送通知 saves and then asks the meeting's table; 取消 asks
// it with a reason. What makes a plan acceptable is the domain's meetingPlanProblems, shown before any call.
import { assign, fromPromise, setup } from 'xstate';
import { SHANGHAI_OFFSET_MS } from '../../domain/calendar/calendar-date';
import type { MemberRole } from '../../domain/financing/meeting-tally';
import { meetingPlanProblems } from '../../domain/financing/meeting-workflow';
import type { MeetingDetail, MeetingGateway, MeetingOptions, MeetingPlanForm } from '../ports/meeting-gateway.port';
import type { Notifier } from '../ports/notifier.port';

export interface MeetingTexts {
  title: string;
  form: string;
  location: string;
  /** `YYYY-MM-DDTHH:mm` in Asia/Shanghai, as a datetime-local input holds it. */
  scheduledAt: string;
}

export interface MeetingMakeContext {
  meetingId: string;
  userId: string;
  version: number;
  meetingNo: string;
  status: string;
  texts: MeetingTexts;
  /** userId → role; a person not seated has no entry. */
  seats: Record<string, MemberRole>;
  agenda: string[];
  options: MeetingOptions;
  /** Everything wrong with the plan as last tried, all at once (the domain's order); empty when none. */
  problems: string[];
}

export type MeetingMakeEvent =
  | { type: 'CHANGE'; key: keyof MeetingTexts; text: string }
  | { type: 'SEAT'; userId: string; role: MemberRole | '' }
  | { type: 'TOGGLE_ITEM'; businessId: string }
  | { type: 'SAVE' }
  | { type: 'NOTIFY' }
  | { type: 'CANCEL'; comment: string };

export const MeetingMakeMessage = {
  saved: '评审会已保存',
  notified: '会议通知已发送',
  cancelled: '评审会已取消',
} as const;

/** The datetime-local text read as Asia/Shanghai; '' when it is no time. */
export const instantOf = (text: string) => {
  const ms = Date.parse(`${text}:00+08:00`);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
};
export const localTextOf = (iso: string) => new Date(Date.parse(iso) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16);

/** The plan the gateway receives; the chair is the one seated as 主任委员. */
export function planOf(c: MeetingMakeContext): MeetingPlanForm {
  const members = Object.entries(c.seats).map(([userId, role]) => ({ userId, role }));
  return {
    title: c.texts.title.trim(),
    form: c.texts.form,
    location: c.texts.location.trim(),
    scheduledAt: instantOf(c.texts.scheduledAt),
    chairId: members.find((m) => m.role === 'CHAIR')?.userId ?? '',
    members,
    agenda: c.agenda.map((businessId) => ({ businessId })),
  };
}

/** Everything wrong with the plan as typed (the caller is its secretary); empty when nothing. */
export const problemsOf = (c: MeetingMakeContext) => meetingPlanProblems({ ...planOf(c), secretaryId: c.userId });

/** The toast beside the list under the form: the one problem, or how many there are. */
export const problemsSummary = (problems: readonly string[]) =>
  problems.length === 1 ? (problems[0] as string) : `评审会有${problems.length}处需要修改，请按提示逐项修改`;

export function createMeetingMakeMachine({ gateway, notifier }: { gateway: MeetingGateway; notifier: Notifier }) {
  const save = async (c: MeetingMakeContext): Promise<MeetingDetail> => {
    if (c.meetingId) return gateway.update(c.meetingId, planOf(c), c.version);
    const made = await gateway.create(planOf(c));
    return gateway.get(made.meetingId);
  };
  return setup({
    types: {
      context: {} as MeetingMakeContext,
      events: {} as MeetingMakeEvent,
      input: {} as { meetingId?: string; userId: string },
    },
    actors: {
      open: fromPromise(async ({ input }: { input: { meetingId: string } }) => {
        const [options, meeting] = await Promise.all([
          gateway.options(input.meetingId || undefined),
          input.meetingId ? gateway.get(input.meetingId) : Promise.resolve(null),
        ]);
        return { options, meeting };
      }),
      save: fromPromise(({ input }: { input: MeetingMakeContext }) => save(input)),
      // The draft is saved as typed first, then notified under the version the save answered.
      notify: fromPromise(async ({ input }: { input: MeetingMakeContext }) => {
        const saved = await save(input);
        return gateway.transition(saved.meetingId, 'notify', saved.version);
      }),
      cancel: fromPromise(({ input }: { input: { c: MeetingMakeContext; comment: string } }) =>
        gateway.transition(input.c.meetingId, 'cancel', input.c.version, input.comment),
      ),
    },
    guards: {
      planValid: ({ context }) => problemsOf(context).length === 0,
      draft: ({ context }) => context.status === 'DRAFT',
      saved: ({ context }) => !!context.meetingId && context.status === 'DRAFT',
      savedDraft: ({ context }) =>
        !!context.meetingId && context.status === 'DRAFT' && problemsOf(context).length === 0,
      cancellable: ({ context, event }) =>
        event.type === 'CANCEL' &&
        !!context.meetingId &&
        ['DRAFT', 'NOTIFIED'].includes(context.status) &&
        event.comment.trim() !== '',
    },
    actions: {
      showProblems: assign({ problems: ({ context }) => problemsOf(context) }),
      // Once shown, the list follows the typing: a problem put right leaves it at once.
      recheck: assign({ problems: ({ context }) => (context.problems.length ? problemsOf(context) : []) }),
      warnProblems: ({ context }) => notifier.warning(problemsSummary(problemsOf(context))),
      keep: assign(({ event }) => {
        const m = (event as unknown as { output: MeetingDetail }).output;
        return { meetingId: m.meetingId, version: m.version, meetingNo: m.meetingNo, status: m.status };
      }),
    },
  }).createMachine({
    id: 'meetingMake',
    context: ({ input }) => ({
      meetingId: input.meetingId ?? '',
      userId: input.userId,
      version: 0,
      meetingNo: '',
      status: 'DRAFT',
      texts: { title: '', form: 'ON_SITE', location: '', scheduledAt: '' },
      seats: {},
      agenda: [],
      options: { businesses: [], people: [] },
      problems: [],
    }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'open',
          input: ({ context }) => ({ meetingId: context.meetingId }),
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => {
              const { options, meeting: m } = event.output;
              if (!m) return { options };
              const known = new Set(options.businesses.map((b) => b.businessId));
              return {
                options: {
                  // The draft's own items stay offered even when another list would not show them.
                  businesses: [
                    ...m.items
                      .filter((i) => !known.has(i.businessId))
                      .map((i) => ({
                        businessId: i.businessId,
                        businessNo: i.businessNo,
                        supplierName: i.supplierName,
                        applyAmount: i.applyAmount,
                      })),
                    ...options.businesses,
                  ],
                  people: options.people,
                },
                version: m.version,
                meetingNo: m.meetingNo,
                status: m.status,
                texts: {
                  title: m.title,
                  form: m.form,
                  location: m.location,
                  scheduledAt: localTextOf(m.scheduledAt),
                },
                seats: Object.fromEntries(m.members.map((x) => [x.userId, x.role])),
                agenda: m.items.map((i) => i.businessId),
              };
            }),
          },
          onError: 'failed',
        },
      },
      failed: {},
      editing: {
        on: {
          CHANGE: {
            actions: [
              assign({ texts: ({ context, event }) => ({ ...context.texts, [event.key]: event.text }) }),
              'recheck',
            ],
          },
          SEAT: {
            guard: 'draft',
            actions: [
              assign({
                seats: ({ context, event }) => {
                  const seats = { ...context.seats };
                  if (event.role === '') delete seats[event.userId];
                  else {
                    // One 主任委员: seating another makes the previous chair a member.
                    if (event.role === 'CHAIR') {
                      for (const [id, role] of Object.entries(seats)) if (role === 'CHAIR') seats[id] = 'MEMBER';
                    }
                    seats[event.userId] = event.role;
                  }
                  return seats;
                },
              }),
              'recheck',
            ],
          },
          TOGGLE_ITEM: {
            guard: 'draft',
            actions: [
              assign({
                agenda: ({ context, event }) =>
                  context.agenda.includes(event.businessId)
                    ? context.agenda.filter((id) => id !== event.businessId)
                    : [...context.agenda, event.businessId],
              }),
              'recheck',
            ],
          },
          SAVE: [{ guard: 'planValid', target: 'saving' }, { actions: ['showProblems', 'warnProblems'] }],
          // A new meeting is saved (and numbered) before its notice goes out.
          NOTIFY: [
            { guard: 'savedDraft', target: 'notifying' },
            { guard: 'saved', actions: ['showProblems', 'warnProblems'] },
          ],
          CANCEL: { guard: 'cancellable', target: 'cancelling' },
        },
      },
      saving: {
        entry: assign({ problems: [] }),
        invoke: {
          src: 'save',
          input: ({ context }) => context,
          onDone: { target: 'editing', actions: ['keep', () => notifier.success(MeetingMakeMessage.saved)] },
          onError: 'editing',
        },
      },
      notifying: {
        entry: assign({ problems: [] }),
        invoke: {
          src: 'notify',
          input: ({ context }) => context,
          onDone: { target: 'done', actions: ['keep', () => notifier.success(MeetingMakeMessage.notified)] },
          onError: 'editing',
        },
      },
      cancelling: {
        invoke: {
          src: 'cancel',
          input: ({ context, event }) => ({ c: context, comment: event.type === 'CANCEL' ? event.comment : '' }),
          onDone: { target: 'done', actions: ['keep', () => notifier.success(MeetingMakeMessage.cancelled)] },
          onError: 'editing',
        },
      },
      done: { type: 'final' },
    },
  });
}
