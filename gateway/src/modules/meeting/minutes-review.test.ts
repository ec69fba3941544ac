// The chair's review of the minutes through HTTP as the README's people sign in (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): on 通过 each business heard moves through its own aggregate as its item concluded
// — passed → 融资决议·草稿 (a decision drafted with the meeting's conditions), 否决 → 已终止·已否决, 复议 →
// 尽调报告·已退回 with the 复议 counted — and the chair may 否决 a passed item but never pass a 否决. Only the
// meeting's chair reviews, only minutes sent to review, and 复议 once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { MeetingMessage, vetoBarEnds } from '../../../../src/domain/financing/meeting-rules';
import { MeetingFlowMessage } from '../../../../src/domain/financing/meeting-workflow';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import { walkReport } from '../../db/seed/report.seed';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { meetingAtChairReview } from '../../testing/meeting-walk';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { MEETING_API } from '../../../../src/domain/financing/meeting-workflow';
import { MeetingStoreMessage } from './repository';

/** A PDF's text as pdftotext reads it. */
const pdfText = (pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'minutes-'));
  try {
    writeFileSync(join(dir, 'm.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'm.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const PASSWORD = 'Staff@2026';
const T = DEMO_TENANT_ID;

describe.each(databasesUnderTest())('评审会纪要审核 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const headers: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    for (const name of ['secretary', 'chair', 'member1', 'member2', 'member3']) {
      const s = await signIn(gw.app, name, PASSWORD);
      headers[name] = s.headers;
      ids[name] = s.userId;
    }
    headers.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    headers.operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
  });

  const business = (id: string) =>
    gw.db
      .selectFrom('financing_business')
      .select(['state', 'reconsider_count', 'version'])
      .where('business_id', '=', id)
      .executeTakeFirstOrThrow();
  const examine = (who: string, id: string, body: Record<string, unknown>) =>
    call('POST', `${MEETING_API}/${id}/examine`, headers[who]!, body);

  it('moves each business as its item concluded when the chair approves; the chair may veto a passed item', async () => {
    const [passed, conditional, vetoed, reconsidered, chairVeto] = await businessesAwaitingMeeting(gw.db, T, 5);
    const yes = ['AGREE', 'AGREE', 'AGREE', 'AGREE'] as const;
    const no = ['DISAGREE', 'DISAGREE', 'DISAGREE', 'AGREE'] as const;
    const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
      { businessId: passed!, votes: yes, conclusion: 'PASSED' },
      {
        businessId: conditional!,
        votes: ['AGREE', 'AGREE_WITH_CONDITIONS', 'AGREE', 'AGREE'],
        conditions: ['开立监管账户'],
        conclusion: 'PASSED_WITH_CONDITIONS',
      },
      { businessId: vetoed!, votes: no, conclusion: 'VETOED' },
      { businessId: reconsidered!, votes: no, conclusion: 'RECONSIDER' },
      { businessId: chairVeto!, votes: yes, conclusion: 'PASSED' },
    ]);
    // The minutes went to review: every business waits for the chair.
    expect((await business(passed!)).state).toBe('MEETING/PENDING');
    const queue = await call('GET', `${MEETING_API}/examine/page`, headers.chair!);
    expect(queue.data.records.map((r: { meetingId: string }) => r.meetingId)).toContain(meetingId);
    // A member is not the chair: no code of the review page.
    expect((await examine('member1', meetingId, { action: 'approve', version })).code).toBe(ResultCode.forbidden);
    // Another tenant finds nothing.
    expect((await examine('xh_admin', meetingId, { action: 'approve', version })).code).toBe(ResultCode.notFound);
    // A 否决 is never turned into a pass; the chair vetoes only passed items.
    const intoPass = await examine('chair', meetingId, { action: 'approve', version, vetoSeqs: [4] });
    expect(intoPass).toMatchObject({ code: ResultCode.invalidInput, message: MeetingMessage.chairVetoPassedOnly });

    // The chair's 否决 names its reason, which the vetoed business's timeline keeps.
    const unexplained = await examine('chair', meetingId, { action: 'approve', version, vetoSeqs: [5] });
    expect(unexplained).toMatchObject({ code: ResultCode.invalidInput, message: MeetingMessage.vetoReason });
    const blank = await examine('chair', meetingId, {
      action: 'approve',
      version,
      vetoReasons: [{ seq: 5, reason: '  ' }],
    });
    expect(blank).toMatchObject({ code: ResultCode.invalidInput, message: MeetingMessage.vetoReason });
    const approved = await examine('chair', meetingId, {
      action: 'approve',
      version,
      vetoReasons: [{ seq: 5, reason: '第一还款来源不足以覆盖融资本息' }],
      comment: '同意',
    });
    expect(approved.code).toBe(0);
    const vetoEvent = await gw.db
      .selectFrom('business_event')
      .select(['comment', 'to_state'])
      .where('business_id', '=', chairVeto!)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(vetoEvent).toEqual({ comment: '第一还款来源不足以覆盖融资本息', to_state: 'TERMINATED/VETOED' });
    expect(approved.data.status).toBe('ARCHIVED');
    expect((await business(passed!)).state).toBe('DECISION/DRAFT');
    expect((await business(conditional!)).state).toBe('DECISION/DRAFT');
    expect((await business(vetoed!)).state).toBe('TERMINATED/VETOED');
    expect(await business(reconsidered!)).toMatchObject({ state: 'REPORT/RETURNED', reconsider_count: 1 });
    expect((await business(chairVeto!)).state).toBe('TERMINATED/VETOED');
    // The decision is drafted with the meeting's conditions.
    const decision = await gw.db
      .selectFrom('financing_decision')
      .select(['meeting_id', 'meeting_conditions', 'conditions'])
      .where('business_id', '=', conditional!)
      .executeTakeFirstOrThrow();
    expect(decision.meeting_id).toBe(meetingId);
    // The meeting's condition first, then those the report proposed.
    expect(decision.meeting_conditions).toEqual(['开立监管账户']);
    expect(decision.conditions).toEqual([
      '开立监管账户',
      '放款前项目公司签回付款确认书',
      '应收账款转让通知书送达并取得回执',
    ]);
    // Filed minutes are not reviewed again.
    const again = await examine('chair', meetingId, { action: 'approve', version: approved.data.version });
    expect(again.code).toBe(ResultCode.invalidInput);
  }, 120_000);

  it('returns the minutes to the secretary, who corrects them and sends them again; 复议 only once', async () => {
    const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
    await gw.db.updateTable('financing_business').set({ reconsider_count: 1 }).where('business_id', '=', b!).execute();
    const no = ['DISAGREE', 'DISAGREE', 'DISAGREE', 'AGREE'] as const;
    // A business reconsidered once may not be concluded 复议 again.
    await expect(
      meetingAtChairReview(call, headers, ids, [{ businessId: b!, votes: no, conclusion: 'RECONSIDER' }]),
    ).rejects.toThrow(MeetingMessage.reconsiderOnce);
    const [c] = await businessesAwaitingMeeting(gw.db, T, 1);
    const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
      { businessId: c!, votes: no, conclusion: 'VETOED' },
    ]);
    // Sending twice is refused.
    const twice = await call('POST', `${MEETING_API}/${meetingId}/minutes/submit`, headers.secretary!, { version });
    expect(twice).toMatchObject({ code: ResultCode.invalidInput, message: MeetingFlowMessage.alreadySubmitted });
    // 退回 needs the business's return comment of at least five characters.
    const short = await examine('chair', meetingId, { action: 'return', version, comment: '重写' });
    expect(short).toMatchObject({ code: ResultCode.invalidInput, message: LifecycleMessage.returnComment });
    const returned = await examine('chair', meetingId, { action: 'return', version, comment: '请补充表决意见摘要' });
    expect(returned.code).toBe(0);
    expect(returned.data).toMatchObject({ status: 'CLOSED', minutesSubmittedAt: null });
    expect((await business(c!)).state).toBe('MEETING/RETURNED');
    // Not under review: nothing to approve.
    const notSent = await examine('chair', meetingId, { action: 'approve', version: returned.data.version });
    expect(notSent).toMatchObject({ code: ResultCode.invalidInput, message: MeetingFlowMessage.notSubmitted });
    // Returned, the minutes are the secretary's to correct: the item's conclusion and minutes are written again,
    // and the meeting's own 纪要 goes with them; the printed minutes say what was corrected.
    const corrected = await call('POST', `${MEETING_API}/${meetingId}/conclusion`, headers.secretary!, {
      seq: 1,
      conclusion: 'VETOED',
      minutes: '经更正：多数委员认为经营现金流不足以覆盖还款。',
    });
    expect(corrected.code, corrected.message).toBe(0);
    expect(corrected.data).toMatchObject({
      conclusion: 'VETOED',
      minutes: '经更正：多数委员认为经营现金流不足以覆盖还款。',
    });
    // Still held to the tally: a pass against three 不同意 is refused.
    const against = await call('POST', `${MEETING_API}/${meetingId}/conclusion`, headers.secretary!, {
      seq: 1,
      conclusion: 'PASSED',
    });
    expect(against.code).toBe(ResultCode.invalidInput);
    // Only the meeting's secretary corrects.
    const other = await call('POST', `${MEETING_API}/${meetingId}/conclusion`, headers.member1!, {
      seq: 1,
      conclusion: 'VETOED',
    });
    expect(other.code).not.toBe(0);
    const version2 = (await call('GET', `${MEETING_API}/${meetingId}`, headers.secretary!)).data.version;
    const sent = await call('POST', `${MEETING_API}/${meetingId}/minutes/submit`, headers.secretary!, {
      version: version2,
      minutesText: '会议审议议题一项，否决一项。',
    });
    expect(sent.code, sent.message).toBe(0);
    expect(sent.data).toMatchObject({ minutesText: '会议审议议题一项，否决一项。' });
    expect((await business(c!)).state).toBe('MEETING/PENDING');
    // Sent again, the conclusion is settled: no more corrections while the chair has it.
    const late = await call('POST', `${MEETING_API}/${meetingId}/conclusion`, headers.secretary!, {
      seq: 1,
      conclusion: 'VETOED',
    });
    expect(late).toMatchObject({ code: ResultCode.invalidInput, message: MeetingStoreMessage.alreadyConcluded });
    const pdf = await gw.app.inject({
      method: 'GET',
      url: `${MEETING_API}/${meetingId}/minutes`,
      headers: headers.secretary!,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, '');
    expect(text).toContain('经更正：多数委员认为经营现金流不足以覆盖还款。');
    expect(text).toContain('会议审议议题一项，否决一项。');
    const approved = await examine('chair', meetingId, { action: 'approve', version: sent.data.version });
    expect(approved.code).toBe(0);
    expect((await business(c!)).state).toBe('TERMINATED/VETOED');
  }, 120_000);

  it('bars for six months a new pre-credit on the orders of a business vetoed after its 复议, naming it', async () => {
    // A business heard once and sent back by 复议, its report made again and approved, then heard again and
    // vetoed.
    const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
    const no = ['DISAGREE', 'DISAGREE', 'DISAGREE', 'AGREE'] as const;
    const first = await meetingAtChairReview(call, headers, ids, [
      { businessId: b!, votes: no, conclusion: 'RECONSIDER' },
    ]);
    expect((await examine('chair', first.meetingId, { action: 'approve', version: first.version })).code).toBe(0);
    expect((await business(b!)).state).toBe('REPORT/RETURNED');
    await walkReport(gw.db, b!, 1, 'APPROVED', new Date());
    expect((await business(b!)).state).toBe('MEETING/WAIT_SCHEDULE');
    const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
      { businessId: b!, votes: no, conclusion: 'VETOED' },
    ]);
    expect((await examine('chair', meetingId, { action: 'approve', version })).code).toBe(0);
    const vetoed = await gw.db
      .selectFrom('financing_business as v')
      .innerJoin('pre_credit as p', 'p.business_id', 'v.business_id')
      .select(['v.business_no', 'v.state', 'v.reconsider_count', 'p.basis_order_ids'])
      .where('v.business_id', '=', b!)
      .executeTakeFirstOrThrow();
    expect(vetoed).toMatchObject({ state: 'TERMINATED/VETOED', reconsider_count: 1 });
    const orders = (
      typeof vetoed.basis_order_ids === 'string' ? JSON.parse(vetoed.basis_order_ids) : vetoed.basis_order_ids
    ) as string[];
    // 华东建材 asks again: a demand accepted by the operator, its pre-credit on one of those orders for an amount
    // well within its cap, so the bar is the only refusal.
    const supplier = (await signIn(gw.app, 'supplier', 'Supplier@2026')).headers;
    const demand = await call('POST', '/api/business/demand', supplier, {
      supplierId: DemoOrg.huadongBuildingMaterials,
      expectedAmount: 100_000_00,
      expectedTermDays: 90,
      purpose: '支付建材采购款',
      contactName: '王建国',
      contactPhone: '13800000003',
    });
    expect(demand.code, demand.message).toBe(0);
    const accepted = await call('POST', `/api/business/demand/${demand.data.keyId}/transition`, headers.operator!, {
      action: 'accept',
      version: demand.data.version,
      comment: '受理',
    });
    expect(accepted.code, accepted.message).toBe(0);
    const asking: string = accepted.data.businessId;
    const pre = await call('GET', `/api/business/preCredit/${asking}`, headers.operator!);
    const edited = await call('PUT', `/api/business/preCredit/${asking}`, headers.operator!, {
      applyAmount: 10_000_00,
      basisOrderIds: [orders[0]],
      version: pre.data.version,
    });
    expect(edited.code, edited.message).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const refused = await call('POST', `/api/business/business/${asking}/transition`, headers.operator!, {
      action: 'submit',
      version: edited.data.version,
    });
    expect(refused).toMatchObject({
      code: ResultCode.invalidInput,
      message: MeetingMessage.barred(vetoed.business_no, vetoBarEnds(today)),
    });
  }, 240_000);

  it('shows 待表决 on a member’s workbench while their vote is due, and no more once cast', async () => {
    const [a, b] = await businessesAwaitingMeeting(gw.db, T, 2);
    const at = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    const voters = ['chair', 'member1', 'member2', 'member3'];
    const made = await call('POST', MEETING_API, headers.secretary!, {
      title: '待表决评审会',
      form: 'VIDEO',
      location: '',
      scheduledAt: at,
      chairId: ids.chair,
      members: voters.map((v) => ({ userId: ids[v], role: v === 'chair' ? 'CHAIR' : 'MEMBER' })),
      agenda: [{ businessId: a }, { businessId: b }],
    });
    const id: string = made.data.meetingId;
    let m = await call('POST', `${MEETING_API}/${id}/transition`, headers.secretary!, { action: 'notify', version: 1 });
    const todo = async () =>
      (await call('GET', '/api/business/workbench/todo?tab=VOTE&current=1&size=50', headers.member1!)).data;
    const count = async () =>
      (await call('GET', '/api/business/workbench/todo/count', headers.member1!)).data.tabs.VOTE;
    // Before voting opens the notice is there to read (评审会通知), nothing yet to vote on.
    const told = (await todo()).records.filter((r: { link: string }) => r.link.includes(id));
    expect(told.map((r: { businessId: string; itemType: string }) => [r.itemType, r.businessId])).toEqual([
      ['NOTICE', a],
      ['NOTICE', b],
    ]);
    m = await call('POST', `${MEETING_API}/${id}/transition`, headers.secretary!, {
      action: 'openVoting',
      version: m.data.version,
    });
    const due = (await todo()).records.filter((r: { link: string }) => r.link.includes(id));
    expect(due.map((r: { businessId: string; itemType: string }) => [r.itemType, r.businessId])).toEqual([
      ['VOTE', a],
      ['VOTE', b],
    ]);
    const before = await count();
    expect((await call('POST', `${MEETING_API}/${id}/vote`, headers.member1!, { seq: 1, opinion: 'AGREE' })).code).toBe(
      0,
    );
    expect(await count()).toBe(before - 1);
    // The secretary holds no vote: nothing to vote on their workbench.
    const secretary = await call('GET', '/api/business/workbench/todo/count', headers.secretary!);
    expect(secretary.data.tabs.VOTE).toBe(0);
  }, 60_000);
});
