// 存续期管理's calls as its screens make them through the stage port's `custom` and `download` (StageGatewayAdapter
// with the duration routes): the operator's list and its export, one report with what they may do, the business's
// reports (业务详情's tab), 保存 and 提交; riskhead's read, 通过, 退回, the refusal of a 退回 without its reason, and
// 贷后报告统计 with its export. The records are the fixed ones of duration-fixtures.ts.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StageGatewayAdapter } from '../../src/adapters/gateway/stage-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { DURATION_API, DURATION_STATS_API } from '../../src/domain/financing/duration';
import { bearer, createPact, httpClientFor } from './support/consumer';
import {
  DURATION_TOKEN,
  DurationState,
  PACT_DURATION_BUSINESS,
  PACT_DURATION_FINDINGS,
  PACT_DURATION_NO,
  PACT_DURATION_REPORT,
} from './support/duration-fixtures';

const { eachLike, integer, like, regex, string } = MatchersV3;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ROUTES = { resource: { api: DURATION_API, noun: '存续期报告' } };
const STATS = { resource: { api: DURATION_STATS_API, noun: '贷后报告统计' } };
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const as = (who: keyof typeof DURATION_TOKEN) => bearer(DURATION_TOKEN[who]);
const port = (url: string, who: keyof typeof DURATION_TOKEN) =>
  new StageGatewayAdapter(httpClientFor(url, DURATION_TOKEN[who]).http, { save: vi.fn() });
const TRANSITION = `${DURATION_API}/items/${PACT_DURATION_REPORT}/transition`;

const EMPTY = { payerCapacity: '', receivableStatus: '', collections: '', opinion: '' };
const report = (status: string, statusLabel: string, version: number, filled: boolean) => ({
  keyId: PACT_DURATION_REPORT,
  businessId: PACT_DURATION_BUSINESS,
  reportNo: PACT_DURATION_NO,
  kind: 'MONTHLY',
  kindLabel: '月度',
  periodKey: '2026-12',
  periodLabel: '2026年12月 月度',
  dueDate: '2026-12-31',
  makerId: string('1300000000000000002'),
  findings: filled ? PACT_DURATION_FINDINGS : EMPTY,
  riskClass: filled ? 'NORMAL' : null,
  riskClassLabel: filled ? '正常' : null,
  conclusion: filled ? 'MAINTAIN' : null,
  conclusionLabel: filled ? '维持' : null,
  checkDate: filled ? string('2026-12-01') : null,
  reviewComment: null,
  status,
  statusLabel,
  version,
});
const detail = (r: object, actions: string[]) => ({
  report: r,
  businessNo: 'RZ202611019905',
  supplierName: string('华东建材有限公司'),
  state: 'REPAYING/NORMAL',
  stateLabel: '还款中·正常',
  makerName: string('业务经办'),
  loanAmount: 800_000_00,
  loanDate: '2026-11-01',
  maturityDate: '2027-04-30',
  actions,
});
const FILLED = { ...PACT_DURATION_FINDINGS, riskClass: 'NORMAL', conclusion: 'MAINTAIN' };

describe('存续期报告 contract', () => {
  it('the 经办人 lists, reads, saves and submits a report', async () => {
    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('a page of the duration reports')
      .withRequest('GET', `${DURATION_API}/page`, (b) => b.query({ current: '1', size: '10' }).headers(as('operator')))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              ...report('DRAFT', '待制作', 1, false),
              businessNo: string('RZ202611019905'),
              supplierName: string('华东建材有限公司'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url, 'operator').custom<{ records: { reportNo: string }[] }>(
          ROUTES,
          'GET',
          '/page',
          { current: 1, size: 10 },
        );
        expect(page.records[0]?.reportNo).toMatch(/^CX/);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('the duration reports of a business number exported')
      .withRequest('GET', `${DURATION_API}/export`, (b) =>
        b.query({ businessNo: 'RZ202611019905' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.xlsx$/,
            'attachment; filename="r.xlsx"; filename*=UTF-8\'\'r.xlsx',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const name = await port(mock.url, 'operator').download(
          ROUTES,
          '/export',
          { businessNo: 'RZ202611019905' },
          '存续期检查报告.xlsx',
        );
        expect(name).toMatch(/\.xlsx$/);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('the pact duration report with 保存 and 提交 offered')
      .withRequest('GET', `${DURATION_API}/${PACT_DURATION_REPORT}`, (b) => b.headers(as('operator')))
      .willRespondWith(200, (b) => b.jsonBody(ok(detail(report('DRAFT', '待制作', 1, false), ['save', 'submit']))))
      .executeTest(async (mock) => {
        const d = await port(mock.url, 'operator').custom<{ actions: string[] }>(
          ROUTES,
          'GET',
          `/${PACT_DURATION_REPORT}`,
        );
        expect(d.actions).toEqual(['save', 'submit']);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('the pact business’s duration reports')
      .withRequest('GET', `${DURATION_API}/${PACT_DURATION_BUSINESS}/items`, (b) =>
        b.query({ size: '100' }).headers(as('operator')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({ ...report('DRAFT', '待制作', 1, false), actions: ['save', 'submit'] }),
            total: integer(1),
            current: 1,
            size: 100,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await port(mock.url, 'operator').custom<{ records: unknown[] }>(
          ROUTES,
          'GET',
          `/${PACT_DURATION_BUSINESS}/items`,
          { size: 100 },
        );
        expect(page.records).toHaveLength(1);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('保存 of the pact duration report, part filled')
      .withRequest('POST', TRANSITION, (b) =>
        b
          .headers(as('operator'))
          .jsonBody({ action: 'save', version: 1, values: { payerCapacity: '项目公司经营正常' } }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              ...report('DRAFT', '待制作', 2, false),
              findings: { ...EMPTY, payerCapacity: '项目公司经营正常' },
              actions: ['save', 'submit'],
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const saved = await port(mock.url, 'operator').custom<{ version: number }>(
          ROUTES,
          'POST',
          TRANSITION.slice(DURATION_API.length),
          {
            action: 'save',
            version: 1,
            values: { payerCapacity: '项目公司经营正常' },
          },
        );
        expect(saved.version).toBe(2);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.draft)
      .uponReceiving('提交 of the pact duration report')
      .withRequest('POST', TRANSITION, (b) =>
        b.headers(as('operator')).jsonBody({ action: 'submit', version: 1, values: FILLED }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like({ ...report('PENDING', '待审核', 2, true), actions: [] }))))
      .executeTest(async (mock) => {
        const submitted = await port(mock.url, 'operator').custom<{ status: string }>(
          ROUTES,
          'POST',
          TRANSITION.slice(DURATION_API.length),
          { action: 'submit', version: 1, values: FILLED },
        );
        expect(submitted.status).toBe('PENDING');
      });
  });

  it('riskhead reads, returns and approves a report; a 退回 without its reason is refused', async () => {
    const pending = report('PENDING', '待审核', 3, true);
    await createPact()
      .addInteraction()
      .given(DurationState.pending)
      .uponReceiving('the pact duration report with 通过 and 退回 offered')
      .withRequest('GET', `${DURATION_API}/${PACT_DURATION_REPORT}`, (b) => b.headers(as('riskhead')))
      .willRespondWith(200, (b) => b.jsonBody(ok(detail(pending, ['approve', 'return']))))
      .executeTest(async (mock) => {
        const d = await port(mock.url, 'riskhead').custom<{ actions: string[] }>(
          ROUTES,
          'GET',
          `/${PACT_DURATION_REPORT}`,
        );
        expect(d.actions).toEqual(['approve', 'return']);
      });

    for (const [action, comment, status, label] of [
      ['approve', '同意', 'APPROVED', '已通过'],
      ['return', '请补充回款明细', 'RETURNED', '已退回'],
    ] as const) {
      await createPact()
        .addInteraction()
        .given(DurationState.pending)
        .uponReceiving(`${label === '已通过' ? '通过' : '退回'} of the pact duration report`)
        .withRequest('POST', TRANSITION, (b) => b.headers(as('riskhead')).jsonBody({ action, version: 3, comment }))
        .willRespondWith(200, (b) =>
          b.jsonBody(
            ok(like({ ...pending, status, statusLabel: label, version: 4, reviewComment: comment, actions: [] })),
          ),
        )
        .executeTest(async (mock) => {
          const moved = await port(mock.url, 'riskhead').custom<{ status: string }>(
            ROUTES,
            'POST',
            TRANSITION.slice(DURATION_API.length),
            { action, version: 3, comment },
          );
          expect(moved.status).toBe(status);
        });
    }

    await createPact()
      .addInteraction()
      .given(DurationState.pending)
      .uponReceiving('退回 of the pact duration report without its reason')
      .withRequest('POST', TRANSITION, (b) =>
        b.headers(as('riskhead')).jsonBody({ action: 'return', version: 3, comment: '' }),
      )
      .willRespondWith(400, (b) => b.jsonBody({ code: 160300400, message: '请输入退回意见', data: null }))
      .executeTest(async (mock) => {
        await expect(
          port(mock.url, 'riskhead').custom(ROUTES, 'POST', TRANSITION.slice(DURATION_API.length), {
            action: 'return',
            version: 3,
            comment: '',
          }),
        ).rejects.toBeInstanceOf(GatewayError);
      });

    await createPact()
      .addInteraction()
      .given(DurationState.pending)
      .uponReceiving('贷后报告统计 of a month')
      .withRequest('GET', DURATION_STATS_API, (b) =>
        b.query({ periodFrom: '2026-12', periodTo: '2026-12' }).headers(as('riskhead')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              makerId: string('1300000000000000002'),
              makerName: string('业务经办'),
              period: '2026-12',
              due: integer(1),
              made: integer(1),
              overdue: integer(0),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await port(mock.url, 'riskhead').custom<{ period: string }[]>(STATS, 'GET', '', {
          periodFrom: '2026-12',
          periodTo: '2026-12',
        });
        expect(rows[0]?.period).toBe('2026-12');
      });

    await createPact()
      .addInteraction()
      .given(DurationState.pending)
      .uponReceiving('贷后报告统计 of a month exported')
      .withRequest('GET', `${DURATION_STATS_API}/export`, (b) =>
        b.query({ periodFrom: '2026-12', periodTo: '2026-12' }).headers(as('riskhead')),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment;.*filename\*=UTF-8''.+\.xlsx$/,
            'attachment; filename="s.xlsx"; filename*=UTF-8\'\'s.xlsx',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const name = await port(mock.url, 'riskhead').download(
          STATS,
          '/export',
          { periodFrom: '2026-12', periodTo: '2026-12' },
          '贷后报告统计.xlsx',
        );
        expect(name).toMatch(/\.xlsx$/);
      });
  });
});
