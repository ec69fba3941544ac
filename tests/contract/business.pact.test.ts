// 融资业务's calls as the client's BusinessGatewayAdapter makes them: the menu-scoped page and export of
// 融资业务管理 (SPEC §7.2 menu id), the suppliers of its filter, one business, its timeline, and the lifecycle's
// one verb — accepted, and refused on a stale version. The business is the demo seed's, waiting at level 1
// of its pre-credit review.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { BusinessGatewayAdapter } from '../../src/adapters/gateway/business-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { menuIdForPath } from '../../src/domain/menu/menu';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';
import { BUSINESS_AWAITS_REVIEW, PACT_BUSINESS_ID, PACT_BUSINESS_VERSION } from './support/business-fixtures';

const { atLeastLike, boolean, eachLike, integer, like, regex, string } = MatchersV3;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const API = '/api/business/business';
const menuId = menuIdForPath('/business/financingBusinessManage');
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const operator = () => bearer(PACT_TOKEN.operator);
const saver = { save: vi.fn() };
const adapter = (url: string) => new BusinessGatewayAdapter(httpClientFor(url, PACT_TOKEN.operator).http, saver);

// Fields that may be null on some rows (资金方, 级次, 批复金额…) are left out of the page's template: every
// row must carry the others, and may carry more.
const listRow = {
  keyId: string(PACT_BUSINESS_ID),
  businessNo: regex(/^RZ\d{12}$/, 'RZ202611200001'),
  supplierId: string('1100000000000000012'),
  supplierName: string('江苏恒固钢结构工程有限公司'),
  applyAmount: integer(300_000_000),
  stage: string('PRE_CREDIT'),
  state: string('PRE_CREDIT/PENDING'),
  stateLabel: string('预授信·待审核'),
  suspended: boolean(false),
  updatedAt: string('2026-11-20T07:00:00.000Z'),
  version: integer(PACT_BUSINESS_VERSION),
  actions: atLeastLike(string('terminate'), 0, 1),
};

const row = {
  ...listRow,
  projectCompanyId: string('1100000000000000004'),
  projectCompanyName: string('苏州远景置业有限公司'),
  capitalSideName: string('中国工商银行股份有限公司上海市分行'),
  productName: null,
  approvedAmount: null,
  reviewLevel: integer(1),
  reviewLevels: integer(2),
  ownerId: string('1300000000000000002'),
  ownerName: string('业务经办'),
};

const detail = {
  ...row,
  capitalSideId: string('1100000000000000021'),
  review: {
    type: string('PRE_CREDIT'),
    typeLabel: string('预授信审核'),
    level: integer(1),
    levels: eachLike({ level: integer(1), approveMethod: string('ANY'), reviewerNames: eachLike(string('周敏')) }),
    opinions: atLeastLike(
      { level: 1, actorId: string('1300000000000000101'), actorName: string('周敏'), result: string('APPROVE') },
      0,
      1,
    ),
  },
  demandId: null,
  terminateReason: null,
  suspendReason: null,
  reconsiderCount: integer(0),
  reviewArrivedAt: string('2026-11-20T07:00:00.000Z'),
  createdAt: string('2026-11-20T02:00:00.000Z'),
};

describe('business contract', () => {
  it('pages 融资业务管理 with its tab and menu id, each row with its actions', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('a page of the active businesses for 融资业务管理')
      .withRequest('GET', `${API}/page`, (b) =>
        b.query({ tab: 'ACTIVE', menuId, current: '1', size: '10' }).headers(operator()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(like(listRow)), total: integer(6), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page({ tab: 'ACTIVE', businessNo: '' }, { current: 1, size: 10 });
        expect(page.records.length).toBeGreaterThan(0);
        expect(Array.isArray(page.records[0]?.actions)).toBe(true);
      });
  });

  it('exports the filter of 融资业务管理', async () => {
    saver.save.mockClear();
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('an export of the active businesses')
      .withRequest('GET', `${API}/export`, (b) => b.query({ tab: 'ACTIVE', menuId }).headers(operator()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('融资业务.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).exportList({ tab: 'ACTIVE' })).toBe('融资业务.xlsx');
        expect(saver.save).toHaveBeenCalledTimes(1);
      });
  });

  it('reads the suppliers of the filter', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('the suppliers 融资业务管理 may be filtered by')
      .withRequest('GET', `${API}/options/supplier`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(eachLike({ keyId: string('1100000000000000011'), name: string('华东建材有限公司') }))),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).suppliers()).length).toBeGreaterThan(0);
      });
  });

  it('reads one business with its review snapshot', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('the business awaiting the pre-credit review')
      .withRequest('GET', `${API}/${PACT_BUSINESS_ID}`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            ...detail,
            // The stage it reached, as 业务详情's 预授信 tab shows it; 融资申请 is absent before that stage.
            sections: {
              preCredit: {
                preCreditNo: regex(/^YS\d{12}$/, 'YS202611190001'),
                applyAmount: integer(120_000_000),
                orders: eachLike({ orderNo: string('FK-2026-0001'), eligibleAmount: integer(150_000_000) }),
              },
            },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const d = await adapter(mock.url).detail(PACT_BUSINESS_ID);
        expect(d.review?.levels.length).toBeGreaterThan(0);
        expect(d.sections.preCredit?.orders.length).toBeGreaterThan(0);
      });
  });

  it('reads the timeline, oldest first', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('the timeline of the business awaiting the pre-credit review')
      .withRequest('GET', `${API}/${PACT_BUSINESS_ID}/events`, (b) => b.headers(operator()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string('1600000000000010001'),
              stage: string('PRE_CREDIT'),
              // fromState, fromLabel and level are null on some events and are left out of the template.
              toState: string('PRE_CREDIT/DRAFT'),
              toLabel: string('预授信·草稿'),
              action: string('create'),
              actionLabel: string('新建业务'),
              actorId: string('1300000000000000002'),
              actorName: string('业务经办'),
              actorRole: string('业务经办'),
              comment: string(''),
              fileIds: atLeastLike(string('file'), 0, 0),
              at: string('2026-11-20T02:00:00.000Z'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const events = await adapter(mock.url).events(PACT_BUSINESS_ID);
        expect(events[0]?.action).toBe('create');
      });
  });

  it('terminates the business with a reason on the version read', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('a 终止 of the business awaiting review, with its reason')
      .withRequest('POST', `${API}/${PACT_BUSINESS_ID}/transition`, (b) =>
        b
          .headers(operator())
          .jsonBody({ action: 'terminate', version: PACT_BUSINESS_VERSION, comment: '供应商放弃本次融资' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            ...detail,
            state: 'TERMINATED/CANCELLED',
            stage: 'TERMINATED',
            stateLabel: string('已终止·已取消'),
            reviewLevel: null,
            reviewLevels: null,
            review: null,
            reviewArrivedAt: null,
            terminateReason: '供应商放弃本次融资',
            version: PACT_BUSINESS_VERSION + 1,
            actions: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const d = await adapter(mock.url).transition(
          PACT_BUSINESS_ID,
          'terminate',
          PACT_BUSINESS_VERSION,
          '供应商放弃本次融资',
        );
        expect(d.state).toBe('TERMINATED/CANCELLED');
      });
  });

  it('is refused 160300409 on a version another person has moved on from', async () => {
    await createPact()
      .addInteraction()
      .given(BUSINESS_AWAITS_REVIEW)
      .uponReceiving('a 终止 of the business awaiting review on a stale version')
      .withRequest('POST', `${API}/${PACT_BUSINESS_ID}/transition`, (b) =>
        b.headers(operator()).jsonBody({ action: 'terminate', version: 1, comment: '旧版本终止' }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('业务已被他人更新，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        const error = await adapter(mock.url)
          .transition(PACT_BUSINESS_ID, 'terminate', 1, '旧版本终止')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GatewayError);
        expect((error as GatewayError).code).toBe(160300409);
      });
  });
});
