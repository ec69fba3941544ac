// 评审会 on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), with the seeded people of
// the README: the secretary makes the meeting and opens the vote, members vote for themselves once, the tally
// waits for every attending voting member, and the conclusion must agree with it. Each refusal answers
// 160300400 with the rule's Chinese words; another tenant's meeting is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeetingMessage } from '../../../../src/domain/financing/meeting-rules';
import { MeetingFlowMessage, MeetingPlanMessage } from '../../../../src/domain/financing/meeting-workflow';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { XH_TENANT_ID } from '../../db/seed/admin-seed';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { daysBefore } from '../../db/seed/seed-days';
import { shanghaiDay } from '../business/aggregate';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../../testing/test-gateway';
import {
  castVote,
  createMeeting,
  loadMeeting,
  markAbsent,
  type MeetingActor,
  pendingVotesOf,
  MeetingStoreMessage,
  meetingActor,
  type NewMeeting,
  recordConclusion,
  transitionMeeting,
} from './repository';

const T = DEMO_TENANT_ID;
const DAY = 24 * 3600_000;

describe.each(databasesUnderTest())('评审会 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  const people: Record<string, MeetingActor> = {};
  let businesses: string[];
  let otherTenantBusiness: string;
  let otherTenantUser: string;
  // Two days before the seed's day, after the report seed's walks (seed-days.ts dates them back from it).
  const now = daysBefore(new Date(), 2, 10);

  const idOf = async (userName: string) =>
    (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', userName).executeTakeFirstOrThrow())
      .user_id;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    for (const name of ['secretary', 'chair', 'member1', 'member2', 'member3', 'operator']) {
      people[name] = await meetingActor(gw.db, T, await idOf(name));
    }
    // Two businesses walked to 待上会 by the seeded people, for the meeting to hear.
    businesses = await businessesAwaitingMeeting(gw.db, T, 2);
    expect(businesses).toHaveLength(2);
    otherTenantUser = await idOf('xh_admin');
    otherTenantBusiness =
      (
        await gw.db
          .selectFrom('financing_business')
          .select('business_id')
          .where('tenant_id', '=', XH_TENANT_ID)
          .executeTakeFirst()
      )?.business_id ?? 'no-such-business';
  });
  afterAll(async () => {
    await gw?.close();
  });

  const p = (name: string) => people[name]!;
  const plan = (over: Partial<NewMeeting> = {}): NewMeeting => ({
    title: '2026年第12次评审会',
    form: 'ON_SITE',
    location: '远景大厦8楼会议室',
    scheduledAt: new Date(now.getTime() + 2 * DAY).toISOString(),
    chairId: p('chair').userId,
    secretaryId: p('secretary').userId,
    members: [
      { userId: p('chair').userId, role: 'CHAIR' },
      { userId: p('member1').userId, role: 'MEMBER' },
      { userId: p('member2').userId, role: 'MEMBER' },
      { userId: p('member3').userId, role: 'MEMBER' },
      { userId: p('secretary').userId, role: 'OBSERVER' },
    ],
    agenda: businesses.map((businessId) => ({ businessId })),
    ...over,
  });

  const refused = (code: number, message: string) => expect.objectContaining({ code, message });

  /** A meeting made, notified and opened by the secretary. */
  async function openMeeting(): Promise<string> {
    // Its notice takes the businesses heard out of 待上会, so each meeting hears businesses of its own.
    const agenda = (await businessesAwaitingMeeting(gw.db, T, 2)).map((businessId) => ({ businessId }));
    const { meetingId } = await createMeeting(gw.db, T, plan({ agenda }), p('secretary'), now);
    let m = await transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, p('secretary'), now);
    m = await transitionMeeting(gw.db, T, { meetingId, action: 'openVoting', version: m.version }, p('secretary'), now);
    expect(m.status).toBe('VOTING');
    return meetingId;
  }

  it('makes a numbered draft of the tenant’s people and businesses; refuses another tenant’s ids and a thin quorum', async () => {
    const { meetingId, meetingNo } = await createMeeting(gw.db, T, plan(), p('secretary'), now);
    // Numbered on the day it was made (Beijing time), whatever day the test runs.
    expect(meetingNo).toMatch(new RegExp(`^HY${shanghaiDay(now)}\\d{4}$`));
    const m = await loadMeeting(gw.db, T, meetingId);
    expect(m).toMatchObject({ status: 'DRAFT', version: 1, title: '2026年第12次评审会' });
    expect(m.items.map((i) => [i.seq, i.businessId])).toEqual([
      [1, businesses[0]],
      [2, businesses[1]],
    ]);
    expect(m.items[0]!.tally).toMatchObject({ votingMembers: 4, attendingVoting: 4, quorum: true, complete: false });

    await expect(
      createMeeting(gw.db, T, plan({ agenda: [{ businessId: otherTenantBusiness }] }), p('secretary'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingStoreMessage.businessUnknown));
    await expect(
      createMeeting(
        gw.db,
        T,
        plan({ members: [...plan().members, { userId: otherTenantUser, role: 'MEMBER' }] }),
        p('secretary'),
        now,
      ),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingStoreMessage.memberUnknown));
    await expect(
      createMeeting(gw.db, T, plan({ members: plan().members.slice(0, 2) }), p('secretary'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingPlanMessage.votingMembers));
    // Another tenant never finds it.
    await expect(loadMeeting(gw.db, XH_TENANT_ID, meetingId)).rejects.toEqual(
      refused(ResultCode.notFound, MeetingStoreMessage.notFound),
    );
  });

  it('only the meeting’s own secretary sends the notice, not too soon, and under the version read', async () => {
    const agenda = (await businessesAwaitingMeeting(gw.db, T, 2)).map((businessId) => ({ businessId }));
    const { meetingId } = await createMeeting(gw.db, T, plan({ agenda }), p('secretary'), now);
    // A member holds no code of the make page.
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, p('member1'), now),
    ).rejects.toEqual(expect.objectContaining({ code: ResultCode.forbidden }));
    // Another secretary-role person who is not this meeting's secretary.
    const stranger = { ...p('secretary'), userId: p('operator').userId };
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, stranger, now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingFlowMessage.notSecretary));
    // Less than a day before the meeting.
    const late = new Date(now.getTime() + 2 * DAY - DAY + 1);
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, p('secretary'), late),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingPlanMessage.tooSoon));
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 7 }, p('secretary'), now),
    ).rejects.toEqual(expect.objectContaining({ code: ResultCode.staleVersion }));
    const m = await transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, p('secretary'), now);
    expect(m).toMatchObject({ status: 'NOTIFIED', version: 2 });
    // Before voting opens nobody votes.
    await expect(
      castVote(gw.db, T, { meetingId, seq: 1, memberId: p('member1').userId, opinion: 'AGREE' }, p('member1'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingMessage.notOpen));
  });

  it('members vote for themselves once; not twice, not for another, not as the secretary or 列席', async () => {
    const meetingId = await openMeeting();
    const vote = (who: string, memberId: string, seq = 1, opinion: 'AGREE' | 'DISAGREE' = 'AGREE') =>
      castVote(gw.db, T, { meetingId, seq, memberId: p(memberId).userId, opinion }, p(who), now);

    const item = await vote('member1', 'member1');
    expect(item.votes).toEqual([expect.objectContaining({ memberId: p('member1').userId, opinion: 'AGREE' })]);
    expect(item.tally).toMatchObject({ inFavour: 1, complete: false });
    await expect(vote('member1', 'member1')).rejects.toEqual(refused(ResultCode.invalidInput, MeetingMessage.twice));
    await expect(vote('member1', 'member2')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.forAnother),
    );
    await expect(vote('secretary', 'member2')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.forAnother),
    );
    await expect(vote('secretary', 'secretary')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.observer),
    );
    await expect(vote('operator', 'operator')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.notMember),
    );
    await expect(
      castVote(
        gw.db,
        T,
        { meetingId, seq: 1, memberId: p('member2').userId, opinion: 'AGREE_WITH_CONDITIONS', conditions: [] },
        p('member2'),
        now,
      ),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingMessage.conditionsRequired));
    // Another tenant's caller does not find the meeting at all.
    await expect(
      castVote(
        gw.db,
        XH_TENANT_ID,
        { meetingId, seq: 1, memberId: p('member2').userId, opinion: 'AGREE' },
        p('member2'),
        now,
      ),
    ).rejects.toEqual(refused(ResultCode.notFound, MeetingStoreMessage.notFound));
    // The same member voting twice at once: exactly one vote lands.
    const both = await Promise.allSettled([vote('member2', 'member2', 2), vote('member2', 'member2', 2, 'DISAGREE')]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({
      reason: refused(ResultCode.invalidInput, MeetingMessage.twice),
    });
    const m = await loadMeeting(gw.db, T, meetingId);
    expect(m.items[1]!.votes).toHaveLength(1);
    expect(m.members.find((x) => x.userId === p('member2').userId)?.attendance).toBe('PRESENT');
  });

  it('closes only when every attending voting member voted; 缺席 stops the wait; no vote after close', async () => {
    const meetingId = await openMeeting();
    const vote = (name: string, seq: number, opinion: 'AGREE' | 'DISAGREE' | 'AGREE_WITH_CONDITIONS') =>
      castVote(
        gw.db,
        T,
        {
          meetingId,
          seq,
          memberId: p(name).userId,
          opinion,
          ...(opinion === 'AGREE_WITH_CONDITIONS' ? { conditions: ['追加实际控制人连带责任保证'] } : {}),
        },
        p(name),
        now,
      );
    const pending = async (name: string) =>
      (await pendingVotesOf(gw.db, T, p(name).userId)).filter((v) => v.meetingId === meetingId).map((v) => v.seq);
    expect(await pending('member3')).toEqual([1, 2]);
    expect(await pending('secretary')).toEqual([]);
    // Item 1 passes (3 of 3 attending in favour), item 2 fails (1 of 3).
    await vote('chair', 1, 'AGREE');
    expect(await pending('chair')).toEqual([2]);
    await vote('member1', 1, 'AGREE_WITH_CONDITIONS');
    await vote('chair', 2, 'DISAGREE');
    await vote('member1', 2, 'DISAGREE');
    await vote('member2', 2, 'AGREE');
    let m = await loadMeeting(gw.db, T, meetingId);
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'closeVoting', version: m.version }, p('secretary'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingFlowMessage.votesMissing));

    // A member who voted cannot be marked absent; only the secretary marks.
    await expect(markAbsent(gw.db, T, meetingId, p('member1').userId, p('secretary'))).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingStoreMessage.absentVoted),
    );
    await expect(markAbsent(gw.db, T, meetingId, p('member3').userId, p('chair'))).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingStoreMessage.notSecretary),
    );
    await markAbsent(gw.db, T, meetingId, p('member3').userId, p('secretary'));
    // 待表决 no longer lists the absent member's items; another tenant sees none.
    expect(await pending('member3')).toEqual([]);
    expect(await pendingVotesOf(gw.db, XH_TENANT_ID, p('member2').userId)).toEqual([]);
    await expect(vote('member3', 1, 'AGREE')).rejects.toEqual(refused(ResultCode.invalidInput, MeetingMessage.absent));
    // Still waiting for member2 on item 1.
    await expect(
      transitionMeeting(gw.db, T, { meetingId, action: 'closeVoting', version: m.version }, p('secretary'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingFlowMessage.votesMissing));
    await vote('member2', 1, 'AGREE');

    // The secretary cannot conclude while voting is open.
    await expect(
      recordConclusion(gw.db, T, { meetingId, seq: 1, conclusion: 'PASSED' }, p('secretary'), now),
    ).rejects.toEqual(refused(ResultCode.invalidInput, MeetingStoreMessage.concludeNotClosed));

    m = await transitionMeeting(
      gw.db,
      T,
      { meetingId, action: 'closeVoting', version: m.version },
      p('secretary'),
      now,
    );
    expect(m.status).toBe('CLOSED');
    expect(await pending('member2')).toEqual([]);
    expect(m.items.map((i) => i.tally)).toEqual([
      expect.objectContaining({ votingMembers: 4, attendingVoting: 3, quorum: true, inFavour: 3, passed: true }),
      expect.objectContaining({ attendingVoting: 3, inFavour: 1, passed: false, complete: true }),
    ]);
    await expect(vote('member2', 2, 'DISAGREE')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.closed),
    );

    // Conclusions against the tally are refused; those that agree are recorded with the merged conditions.
    const conclude = (seq: number, conclusion: 'PASSED' | 'PASSED_WITH_CONDITIONS' | 'VETOED', who = 'secretary') =>
      recordConclusion(
        gw.db,
        T,
        { meetingId, seq, conclusion, conditions: ['放款前签回付款确认书'], minutes: '与会委员充分讨论。' },
        p(who),
        now,
      );
    await expect(conclude(1, 'VETOED')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.vetoNeedsFailure),
    );
    await expect(conclude(1, 'PASSED')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.conditionsFromVotes),
    );
    await expect(conclude(2, 'PASSED_WITH_CONDITIONS')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingMessage.passNeedsTally),
    );
    await expect(conclude(2, 'VETOED', 'chair')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingStoreMessage.notSecretary),
    );
    const passed = await conclude(1, 'PASSED_WITH_CONDITIONS');
    expect(passed).toMatchObject({
      conclusion: 'PASSED_WITH_CONDITIONS',
      conditions: ['追加实际控制人连带责任保证', '放款前签回付款确认书'],
      minutes: '与会委员充分讨论。',
    });
    expect((await conclude(2, 'VETOED')).conclusion).toBe('VETOED');
    await expect(conclude(2, 'VETOED')).rejects.toEqual(
      refused(ResultCode.invalidInput, MeetingStoreMessage.alreadyConcluded),
    );
  });
});
