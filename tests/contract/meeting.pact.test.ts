// The review meeting's calls as the client makes them (meetingCalls over the stage port's adapter): the secretary's list, the make
// page's options, 新增, the draft read and saved, 发送通知, the member's list and own vote, the secretary's 缺席
// mark, an item's conclusion, the minutes PDF and the list's 导出. The records are the fixed ones of meeting-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { meetingCalls } from '../../src/application/meeting/meeting-calls';
import type { FileSaver } from '../../src/application/ports/file-gateway.port';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  MEETING_TOKEN,
  MeetingPeople,
  MeetingState,
  PACT_MEETING_BUSINESS_ID,
  PACT_MEETING_ID,
} from './support/meeting-fixtures';

const { eachLike, integer, like, regex, string, boolean } = MatchersV3;

const API = '/api/business/meeting';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof MEETING_TOKEN) => bearer(MEETING_TOKEN[who]);
const saved: Array<{ blob: Blob; fileName: string }> = [];
const saver: FileSaver = { save: (blob, fileName) => saved.push({ blob, fileName }) };
const gateway = (url: string, who: keyof typeof MEETING_TOKEN = 'secretary') =>
  meetingCalls(new StageGatewayAdapter(httpClientFor(url, MEETING_TOKEN[who]).http, saver));

const row = {
  meetingId: string(PACT_MEETING_ID),
  meetingNo: regex(/^HY\d{12}$/, 'HY202611269901'),
  title: string('契约评审会'),
  form: string('ON_SITE'),
  scheduledAt: string('2099-12-01T02:00:00.000Z'),
  location: string('8楼会议室'),
  itemCount: integer(1),
  chairName: string('郑国华'),
  secretaryId: string(MeetingPeople.secretary),
  status: string('DRAFT'),
  version: integer(1),
};
const tally = {
  votingMembers: integer(4),
  attendingVoting: integer(4),
  quorum: boolean(true),
  inFavour: integer(1),
  passed: boolean(false),
  complete: boolean(false),
  conditions: [],
};
const item = (over: Record<string, unknown> = {}) => ({
  seq: 1,
  businessId: PACT_MEETING_BUSINESS_ID,
  businessNo: string('RZ202611269901'),
  supplierName: string('华东建材有限公司'),
  applyAmount: integer(1_000_000_00),
  conclusion: null,
  conditions: [],
  minutes: null,
  votes: [],
  tally: like(tally),
  myVote: null,
  ...over,
});
const vote = (memberId: string, opinion: string) => ({
  memberId,
  name: string('冯涛'),
  opinion,
  conditions: [],
  comment: string(''),
  votedAt: string('2026-11-26T02:00:00.000Z'),
});
const detail = (status: string, version: number, items: unknown) => ({
  meetingId: PACT_MEETING_ID,
  meetingNo: regex(/^HY\d{12}$/, 'HY202611269901'),
  title: string('契约评审会'),
  form: string('ON_SITE'),
  scheduledAt: string('2099-12-01T02:00:00.000Z'),
  location: string('8楼会议室'),
  chairId: MeetingPeople.chair,
  secretaryId: MeetingPeople.secretary,
  secretaryName: string('钱芳'),
  status,
  version,
  // Attendance differs by member (出席, 缺席, not yet known), so it is left out of the template.
  members: eachLike({ userId: string(MeetingPeople.chair), name: string('郑国华'), role: string('CHAIR') }),
  items,
});
const plan = {
  title: '契约评审会',
  form: 'ON_SITE',
  location: '8楼会议室',
  scheduledAt: '2099-12-01T02:00:00.000Z',
  chairId: MeetingPeople.chair,
  members: [
    { userId: MeetingPeople.chair, role: 'CHAIR' as const },
    { userId: MeetingPeople.member1, role: 'MEMBER' as const },
    { userId: MeetingPeople.member2, role: 'MEMBER' as const },
    { userId: MeetingPeople.member3, role: 'MEMBER' as const },
  ],
  agenda: [{ businessId: PACT_MEETING_BUSINESS_ID }],
};

describe('评审会 contract', () => {
  it('会议信息管理 lists the meetings; the make page reads its options and makes a draft', async () => {
    await createPact()
      .addInteraction()
      .given(MeetingState.draft)
      .uponReceiving('a page of the review meetings')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('secretary')))
      .willRespondWith(200, (b) => b.jsonBody(ok({ records: eachLike(row), total: integer(1), current: 1, size: 10 })))
      .executeTest(async (mock) => {
        const page = await gateway(mock.url).page({}, { current: 1, size: 10 });
        expect(page.records[0]?.meetingNo).toMatch(/^HY/);
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.draft)
      .uponReceiving('an export of the draft review meetings')
      .withRequest('GET', `${API}/export`, (b) => b.query({ status: 'DRAFT' }).headers(as('secretary')))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('评审会.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await gateway(mock.url).exportList({ status: 'DRAFT' })).toBe('评审会.xlsx');
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.awaiting)
      .uponReceiving('the businesses awaiting a meeting and the people who may sit on it')
      .withRequest('GET', `${API}/options`, (b) => b.headers(as('secretary')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            businesses: eachLike({
              businessId: string(PACT_MEETING_BUSINESS_ID),
              businessNo: string('RZ202611269901'),
              supplierName: string('华东建材有限公司'),
              applyAmount: integer(1_000_000_00),
            }),
            people: eachLike({
              userId: string(MeetingPeople.chair),
              name: string('郑国华'),
              roles: eachLike('COMMITTEE_CHAIR'),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).options()).businesses.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.awaiting)
      .uponReceiving('新增 of a review meeting')
      .withRequest('POST', API, (b) => b.headers(as('secretary')).jsonBody(plan))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ meetingId: string('2570000000000000009'), meetingNo: regex(/^HY\d{12}$/, 'HY202611260001') })),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).create(plan)).meetingNo).toMatch(/^HY/);
      });
  });

  it('the draft is read, saved under its version and notified', async () => {
    await createPact()
      .addInteraction()
      .given(MeetingState.draft)
      .uponReceiving('the pact meeting with its tally')
      .withRequest('GET', `${API}/${PACT_MEETING_ID}`, (b) => b.headers(as('secretary')))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(detail('DRAFT', 1, [item({ tally: like({ ...tally, inFavour: integer(0) }) })]))),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).get(PACT_MEETING_ID)).status).toBe('DRAFT');
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.draft)
      .uponReceiving('保存 of the pact meeting')
      .withRequest('PUT', `${API}/${PACT_MEETING_ID}`, (b) =>
        b.headers(as('secretary')).jsonBody({ ...plan, title: '契约评审会（改）', version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like(detail('DRAFT', 2, eachLike(item()))))))
      .executeTest(async (mock) => {
        expect(
          (await gateway(mock.url).update(PACT_MEETING_ID, { ...plan, title: '契约评审会（改）' }, 1)).version,
        ).toBe(2);
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.draft)
      .uponReceiving('发送通知 of the pact meeting')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/transition`, (b) =>
        b.headers(as('secretary')).jsonBody({ action: 'notify', version: 1 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like(detail('NOTIFIED', 2, eachLike(item()))))))
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).transition(PACT_MEETING_ID, 'notify', 1)).status).toBe('NOTIFIED');
      });
  });

  it('a member lists their meetings and votes for themselves; the secretary marks 缺席', async () => {
    await createPact()
      .addInteraction()
      .given(MeetingState.votingMember)
      .uponReceiving('the meetings member1 takes part in')
      .withRequest('GET', `${API}/mine`, (b) => b.query({ current: '1', size: '10' }).headers(as('member1')))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike({ ...row, status: 'VOTING' }), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        expect((await gateway(mock.url, 'member1').mine({ current: 1, size: 10 })).records[0]?.status).toBe('VOTING');
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.votingMember)
      .uponReceiving('member1 votes 同意 on item 1 for themselves')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/vote`, (b) =>
        b.headers(as('member1')).jsonBody({ seq: 1, opinion: 'AGREE', comment: '还款来源清晰' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            item({
              votes: eachLike(vote(MeetingPeople.member1, 'AGREE')),
              myVote: like(vote(MeetingPeople.member1, 'AGREE')),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const voted = await gateway(mock.url, 'member1').vote(PACT_MEETING_ID, {
          seq: 1,
          opinion: 'AGREE',
          comment: '还款来源清晰',
        });
        expect(voted.myVote?.opinion).toBe('AGREE');
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.votingSecretary)
      .uponReceiving('the secretary marks member3 缺席')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/absent`, (b) =>
        b.headers(as('secretary')).jsonBody({ memberId: MeetingPeople.member3 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like(detail('VOTING', 3, eachLike(item()))))))
      .executeTest(async (mock) => {
        expect((await gateway(mock.url).markAbsent(PACT_MEETING_ID, MeetingPeople.member3)).status).toBe('VOTING');
      });
  });

  it('after the vote the secretary records the conclusion and prints the minutes', async () => {
    await createPact()
      .addInteraction()
      .given(MeetingState.closed)
      .uponReceiving('通过 recorded on item 1 of the closed pact meeting')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/conclusion`, (b) =>
        b.headers(as('secretary')).jsonBody({ seq: 1, conclusion: 'PASSED', minutes: '一致同意' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(item({ conclusion: 'PASSED', minutes: '一致同意', votes: eachLike(vote(MeetingPeople.chair, 'AGREE')) })),
        ),
      )
      .executeTest(async (mock) => {
        const concluded = await gateway(mock.url).conclude(PACT_MEETING_ID, {
          seq: 1,
          conclusion: 'PASSED',
          minutes: '一致同意',
        });
        expect(concluded.conclusion).toBe('PASSED');
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.closed)
      .uponReceiving('the minutes of the pact meeting as a PDF')
      .withRequest('GET', `${API}/${PACT_MEETING_ID}/minutes`, (b) => b.headers(as('secretary')))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.pdf$/,
            'attachment; filename="minutes.pdf"; filename*=UTF-8\'\'minutes.pdf',
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await gateway(mock.url).downloadMinutes(PACT_MEETING_ID)).toMatch(/\.pdf$/);
      });
  });

  it('the secretary sends the minutes to the chair, who lists them and approves them', async () => {
    await createPact()
      .addInteraction()
      .given(MeetingState.concluded)
      .uponReceiving('提交纪要 of the pact meeting')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/minutes/submit`, (b) =>
        b.headers(as('secretary')).jsonBody({ version: 4, minutesText: '会议审议议题一项，通过一项。' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...detail('CLOSED', 5, eachLike(item({ conclusion: 'PASSED' }))),
              minutesSubmittedAt: string('2026-11-26T02:00:00.000Z'),
              minutesText: string('会议审议议题一项，通过一项。'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const sent = await gateway(mock.url).submitMinutes(PACT_MEETING_ID, 4, '会议审议议题一项，通过一项。');
        expect(sent).toMatchObject({ minutesText: '会议审议议题一项，通过一项。' });
        expect(sent.minutesSubmittedAt).toBeTruthy();
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.minutesPending)
      .uponReceiving('the meetings whose minutes wait for the chair')
      .withRequest('GET', `${API}/examine/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('chair')))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike({ ...row, status: 'CLOSED' }), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await gateway(mock.url, 'chair').minutesToExamine({ current: 1, size: 10 });
        expect(page.records[0]?.meetingId).toBe(PACT_MEETING_ID);
      });

    await createPact()
      .addInteraction()
      .given(MeetingState.minutesPending)
      .uponReceiving('the chair approves the minutes of the pact meeting')
      .withRequest('POST', `${API}/${PACT_MEETING_ID}/examine`, (b) =>
        b.headers(as('chair')).jsonBody({ action: 'approve', version: 5, comment: '同意' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like(
              detail(
                'ARCHIVED',
                6,
                eachLike(
                  item({
                    conclusion: 'PASSED',
                    votes: eachLike(vote(MeetingPeople.chair, 'AGREE')),
                    myVote: like(vote(MeetingPeople.chair, 'AGREE')),
                  }),
                ),
              ),
            ),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const m = await gateway(mock.url, 'chair').examineMinutes(PACT_MEETING_ID, {
          action: 'approve',
          version: 5,
          comment: '同意',
        });
        expect(m.status).toBe('ARCHIVED');
      });
  });
});
