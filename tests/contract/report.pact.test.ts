// The calls of 尽调报告 as the client makes them: the list (the resource kit on the stage's view), the stepper's
// read and one step's 保存 and 提交 through the stage kit's port (StageGatewayAdapter, the business's one verb),
// the reviewer's read, and a revision's PDF. The records are the fixed ones of report-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { ResourceGatewayAdapter } from '../../src/adapters/gateway/resource-gateway.adapter';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import type { FileSaver } from '../../src/application/ports/file-gateway.port';
import { REPORT_STAGE } from '../../src/domain/financing/report-stage';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { PACT_PROPOSAL, PACT_REPORT_ID, RISK1_TOKEN, RISKHEAD_TOKEN, ReportState } from './support/report-fixtures';

const { eachLike, integer, like, regex, string, boolean } = MatchersV3;

const API = REPORT_STAGE.resource.api;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const saved: Array<{ blob: Blob; fileName: string }> = [];
const saver: FileSaver = { save: (blob, fileName) => saved.push({ blob, fileName }) };
const stages = (url: string, token = RISK1_TOKEN) => new StageGatewayAdapter(httpClientFor(url, token).http, saver);
// A step's fields differ per step (and an unsaved step has none, nor a saver): its content is matched as a map.
const step = {
  key: string('CUSTOMER'),
  title: string('客户调查'),
  done: boolean(true),
  content: like({}),
};
// Statuses and the business's state are exact (the screens label them and offer actions by them); the rest
// is matched by type.
const detail = (status: string, version: number) => ({
  keyId: string(PACT_REPORT_ID),
  businessId: string(PACT_REPORT_ID),
  businessNo: string('RZ202611259901'),
  reportNo: regex(/^BG\d{12}$/, 'BG202611259901'),
  supplierName: string('华东建材有限公司'),
  applyAmount: integer(1_000_000_000),
  revision: integer(1),
  status,
  version: integer(version),
  stateLabel: string('尽调报告·草稿'),
  steps: eachLike(step),
  revisions: eachLike({ revision: integer(1), steps: eachLike(step) }),
  indicators: eachLike({
    key: string('debtRatio'),
    label: string('资产负债率'),
    value: string('0.6250'),
    formula: string('负债合计 ÷ 资产总计'),
    unit: string('ratio'),
  }),
  bounds: like({
    applyAmount: 1_000_000_000,
    cap: { singleMaxAmount: null, maxFinancingRatio: '0.8000', maxTermDays: 360 },
    product: {
      productId: '1000FP000001',
      productName: '工行e信通应收账款融资',
      minRate: '0.0380',
      maxRate: '0.0550',
      termMinDays: 30,
      termMaxDays: 360,
      maxFinancingRatio: '0.8000',
      repaymentMethods: ['BULLET'],
    },
  }),
  limits: like([]),
  problems: like([]),
  actions: like([]),
});

describe('尽调报告 contract', () => {
  it('the list pages the reports', async () => {
    await createPact()
      .addInteraction()
      .given(ReportState.draft)
      .uponReceiving('a page of reports')
      .withRequest('GET', `${API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(bearer(RISK1_TOKEN)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string(PACT_REPORT_ID),
              businessNo: string('RZ202611259901'),
              status: regex(/^(DRAFT|PENDING|RETURNED|APPROVED|REJECTED|EXPIRED|TERMINATED)$/, 'DRAFT'),
              revision: integer(1),
              actions: like([]),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const kit = new ResourceGatewayAdapter(httpClientFor(mock.url, RISK1_TOKEN).http, { save: vi.fn() });
        const page = await kit.page(REPORT_STAGE.resource, { status: '' }, { current: 1, size: 10 });
        expect(page.records.length).toBeGreaterThan(0);
      });
  });

  it('the stepper reads the report, saves one step and submits', async () => {
    await createPact()
      .addInteraction()
      .given(ReportState.draft)
      .uponReceiving('the pact report with its steps, indicators and limits')
      .withRequest('GET', `${API}/${PACT_REPORT_ID}`, (b) => b.headers(bearer(RISK1_TOKEN)))
      .willRespondWith(200, (b) => b.jsonBody(ok(detail('DRAFT', 1))))
      .executeTest(async (mock) => {
        const d = await stages(mock.url).detail<{ keyId: string; version: number; steps: unknown[] }>(
          REPORT_STAGE,
          PACT_REPORT_ID,
        );
        expect(d.steps.length).toBeGreaterThan(0);
      });

    await createPact()
      .addInteraction()
      .given(ReportState.draft)
      .uponReceiving('保存 of the pact report’s 方案建议')
      .withRequest('PUT', `${API}/${PACT_REPORT_ID}`, (b) =>
        b.headers(bearer(RISK1_TOKEN)).jsonBody({ step: 'PROPOSAL', content: PACT_PROPOSAL, version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: string(PACT_REPORT_ID), status: 'DRAFT', version: integer(2), problems: [] })),
      )
      .executeTest(async (mock) => {
        const body = { step: 'PROPOSAL', content: PACT_PROPOSAL };
        const saved = await stages(mock.url).save<{ keyId: string; version: number }>(
          REPORT_STAGE,
          PACT_REPORT_ID,
          body,
          1,
        );
        expect(saved.version).toBe(2);
      });

    await createPact()
      .addInteraction()
      .given(ReportState.complete)
      .uponReceiving('提交 of the pact report through the business transition')
      .withRequest('POST', `/api/business/business/${PACT_REPORT_ID}/transition`, (b) =>
        b.headers(bearer(RISK1_TOKEN)).jsonBody({ action: 'submit', version: 1 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ keyId: string(PACT_REPORT_ID), state: 'REPORT/PENDING', version: integer(2) })),
      )
      .executeTest(async (mock) => {
        await stages(mock.url).transition(PACT_REPORT_ID, { action: 'submit', version: 1 });
      });
  });

  it('the reviewer reads the report; a revision prints as a PDF', async () => {
    await createPact()
      .addInteraction()
      .given(ReportState.pending)
      .uponReceiving('the reviewer’s read of the pact report')
      .withRequest('GET', `${API}/${PACT_REPORT_ID}/review`, (b) => b.headers(bearer(RISKHEAD_TOKEN)))
      .willRespondWith(200, (b) => b.jsonBody(ok({ ...detail('PENDING', 3), stateLabel: string('尽调报告·待审核') })))
      .executeTest(async (mock) => {
        const d = await stages(mock.url, RISKHEAD_TOKEN).custom<{ status: string }>(
          REPORT_STAGE,
          'GET',
          `/${PACT_REPORT_ID}/review`,
        );
        expect(d.status).toBe('PENDING');
      });

    await createPact()
      .addInteraction()
      .given(ReportState.draft)
      .uponReceiving('revision 1 of the pact report as a PDF')
      .withRequest('GET', `${API}/${PACT_REPORT_ID}/pdf`, (b) =>
        b.query({ revision: '1' }).headers(bearer(RISK1_TOKEN)),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.pdf$/,
            'attachment; filename="report.pdf"; filename*=UTF-8\'\'report.pdf',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const name = await stages(mock.url).download(REPORT_STAGE, `/${PACT_REPORT_ID}/pdf`, { revision: 1 });
        expect(name).toMatch(/\.pdf$/);
      });
  });
});
