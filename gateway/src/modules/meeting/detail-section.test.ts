// 业务详情's 评审会 section on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the demo's
// meeting, walked by the seeded people, shows on each business it heard with the item's conclusion, its
// conditions and the named votes of the chair and member1–3; while a meeting is voting its votes stay the
// members' own; a business no meeting heard has no section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { castVote, createMeeting, meetingActor, transitionMeeting } from './repository';

const T = DEMO_TENANT_ID;

describe.each(databasesUnderTest())('业务详情 · 评审会 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let headers: Record<string, string>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    headers = (await signIn(gw.app, 'risk1', 'Staff@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const sectionOf = async (businessId: string) => {
    const res = await gw.app.inject({ method: 'GET', url: `/api/business/business/${businessId}`, headers });
    const body = res.json();
    expect(body.code, body.message).toBe(0);
    return body.data.sections.meeting;
  };

  it('shows the meeting that heard the business, its conclusion and the named votes', async () => {
    const heard = await gw.db
      .selectFrom('review_meeting_item as i')
      .innerJoin('review_meeting as m', 'm.meeting_id', 'i.meeting_id')
      .select(['i.business_id', 'i.seq', 'm.meeting_no'])
      .where('m.tenant_id', '=', T)
      .where('m.status', '=', 'ARCHIVED')
      // The meeting seed's hearing, not the one-business hearings the demo's loans and the businesses waiting after
      // their decision were walked through (loans.seed.ts, each titled 融资评审会（its story）).
      .where('m.title', 'not like', '融资评审会（%')
      .orderBy('i.seq')
      .execute();
    expect(heard.length).toBeGreaterThanOrEqual(2);
    const first = await sectionOf(heard[0]!.business_id);
    expect(first.hearings).toHaveLength(1);
    const h = first.hearings[0];
    expect(h).toMatchObject({
      meetingNo: heard[0]!.meeting_no,
      status: 'ARCHIVED',
      seq: heard[0]!.seq,
      // The seed's member2 agreed with a condition on the first item: 有条件通过, the condition kept.
      conclusion: 'PASSED_WITH_CONDITIONS',
      conditions: ['放款前开立监管账户'],
      tally: { votingMembers: 4, attendingVoting: 4, inFavour: 4, passed: true, complete: true },
    });
    expect(h.votes.map((v: { name: string; opinion: string }) => `${v.name}:${v.opinion}`)).toEqual([
      '郑国华:AGREE',
      '冯涛:AGREE',
      '褚云:AGREE_WITH_CONDITIONS',
      '卫东:AGREE',
    ]);
    expect((await sectionOf(heard[1]!.business_id)).hearings[0]).toMatchObject({
      seq: heard[1]!.seq,
      conclusion: 'PASSED',
    });
  });

  it('shows a meeting still voting without its votes', async () => {
    const [businessId] = await businessesAwaitingMeeting(gw.db, T, 1);
    const idOf = async (userName: string) =>
      (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', userName).executeTakeFirstOrThrow())
        .user_id;
    const [secretary, chair, member1, member2] = await Promise.all(
      ['secretary', 'chair', 'member1', 'member2'].map(async (n) => meetingActor(gw.db, T, await idOf(n))),
    );
    const now = new Date();
    const { meetingId, meetingNo } = await createMeeting(
      gw.db,
      T,
      {
        title: '2026年第30次评审会',
        form: 'ON_SITE',
        location: '远景大厦8楼会议室',
        scheduledAt: new Date(now.getTime() + 2 * 24 * 3600_000).toISOString(),
        chairId: chair!.userId,
        secretaryId: secretary!.userId,
        members: [
          { userId: chair!.userId, role: 'CHAIR' },
          { userId: member1!.userId, role: 'MEMBER' },
          { userId: member2!.userId, role: 'MEMBER' },
        ],
        agenda: [{ businessId: businessId! }],
      },
      secretary!,
      now,
    );
    // Not yet notified: nothing heard it.
    expect(await sectionOf(businessId!)).toBeUndefined();
    let m = await transitionMeeting(gw.db, T, { meetingId, action: 'notify', version: 1 }, secretary!, now);
    m = await transitionMeeting(gw.db, T, { meetingId, action: 'openVoting', version: m.version }, secretary!, now);
    await castVote(gw.db, T, { meetingId, seq: 1, memberId: member1!.userId, opinion: 'DISAGREE' }, member1!, now);
    expect((await sectionOf(businessId!)).hearings).toEqual([
      expect.objectContaining({ meetingNo, status: 'VOTING', conclusion: null, votes: [], tally: null }),
    ]);
  });

  it('has no section for a business no meeting heard', async () => {
    const unheard = await gw.db
      .selectFrom('financing_business')
      .select('business_id')
      .where('tenant_id', '=', T)
      .where('state', '=', 'REPORT/DRAFT')
      .executeTakeFirstOrThrow();
    expect(await sectionOf(unheard.business_id)).toBeUndefined();
  });
});
