// 推送制作 and 正式函件管理's calls as their screens make them through the stage port (StageGatewayAdapter with
// PUSH_STAGE and the letters' routes): the operator's list and a push's detail, 推送, 登记反馈 and the package's
// download; reviewer1's 通过 through the business transition; the letters' businesses, a business's letters with
// their actions, 生成, 上传回执 and a letter's PDF. The records are the fixed ones of push-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { LETTER_API } from '../../src/domain/financing/letters';
import { PUSH_API, PUSH_STAGE } from '../../src/domain/financing/push';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  PACT_LETTER_ID,
  PACT_PUSH_AMOUNT,
  PACT_PUSH_BUSINESS,
  PACT_PUSH_ID,
  PACT_RECEIPT_FILE,
  PUSH_TOKEN,
  PushState,
} from './support/push-fixtures';

const { eachLike, integer, like, regex, string } = MatchersV3;

const LETTERS = { resource: { api: LETTER_API, noun: '函件' } };
const BUSINESS = '/api/business/business';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof PUSH_TOKEN) => bearer(PUSH_TOKEN[who]);
const port = (url: string, who: keyof typeof PUSH_TOKEN = 'operator') =>
  new StageGatewayAdapter(httpClientFor(url, PUSH_TOKEN[who]).http, { save: vi.fn() });

const pushRecord = (result: string) => ({
  pushId: string(PACT_PUSH_ID),
  pushNo: regex(/^TS\d{12}$/, 'TS202611299918'),
  channel: string('API'),
  result: string(result),
  resultLabel: string('已受理'),
  capitalApprovedAmount: null,
  createdAt: string('2026-11-29T02:00:00.000Z'),
});
const letter = (status: string) => ({
  keyId: string(PACT_LETTER_ID),
  businessId: string(PACT_PUSH_BUSINESS),
  letterNo: regex(/^HJ\d{12}$/, 'HJ202611299918'),
  letterType: string('TRANSFER_NOTICE'),
  letterTypeLabel: string('应收账款转让通知书'),
  status: string(status),
  statusLabel: string('待回执'),
  version: integer(1),
});
const pdf = (name: string) =>
  regex(
    new RegExp(`^attachment;.*filename\\*=UTF-8''.+\\.${name}$`),
    `attachment; filename="a.${name}"; filename*=UTF-8''a.${name}`,
  );

describe('推送与函件 contract', () => {
  it('the operator lists, reads and pushes the business waiting for its push', async () => {
    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('a page of the businesses at 推送')
      .withRequest('GET', `${PUSH_API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_PUSH_BUSINESS),
              businessNo: string('RZ202611299918'),
              status: string('WAIT_PUSH'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(PUSH_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.businessNo).toMatch(/^RZ/);
      });

    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('the pact business waiting for its push, with its letters and quota')
      .withRequest('GET', `${PUSH_API}/${PACT_PUSH_BUSINESS}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_PUSH_BUSINESS,
              version: integer(5),
              status: 'WAIT_PUSH',
              actions: ['submit'],
              approvedAmount: integer(PACT_PUSH_AMOUNT),
              quotaLeft: integer(PACT_PUSH_AMOUNT),
              pushes: [],
              letters: eachLike(letter('SENT')),
              deskPath: null,
              logs: [],
              problems: [],
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; actions: string[] }>(
          PUSH_STAGE,
          PACT_PUSH_BUSINESS,
        );
        expect(d.actions).toContain('submit');
      });

    const body = { version: 5, channel: 'API', zhongdengQueryNo: 'ZD2026112900001', comment: '资料齐全' };
    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('推送 of the pact business')
      .withRequest('POST', `${PUSH_API}/${PACT_PUSH_BUSINESS}/push`, (b) => b.headers(as('operator')).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_PUSH_BUSINESS,
              state: 'PUSH/PENDING',
              status: 'PENDING',
              pushes: eachLike(pushRecord('REVIEW')),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ state: string }>(
          PUSH_STAGE,
          'POST',
          `/${PACT_PUSH_BUSINESS}/push`,
          body,
        );
        expect(d.state).toBe('PUSH/PENDING');
      });
  });

  it('reviewer1 approves the push, which the channel accepts', async () => {
    await createPact()
      .addInteraction()
      .given(PushState.pending)
      .uponReceiving('通过 of the pact push')
      .withRequest('POST', `${BUSINESS}/${PACT_PUSH_BUSINESS}/transition`, (b) =>
        b.headers(as('reviewer1')).jsonBody({ action: 'approve', version: 5, comment: '资料包完整' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ keyId: PACT_PUSH_BUSINESS, state: 'PUSH/PUSHED' }))))
      .executeTest(async (mock) => {
        await port(mock.url, 'reviewer1').transition(PACT_PUSH_BUSINESS, {
          action: 'approve',
          version: 5,
          comment: '资料包完整',
        });
      });
  });

  it('the operator registers the capital side’s approval and downloads the package', async () => {
    const body = { version: 5, result: 'APPROVED', capitalRefNo: 'ZJ2026001', capitalApprovedAmount: PACT_PUSH_AMOUNT };
    await createPact()
      .addInteraction()
      .given(PushState.pushed)
      .uponReceiving('登记反馈 of the pact push: approved')
      .withRequest('POST', `${PUSH_API}/${PACT_PUSH_BUSINESS}/feedback`, (b) =>
        b.headers(as('operator')).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_PUSH_BUSINESS,
              state: 'LENDING/WAIT_LOAN',
              status: 'CAPITAL_APPROVED',
              pushes: eachLike({
                ...pushRecord('APPROVED'),
                capitalApprovedAmount: integer(PACT_PUSH_AMOUNT),
                reservation: 'RESERVED',
              }),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ status: string }>(
          PUSH_STAGE,
          'POST',
          `/${PACT_PUSH_BUSINESS}/feedback`,
          body,
        );
        expect(d.status).toBe('CAPITAL_APPROVED');
      });

    await createPact()
      .addInteraction()
      .given(PushState.pushed)
      .uponReceiving('the pact push’s stored package')
      .withRequest('GET', `${PUSH_API}/${PACT_PUSH_BUSINESS}/package/${PACT_PUSH_ID}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) => b.headers({ 'Content-Type': 'application/zip', 'Content-Disposition': pdf('zip') }))
      .executeTest(async (mock) => {
        const name = await port(mock.url).download(PUSH_STAGE, `/${PACT_PUSH_BUSINESS}/package/${PACT_PUSH_ID}`);
        expect(name).toMatch(/\.zip$/);
      });
  });

  it('the operator generates a letter, reads a business’s letters, uploads a receipt and downloads a letter', async () => {
    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('the businesses a letter may be generated for')
      .withRequest('GET', `${LETTER_API}/makeable`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(PACT_PUSH_BUSINESS),
              businessNo: string('RZ202611299918'),
              supplierName: string('华东建材有限公司'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await port(mock.url).custom<unknown[]>(LETTERS, 'GET', '/makeable');
        expect(rows.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('the pact business’s letters with their actions')
      .withRequest('GET', `${LETTER_API}/${PACT_PUSH_BUSINESS}/items`, (b) =>
        b.query({ size: '50' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...letter('SENT'), actions: eachLike('receipt') }),
            total: integer(1),
            current: 1,
            size: 50,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: unknown[] }>(
          LETTERS,
          'GET',
          `/${PACT_PUSH_BUSINESS}/items`,
          { size: 50 },
        );
        expect(page.records.length).toBe(1);
      });

    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('生成 of a 付款确认书 for the pact business')
      .withRequest('POST', `${LETTER_API}/${PACT_PUSH_BUSINESS}`, (b) =>
        b.headers(as('operator')).jsonBody({ letterType: 'PAYMENT_CONFIRMATION' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...letter('GENERATED'),
              keyId: string('2590000000000000999'),
              letterType: 'PAYMENT_CONFIRMATION',
              statusLabel: '待发送',
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const made = await port(mock.url).custom<{ status: string }>(LETTERS, 'POST', `/${PACT_PUSH_BUSINESS}`, {
          letterType: 'PAYMENT_CONFIRMATION',
        });
        expect(made.status).toBe('GENERATED');
      });

    const receipt = { action: 'receipt', version: 1, values: { receiptFileId: PACT_RECEIPT_FILE } };
    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('上传回执 of the pact 转让通知书')
      .withRequest('POST', `${LETTER_API}/items/${PACT_LETTER_ID}/transition`, (b) =>
        b.headers(as('operator')).jsonBody(receipt),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ ...letter('RECEIVED'), statusLabel: '已回执', actions: [] }))))
      .executeTest(async (mock) => {
        const moved = await port(mock.url).custom<{ status: string }>(
          LETTERS,
          'POST',
          `/items/${PACT_LETTER_ID}/transition`,
          receipt,
        );
        expect(moved.status).toBe('RECEIVED');
      });

    await createPact()
      .addInteraction()
      .given(PushState.waiting)
      .uponReceiving('the pact 转让通知书’s stored PDF')
      .withRequest('GET', `${LETTER_API}/${PACT_LETTER_ID}/pdf`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) => b.headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': pdf('pdf') }))
      .executeTest(async (mock) => {
        const name = await port(mock.url).download(LETTERS, `/${PACT_LETTER_ID}/pdf`);
        expect(name).toMatch(/\.pdf$/);
      });
  });
});
