// 融资决议 through HTTP as the README's people sign in (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// the chair's approval of the minutes drafts the decision with the meeting's conditions; risk1 makes it, held to
// its limits at 提交; riskhead and the approver review it (RISK_HEAD → APPROVER), the approver may 否决; the
// approval writes the approved terms on the business, the 90-day validity and the element items. Each refusal
// answers its code and Chinese words: above the cap, a reviewer of two levels, four-eyes, another tenant's and
// another scope's ids, two reviewers at once, 否决 at the wrong level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionMessage, decisionValidUntil } from '../../../../src/domain/financing/decision';
import { TermsMessage } from '../../../../src/domain/financing/financing-terms';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { LifecycleRole } from '../business/seed';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { meetingAtChairReview } from '../../testing/meeting-walk';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

const PASSWORD = 'Staff@2026';
const T = DEMO_TENANT_ID;
const API = '/api/business/decision';
const BUSINESS = '/api/business/business';
const shanghaiToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe.each(databasesUnderTest())('融资决议 on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let call: ReturnType<typeof callerOf>;
  const headers: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};
  let main: string;
  let vetoed: string;
  let twoLevels: string;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    call = callerOf(gw.app);
    // risk1 also heads risk (four-eyes: the maker never reviews their own decision); the approver also heads
    // risk (a reviewer of two levels); risk2's roles are held to its organisation's subtree (another scope).
    const idOf = async (name: string) =>
      (await gw.db.selectFrom('app_user').select('user_id').where('user_name', '=', name).executeTakeFirstOrThrow())
        .user_id;
    for (const name of ['risk1', 'approver']) {
      await gw.db
        .insertInto('user_role')
        .values({ user_id: await idOf(name), role_id: LifecycleRole.RISK_HEAD as string })
        .execute();
    }
    const elsewhere = await gw.db
      .selectFrom('organization')
      .select('org_id')
      .where('tenant_id', '=', T)
      .where('org_type', '=', 'PROJECT_COMPANY')
      .orderBy('org_id', 'desc')
      .executeTakeFirstOrThrow();
    await gw.db
      .updateTable('app_user')
      .set({ is_auth_data: true, organization_id: elsewhere.org_id })
      .where('user_name', '=', 'risk2')
      .execute();
    for (const name of [
      'secretary',
      'chair',
      'member1',
      'member2',
      'member3',
      'risk1',
      'risk2',
      'riskhead',
      'approver',
    ]) {
      const s = await signIn(gw.app, name, PASSWORD);
      headers[name] = s.headers;
      ids[name] = s.userId;
    }
    headers.operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    headers.xh_admin = (await signIn(gw.app, 'xh_admin', 'Admin@2026')).headers;
    [main, vetoed, twoLevels] = (await businessesAwaitingMeeting(gw.db, T, 3)) as [string, string, string];
    const yes = ['AGREE', 'AGREE_WITH_CONDITIONS', 'AGREE', 'AGREE'] as const;
    const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
      { businessId: main, votes: yes, conditions: ['开立监管账户'], conclusion: 'PASSED_WITH_CONDITIONS' },
      { businessId: vetoed, votes: yes, conditions: ['开立监管账户'], conclusion: 'PASSED_WITH_CONDITIONS' },
      { businessId: twoLevels, votes: yes, conditions: ['开立监管账户'], conclusion: 'PASSED_WITH_CONDITIONS' },
    ]);
    const approved = await call('POST', `/api/business/meeting/${meetingId}/examine`, headers.chair!, {
      action: 'approve',
      version,
    });
    expect(approved.code).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  const as = (who: string) => ({
    get: (url: string) => call('GET', url, headers[who]!),
    put: (url: string, body: unknown) => call('PUT', url, headers[who]!, body),
    post: (url: string, body: unknown) => call('POST', url, headers[who]!, body),
  });
  const detail = async (id: string) => (await as('risk1').get(`${API}/${id}`)).data;
  const move = (who: string, id: string, action: string, version: number, comment?: string) =>
    as(who).post(`${BUSINESS}/${id}/transition`, { action, version, ...(comment ? { comment } : {}) });
  const form = (d: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
    approvedAmount: d.approvedAmount,
    annualRate: '0.0450',
    termDays: 90,
    financingRatio: d.financingRatio,
    repaymentMethod: d.repaymentMethod,
    guaranteeMeasures: '实际控制人连带责任保证',
    conditions: d.meetingConditions,
    version: d.version,
    ...over,
  });
  const submitted = async (id: string) => {
    let d = await detail(id);
    d = (await as('risk1').put(`${API}/${id}`, form(d))).data;
    const s = await as('risk1').post(`${API}/${id}/transition`, { action: 'submit', version: d.version });
    expect(s.code, s.message).toBe(0);
    return s.data;
  };

  it('is drafted for risk from the report’s proposal and the meeting’s conditions, each limit beside its field', async () => {
    const d = await detail(main);
    const report = (await as('risk1').get(`/api/business/report/${main}`)).data;
    const proposal = report.steps.find((x: { key: string }) => x.key === 'PROPOSAL').content;
    expect(d).toMatchObject({
      status: 'DRAFT',
      decisionNo: expect.stringMatching(/^JY\d{12}$/),
      meetingConditions: ['开立监管账户'],
      // The meeting's conditions, then the report's proposed ones.
      conditions: ['开立监管账户', ...proposal.proposedConditions.split('\n')],
      annualRate: proposal.proposedRate,
      termDays: proposal.proposedTermDays,
      actions: ['submit'],
    });
    expect(d.approvedAmount).toBe(d.applyAmount);
    expect(d.limits.map((l: { label: string }) => l.label)).toEqual([
      '批复金额',
      '年利率',
      '期限',
      '融资比例',
      '还款方式',
    ]);
    // The limits themselves, so the make page checks each field as it is typed.
    expect(d.bounds).toMatchObject({
      applyAmount: d.applyAmount,
      product: { minRate: expect.stringMatching(/^0\.\d{4}$/), repaymentMethods: expect.any(Array) },
    });
    // The list shows it on 融资决议管理.
    const page = await as('risk1').get(`${API}/page?businessNo=`);
    expect(page.data.records.map((r: { keyId: string }) => r.keyId)).toContain(main);
    // The operator makes no decision.
    expect(await as('operator').put(`${API}/${main}`, form(d))).toMatchObject({
      code: ResultCode.invalidInput,
      message: LifecycleMessage.notMaker,
    });
  });

  it('refuses a decision above the amount applied for, then a dropped meeting condition, at 提交', async () => {
    let d = await detail(main);
    d = (await as('risk1').put(`${API}/${main}`, form(d, { approvedAmount: d.applyAmount + 1, conditions: [] }))).data;
    expect(d.limits[0].message).toBe(TermsMessage.overApplied('批复', BigInt(d.applyAmount)));
    const over = await as('risk1').post(`${API}/${main}/transition`, { action: 'submit', version: d.version });
    expect(over).toMatchObject({ code: ResultCode.invalidInput });
    expect(over.message).toBe(TermsMessage.overApplied('批复', BigInt(d.applyAmount)));
    d = (await as('risk1').put(`${API}/${main}`, form(d, { approvedAmount: d.applyAmount, conditions: [] }))).data;
    const dropped = await as('risk1').post(`${API}/${main}/transition`, { action: 'submit', version: d.version });
    expect(dropped).toMatchObject({
      code: ResultCode.invalidInput,
      message: DecisionMessage.meetingCondition('开立监管账户'),
    });
    // Another scope: risk2 sees only its organisation's businesses, and finds none of these.
    const scoped = await as('risk2').post(`${API}/${main}/transition`, { action: 'submit', version: d.version });
    expect(scoped.code).toBe(ResultCode.notFound);
  });

  it('is reviewed by riskhead then the approver, one at a time, never by its maker; approval writes the terms', async () => {
    let d = await submitted(main);
    expect(d.status).toBe('PENDING');
    // Four-eyes: risk1 heads risk too, but made this decision.
    const own = await move('risk1', main, 'approve', d.version);
    expect(own).toMatchObject({ code: ResultCode.invalidInput, message: ReviewMessage.maker });
    // The approver heads risk too, but 否决 is the last level's, not the first's.
    const early = await move('approver', main, 'veto', d.version, '额度过高，否决');
    expect(early).toMatchObject({ code: ResultCode.invalidInput, message: LifecycleMessage.vetoLastLevel });
    // Two reviewers at once on the version they read: one moves it, the other is told it changed.
    const both = await Promise.all([
      move('riskhead', main, 'approve', d.version),
      move('riskhead', main, 'approve', d.version),
    ]);
    expect(both.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion].sort());
    d = await detail(main);
    expect(d.reviewLevel).toBe(2);
    // riskhead holds no 否决 (the audit page's `terminate` is the approver's).
    expect((await move('riskhead', main, 'veto', d.version, '否决否决否决')).code).toBe(ResultCode.forbidden);
    const done = await move('approver', main, 'approve', d.version, '同意');
    expect(done.code, done.message).toBe(0);
    expect(done.data.state).toBe('ELEMENTS/DRAFT');
    d = await detail(main);
    expect(d).toMatchObject({ status: 'APPROVED', result: 'AGREED', validUntil: decisionValidUntil(shanghaiToday()) });
    // Those who approved it read it on 业务详情's 决议 tab, as the committee that heard it does.
    for (const who of ['riskhead', 'approver', 'chair', 'member1']) {
      const read = await as(who).get(`${API}/${main}`);
      expect(read.code, who).toBe(0);
      expect(read.data.approvedAmount, who).toBe(d.approvedAmount);
    }
    const b = await gw.db
      .selectFrom('financing_business')
      .select(['approved_amount', 'approved_annual_rate', 'approved_term_days', 'decision_valid_until'])
      .where('business_id', '=', main)
      .executeTakeFirstOrThrow();
    expect(Number(b.approved_amount)).toBe(d.approvedAmount);
    expect(String(b.approved_annual_rate)).toMatch(/^0\.0450*$/);
    expect(b.approved_term_days).toBe(90);
    // The element items: the terms, the standard conditions and the meeting's.
    expect(d.elements.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)).toEqual([
      'TERM:金额',
      'TERM:利率',
      'TERM:期限',
      'TERM:还款方式',
      'TERM:担保',
      'CONDITION:转让通知书送达并回执',
      'CONDITION:中登转让登记',
      'CONDITION:开立监管账户',
    ]);
    // A decision that left the stage is not edited.
    expect((await as('risk1').put(`${API}/${main}`, form(d))).code).toBe(ResultCode.invalidInput);
  }, 60_000);

  it('the approver may 否决 at their level: the business ends 已否决', async () => {
    let d = await submitted(vetoed);
    expect((await move('riskhead', vetoed, 'approve', d.version)).code).toBe(0);
    d = await detail(vetoed);
    // 否决 needs its reason.
    expect((await move('approver', vetoed, 'veto', d.version)).code).toBe(ResultCode.invalidInput);
    const v = await move('approver', vetoed, 'veto', d.version, '担保不足，否决');
    expect(v.code, v.message).toBe(0);
    expect(v.data.state).toBe('TERMINATED/VETOED');
    expect(await detail(vetoed)).toMatchObject({ result: 'VETOED', status: 'VETOED' });
    // The list says 已否决 as the stage table names it, and filters by it.
    const page = (await as('risk1').get(`${API}/page?current=1&size=50&status=VETOED`)).data;
    expect(page.records.map((r: { keyId: string; status: string }) => [r.keyId, r.status])).toEqual([
      [vetoed, 'VETOED'],
    ]);
  });

  it('a reviewer of one level may not review the next', async () => {
    let d = await submitted(twoLevels);
    expect((await move('approver', twoLevels, 'approve', d.version)).code).toBe(0);
    d = await detail(twoLevels);
    const again = await move('approver', twoLevels, 'approve', d.version);
    expect(again).toMatchObject({ code: ResultCode.invalidInput, message: ReviewMessage.otherLevel });
  });

  it('another tenant’s decision is not found', async () => {
    expect((await as('xh_admin').get(`${API}/${main}`)).code).toBe(ResultCode.notFound);
    expect((await as('xh_admin').get(`${API}/${main}/review`)).code).toBe(ResultCode.notFound);
    expect((await move('xh_admin', twoLevels, 'approve', 1)).code).toBe(ResultCode.notFound);
    // The reviewers read it from 决议审核.
    expect((await as('riskhead').get(`${API}/${twoLevels}/review`)).data.limits).toHaveLength(5);
  });

  it('risk, who makes the decisions, exports 融资决议管理 as a workbook; a member may not', async () => {
    const sheet = await gw.app.inject({ method: 'GET', url: `${API}/export`, headers: headers.risk1! });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await as('member1').get(`${API}/export`)).code).toBe(ResultCode.forbidden);
  });

  it('the demo seed walked decisions to 已通过 and to 待审核 with the seeded people', async () => {
    const seeded = await gw.db
      .selectFrom('financing_decision as d')
      .innerJoin('financing_business as b', 'b.business_id', 'd.business_id')
      .select(['b.state', 'd.result', 'd.created_by'])
      .where('d.tenant_id', '=', T)
      .where('d.created_by', '=', ids.chair!)
      .orderBy('b.state')
      .execute();
    expect(seeded.map((r) => [r.state, r.result])).toEqual(
      expect.arrayContaining([
        ['ELEMENTS/DRAFT', 'AGREED'],
        ['DECISION/PENDING', null],
      ]),
    );
  });
});
