// The report, the meeting and the decision as an attacker meets them, through HTTP as the README's people sign
// in (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): whoever wrote a step of a report never reviews it;
// the meeting's moves are made only through the meeting; seats go to the tenant's staff with the seat's role;
// meetings are scoped by the businesses they hear; the applicant never reads the committee's deliberation;
// races answer 409, never 500; what no stored text holds is refused, as are future past-facts, impossible
// dates, a meeting in year 9999 or on a business another draft holds; a supplier's upload never lands on
// another supplier's business; the operation log masks ID and mobile numbers wherever they stand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LifecycleMessage } from '../../../../src/domain/financing/lifecycle';
import { MeetingPlanMessage, MEETING_API } from '../../../../src/domain/financing/meeting-workflow';
import { ReviewMessage } from '../../../../src/domain/financing/review';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { residentIdCheckChar } from '../../../../src/domain/patterns/resident-id';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { SAMPLE_REPORT } from '../../documents/document-samples';
import { businessesAwaitingMeeting } from '../../testing/awaiting-meeting';
import { meetingAtChairReview } from '../../testing/meeting-walk';
import {
  callerOf,
  createTestGateway,
  databasesUnderTest,
  type GatewayAnswer,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';

const T = DEMO_TENANT_ID;
const REPORT_API = '/api/business/report';
const DECISION_API = '/api/business/decision';
const DAY = 24 * 3600_000;
const PASSWORDS: Record<string, string> = {
  admin: 'Admin@2026',
  supplier: 'Supplier@2026',
  operator: 'Operator@2026',
  auditor: 'Auditor@2026',
};
const PEOPLE = [
  ...['risk1', 'risk2', 'riskhead', 'secretary', 'chair', 'member1', 'member2', 'member3', 'approver'],
  ...['admin', 'supplier', 'operator', 'auditor'],
];
const STEPS = SAMPLE_REPORT.steps as Record<string, Record<string, unknown>>;
const id17 = '11010119900307451';
const RESIDENT_ID = `${id17}${residentIdCheckChar(id17)}`;

describe.each(databasesUnderTest())(
  'the report, the meeting and the decision against an attacker on $name',
  ({ databaseUrl }) => {
    let gw: TestGateway;
    let call: ReturnType<typeof callerOf>;
    const headers: Record<string, Record<string, string>> = {};
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
      call = callerOf(gw.app);
      for (const name of PEOPLE) {
        const s = await signIn(gw.app, name, PASSWORDS[name] ?? 'Staff@2026');
        headers[name] = s.headers;
        ids[name] = s.userId;
      }
    }, 120_000);
    afterAll(async () => {
      await gw?.close();
    });

    const as = (who: string, method: string, url: string, body?: unknown) => call(method, url, headers[who]!, body);
    const ok = async (who: string, method: string, url: string, body?: unknown) => {
      const a = await as(who, method, url, body);
      expect(a.code, `${who} ${method} ${url}: ${a.message}`).toBe(0);
      return a.data;
    };
    const business = (id: string) =>
      gw.db
        .selectFrom('financing_business')
        .select(['state', 'version', 'supplier_id', 'project_company_id'])
        .where('business_id', '=', id)
        .executeTakeFirstOrThrow();
    const move = (who: string, id: string, action: string, version: number, comment?: string) =>
      as(who, 'POST', `/api/business/business/${id}/transition`, { action, version, ...(comment ? { comment } : {}) });
    const reportRows = async () =>
      (await ok('risk1', 'GET', `${REPORT_API}/page?current=1&size=50`)).records as {
        keyId: string;
        reportNo: string | null;
        status: string;
        state: string;
        doneSteps: number;
        version: number;
        applyAmount: number;
        reviewLevel: number | null;
      }[];
    const plan = (agenda: string[], over: Record<string, unknown> = {}) => ({
      title: '评审会',
      form: 'ON_SITE',
      location: '远景大厦8楼会议室',
      scheduledAt: new Date(Date.now() + 3 * DAY).toISOString(),
      chairId: ids.chair,
      members: [
        { userId: ids.chair, role: 'CHAIR' },
        { userId: ids.member1, role: 'MEMBER' },
        { userId: ids.member2, role: 'MEMBER' },
        { userId: ids.member3, role: 'MEMBER' },
      ],
      agenda: agenda.map((businessId) => ({ businessId })),
      ...over,
    });
    const noServerError = (answers: GatewayAnswer[]) => {
      for (const a of answers) expect(a.status, a.message).toBeLessThan(500);
    };

    it('answers eight simultaneous first saves of a report with one save and seven 409s, never a 500', async () => {
      const fresh = (await reportRows()).find((r) => r.reportNo === null && r.state === 'REPORT/DRAFT');
      expect(fresh).toBeDefined();
      const keys = ['CUSTOMER', 'FINANCIALS', 'INDICATORS', 'CREDIT', 'COUNTERPARTY', 'JUDICIAL', 'RATING', 'CUSTOMER'];
      const answers = await Promise.all(
        keys.map((step) =>
          as('risk1', 'PUT', `${REPORT_API}/${fresh!.keyId}`, { step, content: STEPS[step], version: fresh!.version }),
        ),
      );
      noServerError(answers);
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code === ResultCode.staleVersion)).toHaveLength(7);
    }, 60_000);

    it('refuses in report texts what no stored text holds, and statement and credit-report dates in the future', async () => {
      const draft = (await reportRows()).find((r) => r.status === 'DRAFT' && r.doneSteps === 3)!;
      const save = (step: string, content: Record<string, unknown>) =>
        as('risk1', 'PUT', `${REPORT_API}/${draft.keyId}`, { step, content, version: draft.version });
      for (const profile of ['概况\ud800', '概况\u0085', '概况\u200f', '概况\u202e']) {
        const refused = await save('CUSTOMER', { ...STEPS.CUSTOMER, profile });
        expect(refused.code, JSON.stringify(profile)).toBe(ResultCode.invalidInput);
        expect(refused.status).toBe(400);
      }
      // Far ahead, and two Beijing days ahead of the test's own clock (a day that is future whenever it runs,
      // a midnight crossed meanwhile included).
      const soon = new Date(Date.now() + 8 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
      for (const statementDate of ['2099-12-31', soon]) {
        const future = await save('FINANCIALS', { ...STEPS.FINANCIALS, statementDate });
        expect(future.code).toBe(ResultCode.invalidInput);
        expect(future.message).toContain('报表截止日');
      }
      const credit = await save('CREDIT', { ...STEPS.CREDIT, creditReportDate: '2099-01-01' });
      expect(credit.code).toBe(ResultCode.invalidInput);
      expect(credit.message).toContain('征信报告日期');
      const impossible = await save('CREDIT', { ...STEPS.CREDIT, creditReportDate: '2026-02-30' });
      expect(impossible.code).toBe(ResultCode.invalidInput);
    });

    it('answers the loser of two approvals at once 409, not 403', async () => {
      const last = (await reportRows()).find((r) => r.status === 'PENDING' && r.reviewLevel === 2)!;
      const answers = await Promise.all([
        move('riskhead', last.keyId, 'approve', last.version, '同意上会'),
        move('riskhead', last.keyId, 'approve', last.version, '同意上会'),
      ]);
      noServerError(answers);
      expect(answers.map((a) => a.code).sort()).toEqual([0, ResultCode.staleVersion]);
    });

    it('never lets whoever wrote a step of the report review it: risk1 writes, risk2 submits', async () => {
      const draft = (await reportRows()).find((r) => r.status === 'DRAFT' && r.doneSteps === 3)!;
      const d = await ok('risk1', 'GET', `${REPORT_API}/${draft.keyId}`);
      let version = d.version;
      for (const key of ['CREDIT', 'COUNTERPARTY', 'JUDICIAL', 'RATING']) {
        version = (
          await ok('risk1', 'PUT', `${REPORT_API}/${draft.keyId}`, { step: key, content: STEPS[key], version })
        ).version;
      }
      const b = d.bounds;
      const proposal = {
        ...STEPS.PROPOSAL,
        proposedAmount: Math.min(draft.applyAmount, b.cap.singleMaxAmount ?? draft.applyAmount),
        proposedRate: b.product.maxRate,
        proposedTermDays: Math.min(90, b.cap.maxTermDays ?? 90),
        proposedFinancingRatio: b.cap.maxFinancingRatio ?? '0.8000',
        proposedRepaymentMethod: b.product.repaymentMethods[0],
      };
      const saved = await ok('risk1', 'PUT', `${REPORT_API}/${draft.keyId}`, {
        step: 'PROPOSAL',
        content: proposal,
        version,
      });
      expect(saved.problems).toEqual([]);
      // risk1 wrote every step: risk2's 提交 leaves level 1 (风控经理) nobody but its makers, and is refused.
      const submitted = await move('risk2', draft.keyId, 'submit', saved.version, '尽调完成');
      expect(submitted).toMatchObject({
        code: ResultCode.invalidInput,
        message: ReviewMessage.levelWithoutEligibleReviewer(1),
      });
      expect((await business(draft.keyId)).state).toBe('REPORT/DRAFT');
    });

    it('refuses the meeting’s moves through the business’s door; the decision takes the concluded item’s conditions', async () => {
      const [heard, scheduled] = await businessesAwaitingMeeting(gw.db, T, 2);
      const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
        {
          businessId: heard!,
          votes: ['AGREE', 'AGREE_WITH_CONDITIONS', 'AGREE', 'AGREE'],
          conditions: ['开立监管账户'],
          conclusion: 'PASSED_WITH_CONDITIONS',
        },
      ]);
      // The chair's 通过 of one business at a time, without the committee's minutes.
      const pending = await business(heard!);
      expect(pending.state).toBe('MEETING/PENDING');
      // No button of the business offers it.
      expect((await ok('chair', 'GET', `/api/business/business/${heard}`)).actions).not.toContain('approve');
      const door = await move('chair', heard!, 'approve', Number(pending.version), '同意');
      expect(door).toMatchObject({ code: ResultCode.forbidden, message: LifecycleMessage.meetingMove });
      expect((await business(heard!)).state).toBe('MEETING/PENDING');
      // Through the meeting, it moves on and its decision carries the committee's condition.
      await ok('chair', 'POST', `${MEETING_API}/${meetingId}/examine`, { action: 'approve', version, comment: '同意' });
      expect((await business(heard!)).state).toBe('DECISION/DRAFT');
      const decision = await ok('risk1', 'GET', `${DECISION_API}/${heard}`);
      expect(decision.meetingConditions).toEqual(['开立监管账户']);
      expect(decision.conditions).toContain('开立监管账户');
      // Those who decide read what they decide on: the report and the decision on 业务详情's tabs.
      for (const who of ['chair', 'member1', 'secretary', 'approver']) {
        expect((await as(who, 'GET', `${REPORT_API}/${heard}`)).code, who).toBe(0);
        expect((await as(who, 'GET', `${DECISION_API}/${heard}`)).code, who).toBe(0);
      }
      // The applicant never reads the risk manager's report.
      expect((await as('supplier', 'GET', `${REPORT_API}/${heard}`)).code).toBe(ResultCode.forbidden);

      // 排会, 撤出会议, 开始表决 and 提交纪要 are the meeting's too.
      const waiting = await business(scheduled!);
      expect((await move('secretary', scheduled!, 'schedule', Number(waiting.version))).code).toBe(
        ResultCode.forbidden,
      );
      const m = await ok('secretary', 'POST', MEETING_API, plan([scheduled!]));
      await ok('secretary', 'POST', `${MEETING_API}/${m.meetingId}/transition`, { action: 'notify', version: 1 });
      const on = await business(scheduled!);
      expect(on.state).toBe('MEETING/SCHEDULED');
      for (const action of ['unschedule', 'openVoting']) {
        const refused = await move('secretary', scheduled!, action, Number(on.version));
        expect(refused, action).toMatchObject({ code: ResultCode.forbidden, message: LifecycleMessage.meetingMove });
      }
      expect((await business(scheduled!)).state).toBe('MEETING/SCHEDULED');
    }, 240_000);

    it('seats only the tenant’s staff, each with the role its seat needs', async () => {
      const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
      const seat = (userId: string, role: string) =>
        as('secretary', 'POST', MEETING_API, plan([b!], { members: [...plan([b!]).members, { userId, role }] }));
      expect(await seat(ids.supplier!, 'OBSERVER')).toMatchObject({
        code: ResultCode.invalidInput,
        message: MeetingPlanMessage.seatStaffOnly,
      });
      expect(await seat(ids.operator!, 'MEMBER')).toMatchObject({
        code: ResultCode.invalidInput,
        message: MeetingPlanMessage.seatMemberRole,
      });
      const chairless = plan([b!], {
        chairId: ids.member1,
        members: [
          { userId: ids.member1, role: 'CHAIR' },
          { userId: ids.member2, role: 'MEMBER' },
          { userId: ids.member3, role: 'MEMBER' },
        ],
      });
      expect(await as('secretary', 'POST', MEETING_API, chairless)).toMatchObject({
        code: ResultCode.invalidInput,
        message: MeetingPlanMessage.seatChairRole,
      });
      // Staff of any role may sit in (列席).
      expect((await seat(ids.operator!, 'OBSERVER')).code).toBe(0);
    }, 120_000);

    it('refuses a meeting in year 9999, one business on two drafts, and control characters in its title and place', async () => {
      const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
      const far = await as('secretary', 'POST', MEETING_API, plan([b!], { scheduledAt: '9999-12-31T02:00:00.000Z' }));
      expect(far).toMatchObject({ code: ResultCode.invalidInput, message: MeetingPlanMessage.window });
      const past = await as('secretary', 'POST', MEETING_API, plan([b!], { scheduledAt: '2020-01-01T02:00:00.000Z' }));
      expect(past).toMatchObject({ code: ResultCode.invalidInput, message: MeetingPlanMessage.window });
      for (const over of [{ title: '评审会\u0085' }, { location: '会议室\u200f' }, { title: '评审\ud800会' }]) {
        const refused = await as('secretary', 'POST', MEETING_API, plan([b!], over));
        expect(refused.code, JSON.stringify(over)).toBe(ResultCode.invalidInput);
      }
      // Two drafts at once: one takes the business, the other is told which draft holds it.
      const [one, two] = await Promise.all([
        as('secretary', 'POST', MEETING_API, plan([b!])),
        as('secretary', 'POST', MEETING_API, plan([b!])),
      ]);
      noServerError([one!, two!]);
      const codes = [one!.code, two!.code].sort();
      expect(codes).toEqual([0, ResultCode.invalidInput]);
      const loser = one!.code === 0 ? two! : one!;
      expect(loser.message).toMatch(/已列入草稿评审会HY\d{12}，不能重复排会$/);
    }, 120_000);

    it('scopes meetings, their minutes and PDFs by the businesses they hear (数据授权)', async () => {
      const [b, waiting] = await businessesAwaitingMeeting(gw.db, T, 2);
      const m = await ok('secretary', 'POST', MEETING_API, plan([b!]));
      const heard = await business(b!);
      // The secretary saved with 数据授权 over a project company other than the business's.
      const other = await gw.db
        .selectFrom('organization')
        .select('org_id')
        .where('tenant_id', '=', T)
        .where('org_type', '=', 'PROJECT_COMPANY')
        .where('org_id', '<>', heard.project_company_id ?? '')
        .executeTakeFirstOrThrow();
      const before = await gw.db
        .selectFrom('app_user')
        .select(['organization_id', 'is_auth_data'])
        .where('user_id', '=', ids.secretary!)
        .executeTakeFirstOrThrow();
      await gw.db
        .updateTable('app_user')
        .set({ organization_id: other.org_id, is_auth_data: true })
        .where('user_id', '=', ids.secretary!)
        .execute();
      try {
        expect((await as('secretary', 'GET', `/api/business/business/${b}`)).code).toBe(ResultCode.notFound);
        expect((await as('secretary', 'GET', `${MEETING_API}/${m.meetingId}`)).code).toBe(ResultCode.notFound);
        const pdf = await gw.app.inject({
          method: 'GET',
          url: `${MEETING_API}/${m.meetingId}/minutes`,
          headers: headers.secretary,
        });
        expect(pdf.json()).toMatchObject({ code: ResultCode.notFound });
        const page = await ok('secretary', 'GET', `${MEETING_API}/page?current=1&size=100`);
        expect(page.records.map((r: { meetingId: string }) => r.meetingId)).not.toContain(m.meetingId);
        // Nor is a business outside the subtree offered for the agenda.
        const options = await ok('secretary', 'GET', `${MEETING_API}/options`);
        expect(options.businesses.map((x: { businessId: string }) => x.businessId)).not.toContain(waiting);
      } finally {
        await gw.db.updateTable('app_user').set(before).where('user_id', '=', ids.secretary!).execute();
      }
      expect((await as('secretary', 'GET', `${MEETING_API}/${m.meetingId}`)).code).toBe(0);
      const options = await ok('secretary', 'GET', `${MEETING_API}/options`);
      expect(options.businesses.map((x: { businessId: string }) => x.businessId)).toContain(waiting);
    }, 120_000);

    it('shows the applicant the conclusion and its conditions, never the named votes', async () => {
      const [b] = await businessesAwaitingMeeting(gw.db, T, 1);
      const { meetingId, version } = await meetingAtChairReview(call, headers, ids, [
        {
          businessId: b!,
          votes: ['AGREE', 'AGREE_WITH_CONDITIONS', 'AGREE', 'AGREE'],
          conditions: ['追加保证人'],
          conclusion: 'PASSED_WITH_CONDITIONS',
        },
      ]);
      await ok('chair', 'POST', `${MEETING_API}/${meetingId}/examine`, { action: 'approve', version });
      const staff = (await ok('operator', 'GET', `/api/business/business/${b}`)).sections.meeting.hearings[0];
      expect(staff.votes).toHaveLength(4);
      const own = (await ok('supplier', 'GET', `/api/business/business/${b}`)).sections.meeting.hearings[0];
      expect(own).toMatchObject({ conclusion: 'PASSED_WITH_CONDITIONS', conditions: ['追加保证人'] });
      expect(own.votes).toEqual([]);
      expect(own.tally).toBeNull();
      expect(JSON.stringify(own)).not.toContain('冯涛');

      // The decision: a save crossing its 提交 waits for it (one lock order), never a deadlock's 500.
      const d = await ok('risk1', 'GET', `${DECISION_API}/${b}`);
      const body = {
        approvedAmount: d.approvedAmount,
        annualRate: d.annualRate,
        termDays: d.termDays,
        financingRatio: d.financingRatio,
        repaymentMethod: d.repaymentMethod,
        guaranteeMeasures: `由张三（身份证${RESIDENT_ID}，手机13812345678）提供连带责任保证`,
        conditions: d.conditions,
        version: d.version,
      };
      // What no stored text holds is refused in 担保措施 as anywhere.
      const c1 = await as('risk1', 'PUT', `${DECISION_API}/${b}`, { ...body, guaranteeMeasures: '保证\u009b' });
      expect(c1.code).toBe(ResultCode.invalidInput);
      const saved = await ok('risk1', 'PUT', `${DECISION_API}/${b}`, body);
      const race = await Promise.all([
        as('risk1', 'PUT', `${DECISION_API}/${b}`, { ...body, version: saved.version }),
        as('risk1', 'POST', `${DECISION_API}/${b}/transition`, { action: 'submit', version: saved.version }),
      ]);
      noServerError(race);
      expect(race.filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(1);
      for (const a of race) expect([0, ResultCode.staleVersion, ResultCode.invalidInput]).toContain(a.code);

      // The auditor reads the guarantor's ID and mobile masked, by what they are, not by a field's name.
      const log = await ok('auditor', 'GET', `/api/authcenter/base/operlog/page?current=1&size=50&targetId=${b}`);
      const text = JSON.stringify(log.records);
      expect(text).toContain('连带责任保证');
      expect(text).not.toContain(RESIDENT_ID);
      expect(text).not.toContain('13812345678');
      expect(text).toContain('138****5678');
    }, 240_000);

    it('binds a supplier’s upload only to its own business; refuses a file name with a direction override', async () => {
      const mine = await gw.db
        .selectFrom('app_user')
        .select('organization_id')
        .where('user_id', '=', ids.supplier!)
        .executeTakeFirstOrThrow();
      const theirs = await gw.db
        .selectFrom('financing_business')
        .select('business_id')
        .where('tenant_id', '=', T)
        .where('supplier_id', '<>', mine.organization_id)
        .where('deleted', '=', false)
        .executeTakeFirstOrThrow();
      const boundary = '----committee-attacks';
      const upload = (name: string) =>
        gw.app.inject({
          method: 'POST',
          url: '/api/file/file',
          headers: { ...headers.supplier, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
                'Content-Type: text/plain\r\n\r\n',
              'utf8',
            ),
            Buffer.from('付款确认', 'utf8'),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
        });
      const bidi = (await upload('合同\u202etxt.exe.txt')).json();
      expect(bidi.code).toBe(ResultCode.invalidInput);
      const file = (await upload('付款确认.txt')).json();
      expect(file.code, file.message).toBe(0);
      const planted = await as('supplier', 'POST', '/api/file/file/save', {
        keyIds: [file.data.keyId],
        businessType: 'business',
        businessId: theirs.business_id,
      });
      expect(planted).toMatchObject({ code: ResultCode.invalidInput, message: FILE_BINDING_MESSAGE });
    });

    it('lets the administrator export the report list', async () => {
      const res = await gw.app.inject({ method: 'GET', url: `${REPORT_API}/export`, headers: headers.admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    });
  },
);
