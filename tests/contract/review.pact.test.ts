// 审核类型配置, 业务审核 and the workbench as the client's ReviewGatewayAdapter calls them: the review types
// and what a level may name, saving one (and the stale answer), reviewer1's queue, the review page of a
// pre-credit at level 1, 退回 through the business transition (the stage kit's adapter), 我的待办 with its
// count, and 我的已办.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { ReviewGatewayAdapter } from '../../src/adapters/gateway/review-gateway.adapter';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { LIFECYCLE } from '../../src/domain/financing/lifecycle';
import { APPROVE_METHOD_LABEL, defaultAuditType, REJECT_HANDLER_LABEL } from '../../src/domain/financing/review';
import { menuIdForPath } from '../../src/domain/menu/menu';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';
import { PACT_PRE_CREDIT, REVIEW_STATE, REVIEWER1_TOKEN } from './support/review-fixtures';
import { STAGES, REVIEW_TYPES } from '../../src/domain/financing/stages';

const { eachLike, equal, integer, like, regex, string, boolean } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const adminAdapter = (url: string) => new ReviewGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http);
const reviewerAdapter = (url: string) => new ReviewGatewayAdapter(httpClientFor(url, REVIEWER1_TOKEN).http);
const admin = () => bearer(PACT_TOKEN.admin);
const reviewer = () => bearer(REVIEWER1_TOKEN);

// Codes the screens label and act on (a review type, a level's method and what a rejection does, a business's
// stage and state, an action) are exact, or in a list one of the domain's own values; the rest is matched by
// type. No matcher wraps a whole record: a type matcher there makes every code inside it type-only.
const oneOf = (values: readonly string[], example: string) => regex(`^(${values.join('|')})$`, example);
const reviewType = (example: string) => oneOf(REVIEW_TYPES, example);
const approveMethod = (example: string) => oneOf(Object.keys(APPROVE_METHOD_LABEL), example);
const rejectHandler = (example: string) => oneOf(Object.keys(REJECT_HANDLER_LABEL), example);
const stage = (example: string) => oneOf(STAGES, example);
const STATES = [
  ...new Set(LIFECYCLE.transitions.flatMap((t) => [...t.from, ...(typeof t.to === 'string' ? [t.to] : [])])),
];
const state = (example: string) => oneOf(STATES, example);
const action = (example: string) => oneOf([...new Set(LIFECYCLE.transitions.map((t) => t.action))], example);

const level = {
  roles: eachLike('BIZ_REVIEWER'),
  userIds: like([]),
  approveMethod: approveMethod('ANY'),
  ratioPercent: null,
  rejectHandler: rejectHandler('RETURN_TO_MAKER'),
  returnToLevel: null,
  timeoutHours: null,
};
const auditType = {
  code: reviewType('PRE_CREDIT'),
  name: string('预授信审核'),
  enabled: boolean(true),
  levels: eachLike(level),
  version: integer(1),
  updatedAt: string('2026-11-22T10:00:00.000Z'),
  updatedByName: string(''),
};
const pushLevels = [...defaultAuditType('PUSH').levels].map((l) => ({ ...l, timeoutHours: 24 }));

describe('review contract', () => {
  it('lists the review types', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.adminAuditTypes)
      .uponReceiving('the review types of the tenant')
      .withRequest('GET', '/api/business/auditType/list', (b) => b.headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(eachLike(auditType))))
      .executeTest(async (mock) => {
        const types = await adminAdapter(mock.url).auditTypes();
        expect(types[0]?.levels.length).toBeGreaterThan(0);
      });
  });

  it('reads the roles and people a level may name', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.adminAuditTypes)
      .uponReceiving('the roles and staff a review level may name')
      .withRequest('GET', '/api/business/auditType/candidates', (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            roles: eachLike({ code: string('BIZ_REVIEWER'), name: string('业务复核') }),
            users: eachLike({
              userId: string('1300000000000000101'),
              nickName: string('周敏'),
              userName: string('reviewer1'),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const c = await adminAdapter(mock.url).auditTypeCandidates();
        expect(c.roles.length).toBeGreaterThan(0);
      });
  });

  it('saves one review type under its version', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.adminAuditTypes)
      .uponReceiving('a change of the audit type PUSH at version 1')
      .withRequest('PUT', '/api/business/auditType/PUSH', (b) =>
        b.headers(admin()).jsonBody({ enabled: false, levels: pushLevels, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            ...auditType,
            code: 'PUSH',
            name: string('推送审核'),
            enabled: false,
            version: 2,
            levels: eachLike({
              ...pushLevels[0],
              approveMethod: equal(pushLevels[0]?.approveMethod),
              ratioPercent: null,
              rejectHandler: equal(pushLevels[0]?.rejectHandler),
              returnToLevel: null,
              timeoutHours: 24,
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const saved = await adminAdapter(mock.url).saveAuditType('PUSH', {
          enabled: false,
          levels: pushLevels,
          version: 1,
        });
        expect(saved.version).toBe(2);
      });
  });

  it('is told when someone else saved the type first', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.adminAuditTypes)
      .uponReceiving('a change of the audit type PUSH at a stale version')
      .withRequest('PUT', '/api/business/auditType/PUSH', (b) =>
        b.headers(admin()).jsonBody({ enabled: true, levels: pushLevels, version: 7 }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('审核类型配置已被他人修改，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        const save = adminAdapter(mock.url).saveAuditType('PUSH', { enabled: true, levels: pushLevels, version: 7 });
        await expect(save).rejects.toBeInstanceOf(GatewayError);
      });
  });

  const queueItem = {
    businessId: string(PACT_PRE_CREDIT.id),
    businessNo: string(PACT_PRE_CREDIT.businessNo),
    type: reviewType('PRE_CREDIT'),
    typeLabel: string('预授信审核'),
    supplierName: string('江苏恒固钢结构工程有限公司'),
    amount: integer(200000000),
    level: integer(1),
    levels: integer(2),
    makerName: string('业务经办'),
    arrivedAt: string('2026-11-20T02:00:00.000Z'),
    waitingMinutes: integer(60),
    overdue: boolean(false),
    state: state('PRE_CREDIT/PENDING'),
    version: integer(2),
  };

  it("pages reviewer1's queue with the menu id", async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving("a page of reviewer1's review queue")
      .withRequest('GET', '/api/business/examine/page', (b) =>
        b.query({ current: '1', size: '10', menuId: menuIdForPath('/business/examine') }).headers(reviewer()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(queueItem), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await reviewerAdapter(mock.url).examinePage(
          { type: '', businessNo: '' },
          { current: 1, size: 10 },
        );
        expect(page.records.length).toBeGreaterThan(0);
      });
  });

  it('reads the review page of the pre-credit', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving('the review page of a pre-credit at level 1')
      .withRequest('GET', `/api/business/examine/${PACT_PRE_CREDIT.id}`, (b) =>
        b.query({ type: 'PRE_CREDIT', menuId: menuIdForPath('/business/examine') }).headers(reviewer()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            businessId: PACT_PRE_CREDIT.id,
            businessNo: PACT_PRE_CREDIT.businessNo,
            type: 'PRE_CREDIT',
            typeLabel: '预授信审核',
            supplierName: string('江苏恒固钢结构工程有限公司'),
            projectCompanyName: string('苏州远景置业有限公司'),
            capitalSideName: string('中国工商银行股份有限公司上海市分行'),
            applyAmount: integer(200000000),
            approvedAmount: null,
            state: 'PRE_CREDIT/PENDING',
            stateLabel: '预授信·待审核',
            suspended: false,
            makerName: string('业务经办'),
            arrivedAt: string('2026-11-20T02:00:00.000Z'),
            version: 2,
            review: {
              level: 1,
              levels: eachLike({
                level: integer(1),
                approveMethod: approveMethod('ANY'),
                approveMethodLabel: string('或签'),
                rejectHandlerLabel: string('退回经办'),
                reviewerNames: eachLike('周敏'),
                approvedNames: [],
              }),
            },
            events: eachLike({
              keyId: string('15900000000000000011'),
              stage: stage('PRE_CREDIT'),
              fromState: state('PRE_CREDIT/DRAFT'),
              toState: state('PRE_CREDIT/PENDING'),
              fromLabel: string('预授信·草稿'),
              toLabel: string('预授信·待审核'),
              action: action('submit'),
              actionLabel: string('提交'),
              level: null,
              actorName: string('业务经办'),
              actorRole: string('业务经办'),
              comment: string('契约测试：申请预授信'),
              at: string('2026-11-20T02:00:00.000Z'),
            }),
            actions: ['approve', 'return'],
            preCredit: {
              preCreditNo: string('YS209901010001'),
              applyAmount: integer(200000000),
              approvedAmount: null,
              validDays: integer(90),
              validFrom: string('2026-11-20'),
              validTo: string('2027-02-17'),
              orders: eachLike({
                orderNo: string('FKHG20270101'),
                projectCompanyName: string('苏州远景置业有限公司'),
                dueDate: string('2027-09-12'),
                eligibleAmount: integer(103000000),
                ratio: string('0.8000'),
              }),
            },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const detail = await reviewerAdapter(mock.url).examineDetail(PACT_PRE_CREDIT.id, 'PRE_CREDIT');
        expect(detail.actions).toContain('return');
        expect(detail.preCredit?.orders[0]?.orderNo).toBe('FKHG20270101');
      });
  });

  it('returns the pre-credit with a comment through the business transition', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving('reviewer1 returns the pre-credit at level 1')
      .withRequest('POST', `/api/business/business/${PACT_PRE_CREDIT.id}/transition`, (b) =>
        b.headers(reviewer()).jsonBody({ action: 'return', version: 2, comment: '请补充付款单发票' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: string(PACT_PRE_CREDIT.id), state: 'PRE_CREDIT/RETURNED', version: integer(3) })),
      )
      .executeTest(async (mock) => {
        // The review page moves the business through the stage kit's one verb.
        const stages = new StageGatewayAdapter(httpClientFor(mock.url, REVIEWER1_TOKEN).http, { save: vi.fn() });
        await stages.transition(PACT_PRE_CREDIT.id, {
          action: 'return',
          version: 2,
          comment: '请补充付款单发票',
        });
      });
  });

  it('approves the pre-credit with a 批复额度 through the business transition', async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving('reviewer1 approves the pre-credit at level 1 with a 批复额度')
      .withRequest('POST', `/api/business/business/${PACT_PRE_CREDIT.id}/transition`, (b) =>
        b.headers(reviewer()).jsonBody({ action: 'approve', version: 2, values: { approvedAmount: 150000000 } }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ keyId: PACT_PRE_CREDIT.id, state: 'PRE_CREDIT/PENDING', version: 3 }))),
      )
      .executeTest(async (mock) => {
        const stages = new StageGatewayAdapter(httpClientFor(mock.url, REVIEWER1_TOKEN).http, { save: vi.fn() });
        await stages.transition(PACT_PRE_CREDIT.id, {
          action: 'approve',
          version: 2,
          values: { approvedAmount: 150000000 },
        });
      });
  });

  const todoMenu = menuIdForPath('/workbench/technological/todo');

  it("pages reviewer1's to-do (待审核) and counts it", async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving("a page of reviewer1's to-do awaiting review")
      .withRequest('GET', '/api/business/workbench/todo', (b) =>
        b.query({ tab: 'REVIEW', current: '1', size: '10', menuId: todoMenu }).headers(reviewer()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              itemType: equal('REVIEW'),
              itemTypeLabel: string('预授信审核'),
              businessId: string(PACT_PRE_CREDIT.id),
              businessNo: string(PACT_PRE_CREDIT.businessNo),
              supplierName: string('江苏恒固钢结构工程有限公司'),
              amount: integer(200000000),
              stage: stage('PRE_CREDIT'),
              state: state('PRE_CREDIT/PENDING'),
              stateLabel: string('预授信·待审核'),
              level: integer(1),
              levels: integer(2),
              arrivedAt: string('2026-11-20T02:00:00.000Z'),
              waitingMinutes: integer(60),
              overdue: boolean(false),
              link: string(`/business/examine?type=PRE_CREDIT&id=${PACT_PRE_CREDIT.id}`),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await reviewerAdapter(mock.url).todoPage('REVIEW', { current: 1, size: 10 });
        expect(page.records[0]?.link).toContain('/business/examine?type=PRE_CREDIT');
      });
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving("the count of reviewer1's to-do")
      .withRequest('GET', '/api/business/workbench/todo/count', (b) =>
        b.query({ menuId: todoMenu }).headers(reviewer()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({ count: integer(1), tabs: { REVIEW: integer(1), MAKE: integer(0), VOTE: integer(0), DUE: integer(0) } }),
        ),
      )
      .executeTest(async (mock) => {
        const answer = await reviewerAdapter(mock.url).todoCount();
        expect(answer.count).toBeGreaterThan(0);
        expect(answer.tabs.REVIEW).toBeGreaterThan(0);
      });
  });

  it("pages reviewer1's done list", async () => {
    await createPact()
      .addInteraction()
      .given(REVIEW_STATE.reviewer1Level1)
      .uponReceiving("a page of reviewer1's done list")
      .withRequest('GET', '/api/business/workbench/done', (b) =>
        b
          .query({ current: '1', size: '10', menuId: menuIdForPath('/workbench/technological/done') })
          .headers(reviewer()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string('1600000000000020003'),
              businessId: string('1500000000000000002'),
              businessNo: string('RZ202611199001'),
              action: action('approve'),
              actionLabel: string('通过'),
              comment: string('付款单真实，额度合理'),
              at: string('2026-11-19T04:40:14.294Z'),
              stage: stage('PRE_CREDIT'),
              stateLabel: string('预授信·待审核'),
              level: integer(1),
            }),
            total: integer(2),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await reviewerAdapter(mock.url).donePage({ current: 1, size: 10 });
        expect(page.records.length, JSON.stringify(page)).toBeGreaterThan(0);
      });
  });
});
