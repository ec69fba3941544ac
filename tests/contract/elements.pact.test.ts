// 要素落实's calls as its screens make them through the stage port (StageGatewayAdapter with ELEMENTS_STAGE): ops1's
// list, the business's detail with its actions, its items with what ops1 may do on each, 落实 with the 落实值 and
// evidence, 申请豁免 with its reason and 提交 through the business transition; riskhead's 豁免 of a waiver ops2
// asked. The records are the fixed ones of elements-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { ELEMENTS_STAGE } from '../../src/domain/financing/elements';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  ELEMENTS_TOKEN,
  ElementsState,
  PACT_ELEMENTS_BUSINESS,
  PACT_EVIDENCE_KEY,
  PACT_ITEM,
} from './support/elements-fixtures';

const { eachLike, integer, like, string } = MatchersV3;

const API = '/api/business/elements';
const BUSINESS = '/api/business/business';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof ELEMENTS_TOKEN) => bearer(ELEMENTS_TOKEN[who]);
const port = (url: string, who: keyof typeof ELEMENTS_TOKEN = 'ops1') =>
  new StageGatewayAdapter(httpClientFor(url, ELEMENTS_TOKEN[who]).http, { save: vi.fn() });

const item = (keyId: string, status: string, actions: string[]) => ({
  keyId,
  businessId: PACT_ELEMENTS_BUSINESS,
  seq: integer(1),
  kind: string('TERM'),
  name: string('金额'),
  requiredValue: string('800,000.00元'),
  status,
  statusLabel: string('未落实'),
  version: 1,
  actions,
});

describe('要素落实 contract', () => {
  it('ops1 lists the businesses, reads one and its items, 落实s one, asks a waiver and submits', async () => {
    await createPact()
      .addInteraction()
      .given(ElementsState.draft)
      .uponReceiving('a page of the businesses with element items')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('ops1')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_ELEMENTS_BUSINESS),
              businessNo: string('RZ202611279906'),
              finishedCount: integer(1),
              itemCount: integer(5),
              status: string('DRAFT'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).page(ELEMENTS_STAGE, {}, { current: 1, size: 10 });
        expect(page.records[0]?.businessNo).toMatch(/^RZ/);
      });

    await createPact()
      .addInteraction()
      .given(ElementsState.draft)
      .uponReceiving('the pact business at 要素落实 with what ops1 may do')
      .withRequest('GET', `${API}/${PACT_ELEMENTS_BUSINESS}`, (b) => b.headers(as('ops1')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: PACT_ELEMENTS_BUSINESS,
              businessNo: string('RZ202611279906'),
              state: 'ELEMENTS/DRAFT',
              version: 4,
              finishedCount: 2,
              itemCount: 5,
              actions: ['submit'],
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).detail<{ keyId: string; version: number; actions: string[] }>(
          ELEMENTS_STAGE,
          PACT_ELEMENTS_BUSINESS,
        );
        expect(d.actions).toEqual(['submit']);
      });

    await createPact()
      .addInteraction()
      .given(ElementsState.draft)
      .uponReceiving('the pact business’s element items with what ops1 may do')
      .withRequest('GET', `${API}/${PACT_ELEMENTS_BUSINESS}/items`, (b) => b.query({ size: '100' }).headers(as('ops1')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike(item(PACT_ITEM.amount, 'PENDING', ['fulfil', 'askWaiver'])),
            total: integer(5),
            current: 1,
            size: 100,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url).custom<{ records: { actions: string[] }[] }>(
          ELEMENTS_STAGE,
          'GET',
          `/${PACT_ELEMENTS_BUSINESS}/items`,
          { size: 100 },
        );
        expect(page.records[0]?.actions).toEqual(['fulfil', 'askWaiver']);
      });

    const fulfil = {
      action: 'fulfil',
      version: 1,
      values: { actualValue: '800,000.00元已核实', evidenceFileId: PACT_EVIDENCE_KEY },
    };
    await createPact()
      .addInteraction()
      .given(ElementsState.draft)
      .uponReceiving('落实 of the pact amount item with its evidence')
      .withRequest('POST', `${API}/items/${PACT_ITEM.amount}/transition`, (b) => b.headers(as('ops1')).jsonBody(fulfil))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...item(PACT_ITEM.amount, 'DONE', ['fulfil']),
              version: 2,
              actualValue: fulfil.values.actualValue,
              evidenceFileId: PACT_EVIDENCE_KEY,
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ status: string }>(
          ELEMENTS_STAGE,
          'POST',
          `/items/${PACT_ITEM.amount}/transition`,
          fulfil,
        );
        expect(d.status).toBe('DONE');
      });

    const ask = { action: 'askWaiver', version: 1, comment: '期限以合同约定为准' };
    await createPact()
      .addInteraction()
      .given(ElementsState.draft)
      .uponReceiving('申请豁免 of the pact term item')
      .withRequest('POST', `${API}/items/${PACT_ITEM.term}/transition`, (b) => b.headers(as('ops1')).jsonBody(ask))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(like({ ...item(PACT_ITEM.term, 'WAIVER_ASKED', []), version: 2, waiverReason: ask.comment }))),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url).custom<{ status: string }>(
          ELEMENTS_STAGE,
          'POST',
          `/items/${PACT_ITEM.term}/transition`,
          ask,
        );
        expect(d.status).toBe('WAIVER_ASKED');
      });
  });

  it('ops1 submits the elements once every term is done', async () => {
    await createPact()
      .addInteraction()
      .given(ElementsState.ready)
      .uponReceiving('提交 of the pact elements')
      .withRequest('POST', `${BUSINESS}/${PACT_ELEMENTS_BUSINESS}/transition`, (b) =>
        b.headers(as('ops1')).jsonBody({ action: 'submit', version: 4 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ keyId: PACT_ELEMENTS_BUSINESS, state: 'ELEMENTS/PENDING' }))))
      .executeTest(async (mock) => {
        await port(mock.url).transition(PACT_ELEMENTS_BUSINESS, { action: 'submit', version: 4 });
      });
  });

  it('riskhead grants the waiver ops2 asked', async () => {
    await createPact()
      .addInteraction()
      .given(ElementsState.waiver)
      .uponReceiving('豁免 of the pact guarantee condition')
      .withRequest('POST', `${API}/items/${PACT_ITEM.guarantee}/transition`, (b) =>
        b.headers(as('riskhead')).jsonBody({ action: 'waive', version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...item(PACT_ITEM.guarantee, 'WAIVED', []),
              kind: 'CONDITION',
              name: string('保证合同签署'),
              version: 2,
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const d = await port(mock.url, 'riskhead').custom<{ status: string }>(
          ELEMENTS_STAGE,
          'POST',
          `/items/${PACT_ITEM.guarantee}/transition`,
          { action: 'waive', version: 1 },
        );
        expect(d.status).toBe('WAIVED');
      });
  });
});
