// 评审会 through HTTP as the README's people sign in (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
// secretary makes the meeting, sends the notice and opens the vote; the chair and members vote for themselves;
// the secretary closes the vote and records each item's conclusion. Who may act is the point: a member voting
// for another, the secretary voting for a member, a vote after close, another tenant's meeting and a stranger
// reading it are each refused with their code and Chinese words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeetingMessage } from '../../../../src/domain/financing/meeting-rules';
import { MeetingFlowMessage } from '../../../../src/domain/financing/meeting-workflow';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  type GatewayAnswer,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { MeetingStoreMessage, meetingOutcomes } from './repository';
import { MEETING_API } from '../../../../src/domain/financing/meeting-workflow';

const PASSWORD = 'Staff@2026';
const DAY = 24 * 3600_000;

describe.each(databasesUnderTest())('评审会 routes on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const headers: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};
  let businesses: string[];

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    for (const name of ['secretary', 'chair', 'member1', 'member2', 'member3', 'risk1']) {
      const s = await signIn(gw.app, name, PASSWORD);
      headers[name] = s.headers;
      ids[name] = s.userId;
    }
    headers.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    businesses = await businessesAwaitingMeeting(gw.db, DEMO_TENANT_ID, 2);
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  const as = (who: string) => ({
    get: (url: string) => call('GET', url, headers[who]!),
    post: (url: string, body: unknown) => call('POST', url, headers[who]!, body),
    put: (url: string, body: unknown) => call('PUT', url, headers[who]!, body),
  });
  const refused = (a: GatewayAnswer, code: number, message?: string) => {
    expect(a.code).toBe(code);
    if (message) expect(a.message).toBe(message);
  };
  const plan = () => ({
    title: '2026年第12次评审会',
    form: 'ON_SITE',
    location: '远景大厦8楼会议室',
    scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
    chairId: ids.chair,
    members: [
      { userId: ids.chair, role: 'CHAIR' },
      { userId: ids.member1, role: 'MEMBER' },
      { userId: ids.member2, role: 'MEMBER' },
      { userId: ids.member3, role: 'MEMBER' },
      { userId: ids.risk1, role: 'OBSERVER' },
    ],
    agenda: businesses.map((businessId) => ({ businessId })),
  });

  it('offers the businesses awaiting a meeting and the people who may sit on it', async () => {
    const options = await as('secretary').get(`${MEETING_API}/options`);
    expect(options.code).toBe(0);
    expect(options.data.businesses.map((b: { businessId: string }) => b.businessId)).toEqual(
      expect.arrayContaining(businesses),
    );
    expect(options.data.people.map((p: { userId: string }) => p.userId)).toEqual(
      expect.arrayContaining([ids.chair, ids.member1, ids.secretary]),
    );
    // A member holds no code of the make page.
    refused(await as('member1').get(`${MEETING_API}/options`), ResultCode.forbidden);
  });

  it('walks a meeting: make, edit, notify, vote in person, close, conclude, print; refusing who may not act', async () => {
    const made = await as('secretary').post(MEETING_API, plan());
    expect(made.code).toBe(0);
    const id: string = made.data.meetingId;
    expect(made.data.meetingNo).toMatch(/^HY\d{12}$/);
    // Members neither make nor edit meetings.
    refused(await as('member1').post(MEETING_API, plan()), ResultCode.forbidden);

    const edited = await as('secretary').put(`${MEETING_API}/${id}`, { ...plan(), title: '第12次评审会', version: 1 });
    expect(edited.data).toMatchObject({ title: '第12次评审会', version: 2, status: 'DRAFT', secretaryName: '钱芳' });
    refused(
      await as('secretary').put(`${MEETING_API}/${id}`, { ...plan(), version: 1 }),
      ResultCode.staleVersion,
      MeetingStoreMessage.stale,
    );

    // The list shows it to the secretary; the page of the whole tenant is not a member's.
    const page = await as('secretary').get(`${MEETING_API}/page?keyword=${encodeURIComponent('第12次')}`);
    expect(page.data.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ meetingId: id, itemCount: 2, chairName: '郑国华' })]),
    );
    refused(await as('member1').get(`${MEETING_API}/page`), ResultCode.forbidden);

    // A member may not send the notice (the make page's code is the secretary's).
    refused(
      await as('member1').post(`${MEETING_API}/${id}/transition`, { action: 'notify', version: 2 }),
      ResultCode.forbidden,
    );
    let m = await as('secretary').post(`${MEETING_API}/${id}/transition`, { action: 'notify', version: 2 });
    expect(m.data).toMatchObject({ status: 'NOTIFIED', version: 3 });
    // Drafts only are edited.
    refused(
      await as('secretary').put(`${MEETING_API}/${id}`, { ...plan(), version: 3 }),
      ResultCode.invalidInput,
      MeetingStoreMessage.notDraft,
    );
    m = await as('secretary').post(`${MEETING_API}/${id}/transition`, { action: 'openVoting', version: 3 });
    expect(m.data.status).toBe('VOTING');

    // The meeting appears on each member's voting list.
    const mine = await as('member1').get(`${MEETING_API}/mine`);
    expect(mine.data.records.map((r: { meetingId: string }) => r.meetingId)).toContain(id);

    const vote = (who: string, body: Record<string, unknown>) => as(who).post(`${MEETING_API}/${id}/vote`, body);
    const first = await vote('member1', { seq: 1, opinion: 'AGREE', comment: '还款来源清晰' });
    expect(first.code).toBe(0);
    expect(first.data.myVote).toMatchObject({ memberId: ids.member1, name: '冯涛', opinion: 'AGREE' });
    expect(first.data.tally).toMatchObject({ inFavour: 1, complete: false });
    // For another member: refused with the rule's words.
    refused(
      await vote('member1', { seq: 1, memberId: ids.member2, opinion: 'AGREE' }),
      ResultCode.invalidInput,
      MeetingMessage.forAnother,
    );
    // Twice on the same item.
    refused(await vote('member1', { seq: 1, opinion: 'DISAGREE' }), ResultCode.invalidInput, MeetingMessage.twice);
    // The secretary holds no vote, not even on a member's behalf.
    refused(await vote('secretary', { seq: 1, memberId: ids.member2, opinion: 'AGREE' }), ResultCode.forbidden);
    // Closing waits for every attending voting member.
    refused(
      await as('secretary').post(`${MEETING_API}/${id}/transition`, { action: 'closeVoting', version: 4 }),
      ResultCode.invalidInput,
      MeetingFlowMessage.votesMissing,
    );

    for (const who of ['chair', 'member2']) {
      expect((await vote(who, { seq: 1, opinion: 'AGREE' })).code).toBe(0);
      expect((await vote(who, { seq: 2, opinion: 'DISAGREE' })).code).toBe(0);
    }
    expect(
      (await vote('member1', { seq: 2, opinion: 'AGREE_WITH_CONDITIONS', conditions: ['追加实控人保证'] })).code,
    ).toBe(0);
    // member3 never votes: the secretary marks them 缺席; a member may not.
    refused(await as('member1').post(`${MEETING_API}/${id}/absent`, { memberId: ids.member3 }), ResultCode.forbidden);
    m = await as('secretary').post(`${MEETING_API}/${id}/absent`, { memberId: ids.member3 });
    expect(m.data.members.find((x: { userId: string }) => x.userId === ids.member3).attendance).toBe('ABSENT');
    expect(m.data.items[0].tally).toMatchObject({ attendingVoting: 3, inFavour: 3, passed: true, complete: true });

    m = await as('secretary').post(`${MEETING_API}/${id}/transition`, { action: 'closeVoting', version: 4 });
    expect(m.data.status).toBe('CLOSED');
    // After close nobody votes.
    refused(await vote('member3', { seq: 1, opinion: 'AGREE' }), ResultCode.invalidInput, MeetingMessage.closed);

    // The conclusion must agree with the tally: item 2 (1 of 3 in favour) cannot pass.
    refused(
      await as('secretary').post(`${MEETING_API}/${id}/conclusion`, { seq: 2, conclusion: 'PASSED' }),
      ResultCode.invalidInput,
      MeetingMessage.passNeedsTally,
    );
    refused(
      await as('member1').post(`${MEETING_API}/${id}/conclusion`, { seq: 1, conclusion: 'PASSED' }),
      ResultCode.forbidden,
    );
    const concluded = await as('secretary').post(`${MEETING_API}/${id}/conclusion`, {
      seq: 1,
      conclusion: 'PASSED',
      minutes: '与会委员一致认为还款来源清晰。',
    });
    expect(concluded.data).toMatchObject({ conclusion: 'PASSED', minutes: '与会委员一致认为还款来源清晰。' });
    const vetoed = await as('secretary').post(`${MEETING_API}/${id}/conclusion`, { seq: 2, conclusion: 'VETOED' });
    expect(vetoed.data).toMatchObject({ conclusion: 'VETOED', conditions: [] });

    // Where each business heard goes once the chair approves the minutes (the business aggregate applies it).
    expect(await meetingOutcomes(gw.db, DEMO_TENANT_ID, id)).toEqual([
      { businessId: businesses[0], seq: 1, conclusion: 'PASSED', to: 'DECISION/DRAFT', conditions: [] },
      { businessId: businesses[1], seq: 2, conclusion: 'VETOED', to: 'TERMINATED/VETOED', conditions: [] },
    ]);

    // The minutes print with the named vote table, for the secretary and for the members seated on it, who read
    // the meeting in their room without the info page's `export`.
    for (const who of ['secretary', 'member1'] as const) {
      const pdf = await gw.app.inject({
        method: 'GET',
        url: `${MEETING_API}/${id}/minutes`,
        headers: headers[who]!,
      });
      expect(pdf.statusCode, who).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Each member reads the meeting with their own vote; the operation log names every step.
    const read = await as('member2').get(`${MEETING_API}/${id}`);
    expect(read.data.items[1].myVote).toMatchObject({ memberId: ids.member2, opinion: 'DISAGREE' });
    const logged = await gw.db.selectFrom('operation_log').select('action').where('target_id', '=', id).execute();
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'review_meeting.create',
        'review_meeting.notify',
        'review_meeting.vote',
        'review_meeting.absent',
        'review_meeting.closeVoting',
        'review_meeting.conclude',
      ]),
    );
  }, 60_000);

  it('keeps a meeting from those outside it and from another tenant', async () => {
    // The walk above took its businesses out of 待上会: this meeting hears two of its own.
    const agenda = (await businessesAwaitingMeeting(gw.db, DEMO_TENANT_ID, 2)).map((businessId) => ({ businessId }));
    const seated = { ...plan(), agenda, members: plan().members.filter((x) => x.userId !== ids.member3) };
    const made = await as('secretary').post(MEETING_API, seated);
    const id: string = made.data.meetingId;
    // 列席 reads it; a member of the tenant not seated on it does not.
    expect((await as('risk1').get(`${MEETING_API}/${id}`)).code).toBe(0);
    refused(await as('member3').get(`${MEETING_API}/${id}`), ResultCode.forbidden);
    // Nor prints its minutes: the room's people print them, and who holds 评审会详情's 导出.
    refused(await as('member3').get(`${MEETING_API}/${id}/minutes`), ResultCode.forbidden);
    // 会议信息管理's 导出 is the secretary's list's, as a workbook; a member holds no code of it.
    const sheet = await gw.app.inject({
      method: 'GET',
      url: `${MEETING_API}/export?status=DRAFT`,
      headers: headers.secretary!,
    });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.rawPayload.subarray(0, 2).toString()).toBe('PK');
    refused(await as('member1').get(`${MEETING_API}/export`), ResultCode.forbidden);
    // Another tenant's administrator holds every code there, and still finds nothing here.
    refused(await as('xh_admin').get(`${MEETING_API}/${id}`), ResultCode.notFound, MeetingStoreMessage.notFound);
    refused(
      await as('xh_admin').post(`${MEETING_API}/${id}/transition`, { action: 'cancel', version: 1, comment: '改期' }),
      ResultCode.notFound,
    );
    // 取消 needs a reason and the list's `terminate`; members hold neither.
    refused(
      await as('member1').post(`${MEETING_API}/${id}/transition`, { action: 'cancel', version: 1, comment: '改期' }),
      ResultCode.forbidden,
    );
    const cancelled = await as('secretary').post(`${MEETING_API}/${id}/transition`, {
      action: 'cancel',
      version: 1,
      comment: '改期',
    });
    expect(cancelled.data.status).toBe('CANCELLED');
  });
});
