// 融资决议's calls as the client's stage port makes them (StageGatewayAdapter with DECISION_STAGE): risk1's list,
// the decision's detail with its limits (and the bounds they come from), 保存 under its version and 提交 through the business transition;
// riskhead's read from 决议审核 and 通过. The records are the fixed ones of decision-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { DECISION_STAGE } from '../../src/domain/financing/financing-decision';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { DECISION_TOKEN, DecisionState, PACT_DECISION_ID } from './support/decision-fixtures';

const { eachLike, integer, like, string } = MatchersV3;

const API = '/api/business/decision';
const BUSINESS = '/api/business/business';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof DECISION_TOKEN) => bearer(DECISION_TOKEN[who]);
const port = (url: string, who: keyof typeof DECISION_TOKEN = 'risk1') =>
  new StageGatewayAdapter(httpClientFor(url, DECISION_TOKEN[who]).http, { save: vi.fn() });

const limit = { field: string('amountFen'), label: string('批复金额'), limit: string('不超过申请金额1,000,000.00元') };
const detail = (status: string) => ({
  keyId: PACT_DECISION_ID,
  decisionNo: string('JY202611269902'),
  businessNo: string('RZ202611269902'),
  status,
  version: integer(3),
  approvedAmount: integer(800_000_00),
  annualRate: string('0.0380'),
  termDays: integer(90),
  financingRatio: string('0.5000'),
  repaymentMethod: string('BULLET'),
  guaranteeMeasures: string('实际控制人连带责任保证'),
  conditions: eachLike('开立监管账户'),
  meetingConditions: eachLike('开立监管账户'),
  applyAmount: integer(1_000_000_00),
  productName: string('工行e信通应收账款融资'),
  // The limits themselves: the make page checks each field as it is typed, and offers the product's methods.
  bounds: like({
    applyAmount: integer(1_000_000_00),
    cap: like({}),
    product: like({
      minRate: string('0.0380'),
      maxRate: string('0.0550'),
      termMinDays: integer(30),
      termMaxDays: integer(360),
      maxFinancingRatio: string('0.9000'),
      repaymentMethods: eachLike('BULLET'),
    }),
  }),
  limits: eachLike(limit),
  problems: [],
  elements: [],
});

describe('融资决议 contract', () => {
  it('risk1 lists, reads, saves and submits the decision', async () => {
    await createPact()
      .addInteraction()
      .given(DecisionState.draft)
      .uponReceiving('a page of the financing decisions')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('risk1')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_DECISION_ID),
              decisionNo: string('JY202611269902'),
              status: string('DRAFT'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(DECISION_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.decisionNo).toMatch(/^JY/);
      });

    await createPact()
      .addInteraction()
      .given(DecisionState.draft)
      .uponReceiving('the pact decision with its limits')
      .withRequest('GET', `${API}/${PACT_DECISION_ID}`, (b) => b.headers(as('risk1')))
      .willRespondWith(200, (b) => b.jsonBody(ok(like(detail('DRAFT')))))
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; limits: unknown[] }>(
          DECISION_STAGE,
          PACT_DECISION_ID,
        );
        expect(d.limits.length).toBeGreaterThan(0);
      });

    const body = {
      approvedAmount: 700_000_00,
      annualRate: '0.0400',
      termDays: 90,
      financingRatio: '0.5000',
      repaymentMethod: 'BULLET',
      guaranteeMeasures: '实际控制人连带责任保证',
      conditions: ['开立监管账户'],
    };
    await createPact()
      .addInteraction()
      .given(DecisionState.draft)
      .uponReceiving('保存 of the pact decision')
      .withRequest('PUT', `${API}/${PACT_DECISION_ID}`, (b) => b.headers(as('risk1')).jsonBody({ ...body, version: 3 }))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ ...detail('DRAFT'), version: integer(4), approvedAmount: 700_000_00 }))),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).save<{ keyId: string; version: number; approvedAmount: number }>(
          DECISION_STAGE,
          PACT_DECISION_ID,
          body,
          3,
        );
        expect(d.approvedAmount).toBe(700_000_00);
      });

    await createPact()
      .addInteraction()
      .given(DecisionState.draft)
      .uponReceiving('提交 of the pact decision')
      .withRequest('POST', `${BUSINESS}/${PACT_DECISION_ID}/transition`, (b) =>
        b.headers(as('risk1')).jsonBody({ action: 'submit', version: 3 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ keyId: PACT_DECISION_ID, state: 'DECISION/PENDING' }))))
      .executeTest(async (mock) => {
        await port(mock.url).transition(PACT_DECISION_ID, { action: 'submit', version: 3 });
      });
  });

  it('riskhead reads the decision from 决议审核 and approves its level', async () => {
    await createPact()
      .addInteraction()
      .given(DecisionState.pending)
      .uponReceiving('the pact decision read for review')
      .withRequest('GET', `${API}/${PACT_DECISION_ID}/review`, (b) => b.headers(as('riskhead')))
      .willRespondWith(200, (b) => b.jsonBody(ok(like(detail('PENDING')))))
      .executeTest(async (mock) => {
        const d = await port(mock.url, 'riskhead').custom<{ status: string }>(
          DECISION_STAGE,
          'GET',
          `/${PACT_DECISION_ID}/review`,
        );
        expect(d.status).toBe('PENDING');
      });

    await createPact()
      .addInteraction()
      .given(DecisionState.pending)
      .uponReceiving('通过 of the pact decision at level 1')
      .withRequest('POST', `${BUSINESS}/${PACT_DECISION_ID}/transition`, (b) =>
        b.headers(as('riskhead')).jsonBody({ action: 'approve', version: 3, comment: '同意' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ keyId: PACT_DECISION_ID, state: 'DECISION/PENDING' }))))
      .executeTest(async (mock) => {
        await port(mock.url, 'riskhead').transition(PACT_DECISION_ID, {
          action: 'approve',
          version: 3,
          comment: '同意',
        });
      });
  });
});
