// The committee's and its secretary's to-dos on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
// set), as the README's people sign in: a member sees the meeting once its notice is sent (评审会通知) and each
// item to vote on (评审会表决), 处理 opening the meeting's room; the vote cast is in 我的已办; the secretary's
// minutes wait under 待制作 after the vote and again when the chair returns them; risk1's reports and decisions
// to make wait under 待制作 whoever the 经办人 is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_API } from '../../../../src/domain/financing/meeting-workflow';
import { DEPARTMENT_MAKER_STATES, MEETING_TODO_LABEL } from '../../../../src/domain/financing/review-queue';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

const T = DEMO_TENANT_ID;
const TODO = '/api/business/workbench/todo';
const DONE = '/api/business/workbench/done';
const DAY = 24 * 3600_000;

interface Row {
  itemType: string;
  itemTypeLabel: string;
  businessId: string;
  link: string;
}

describe.each(databasesUnderTest())('评审会的待办与已办 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const headers: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    for (const name of ['secretary', 'chair', 'member1', 'member2', 'member3', 'risk1']) {
      const s = await signIn(gw.app, name, 'Staff@2026');
      headers[name] = s.headers;
      ids[name] = s.userId;
    }
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  const as = async (who: string, method: string, url: string, body?: unknown) => {
    const a = await call(method, url, headers[who]!, body);
    expect(a.code, `${who} ${method} ${url}: ${a.message}`).toBe(0);
    return a.data;
  };
  const todos = async (who: string, tab: string): Promise<Row[]> =>
    (await as(who, 'GET', `${TODO}?tab=${tab}&size=100`)).records;
  const of = (rows: Row[], businessId: string) => rows.filter((r) => r.businessId === businessId);

  it('walks a meeting from its notice to its returned minutes through everyone’s workbench', async () => {
    const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
    const voters = ['chair', 'member1', 'member2', 'member3'];
    let m = await as('secretary', 'POST', MEETING_API, {
      title: '待办评审会',
      form: 'ON_SITE',
      location: '远景大厦8楼会议室',
      scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
      chairId: ids.chair,
      members: voters.map((v) => ({ userId: ids[v], role: v === 'chair' ? 'CHAIR' : 'MEMBER' })),
      agenda: [{ businessId: b }],
    });
    const id: string = m.meetingId;
    const room = `/business/approvalReviewMeetingImplementList?id=${encodeURIComponent(id)}`;
    // A draft is nobody's to-do yet.
    expect(of(await todos('member1', 'VOTE'), b!)).toEqual([]);

    m = await as('secretary', 'POST', `${MEETING_API}/${id}/transition`, { action: 'notify', version: 1 });
    expect(of(await todos('member1', 'VOTE'), b!)).toEqual([
      expect.objectContaining({ itemType: 'NOTICE', itemTypeLabel: MEETING_TODO_LABEL.NOTICE, link: room }),
    ]);
    // The count on the menu counts it with the tab.
    const count = await as('member1', 'GET', `${TODO}/count`);
    expect(count.tabs.VOTE).toBe((await todos('member1', 'VOTE')).length);

    m = await as('secretary', 'POST', `${MEETING_API}/${id}/transition`, { action: 'openVoting', version: m.version });
    expect(of(await todos('member1', 'VOTE'), b!)).toEqual([
      expect.objectContaining({ itemType: 'VOTE', itemTypeLabel: '评审会表决', link: room }),
    ]);

    for (const v of voters) {
      await as(v, 'POST', `${MEETING_API}/${id}/vote`, {
        seq: 1,
        opinion: 'AGREE',
        ...(v === 'member1' ? { comment: '还款来源清晰' } : {}),
      });
    }
    expect(of(await todos('member1', 'VOTE'), b!)).toEqual([]);
    // 我的已办 lists the vote, newest first, with the business it was on.
    const done = await as('member1', 'GET', `${DONE}?current=1&size=5`);
    expect(done.records[0]).toMatchObject({
      businessId: b,
      action: 'vote',
      actionLabel: '同意',
      comment: '还款来源清晰',
      stage: 'MEETING',
    });
    expect(done.total).toBeGreaterThanOrEqual(1);
    // A page past the first is the next rows of the same order.
    const both = await as('member1', 'GET', `${DONE}?current=1&size=2`);
    const second = await as('member1', 'GET', `${DONE}?current=2&size=1`);
    if (both.records.length === 2) expect(second.records[0]).toEqual(both.records[1]);

    m = await as('secretary', 'POST', `${MEETING_API}/${id}/transition`, { action: 'closeVoting', version: m.version });
    const minutes = `/business/approvalProduction?id=${encodeURIComponent(id)}`;
    expect(of(await todos('secretary', 'MAKE'), b!)).toEqual([
      expect.objectContaining({ itemType: 'MINUTES', itemTypeLabel: MEETING_TODO_LABEL.MINUTES, link: minutes }),
    ]);
    await as('secretary', 'POST', `${MEETING_API}/${id}/conclusion`, { seq: 1, conclusion: 'PASSED' });
    m = await as('secretary', 'GET', `${MEETING_API}/${id}`);
    m = await as('secretary', 'POST', `${MEETING_API}/${id}/minutes/submit`, { version: m.version });
    // With the chair: not the secretary's to make.
    expect(of(await todos('secretary', 'MAKE'), b!)).toEqual([]);
    m = await as('chair', 'POST', `${MEETING_API}/${id}/examine`, {
      action: 'return',
      version: m.version,
      comment: '请补充议题纪要',
    });
    expect(of(await todos('secretary', 'MAKE'), b!)).toEqual([
      expect.objectContaining({ itemTypeLabel: MEETING_TODO_LABEL.MINUTES_RETURNED, link: minutes }),
    ]);
    // Nobody else's.
    expect(of(await todos('member1', 'MAKE'), b!)).toEqual([]);

    // Sent again and approved: the decision to make waits for risk1, whoever the 经办人 is.
    m = await as('secretary', 'POST', `${MEETING_API}/${id}/minutes/submit`, { version: m.version });
    await as('chair', 'POST', `${MEETING_API}/${id}/examine`, { action: 'approve', version: m.version });
    expect(of(await todos('risk1', 'MAKE'), b!)).toEqual([
      expect.objectContaining({
        itemType: 'MAKE',
        itemTypeLabel: '决议待提交',
        link: `/business/decisionMake?id=${encodeURIComponent(b!)}`,
      }),
    ]);
  }, 180_000);

  it('lists the reports a risk manager may make, draft or returned, under 待制作', async () => {
    const waiting = await gw.db
      .selectFrom('financing_business')
      .select(['business_id', 'state'])
      .where('tenant_id', '=', T)
      .where('suspended', '=', false)
      .where(
        'state',
        'in',
        DEPARTMENT_MAKER_STATES.filter((s) => s.startsWith('REPORT/')),
      )
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    const rows = await todos('risk1', 'MAKE');
    for (const w of waiting) {
      expect(of(rows, w.business_id), w.state).toEqual([
        expect.objectContaining({
          itemTypeLabel: w.state === 'REPORT/RETURNED' ? '报告退回待修改' : '报告待提交',
          link: `/business/report-production-make/makeProcess?id=${encodeURIComponent(w.business_id)}`,
        }),
      ]);
    }
  }, 60_000);
});
