// 数据看板's calls as the client's statistics port makes them (StatisticsGatewayAdapter): each widget's figures
// and its workbook, the whole dashboard's workbook, and the KPI cards, all carrying the dashboard's menu id (SPEC §7.2 menu-scoped). finance reads
// them while the pact loan repays (lending-fixtures.ts), so every widget has at least one row.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { StatisticsGatewayAdapter } from '../../src/adapters/gateway/statistics-gateway.adapter';
import {
  DASHBOARD_EXPORT_API,
  DASHBOARD_MENU,
  DASHBOARD_TITLE,
  KPI_API,
  WIDGETS,
  WIDGET_NAMES,
} from '../../src/domain/statistics/dashboard';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { LENDING_TOKEN, LendingState } from './support/lending-fixtures';

const { eachLike, integer, like, regex, string } = MatchersV3;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const headers = bearer(LENDING_TOKEN.finance);
const menuId = DASHBOARD_MENU;
const saver = { save: vi.fn() };
const port = (url: string) => new StatisticsGatewayAdapter(httpClientFor(url, LENDING_TOKEN.finance).http, saver);

describe('数据看板 contract', () => {
  for (const name of WIDGET_NAMES) {
    const def = WIDGETS[name];
    it(`finance reads ${def.title} and exports it`, async () => {
      await createPact()
        .addInteraction()
        .given(LendingState.repaying)
        .uponReceiving(`the figures of ${def.title}`)
        .withRequest('GET', def.api, (b) => b.query({ menuId }).headers(headers))
        .willRespondWith(200, (b) =>
          b.jsonBody(
            ok({
              view: def.views[0].value,
              rows: eachLike(like({ key: string('1100000000000000021'), label: string(def.views[0].label) })),
            }),
          ),
        )
        .executeTest(async (mock) => {
          const answer = await port(mock.url).widget(name, {});
          expect(answer.view).toBe(def.views[0].value);
          expect(answer.rows.length).toBeGreaterThan(0);
        });

      saver.save.mockClear();
      await createPact()
        .addInteraction()
        .given(LendingState.repaying)
        .uponReceiving(`the workbook of ${def.title}`)
        .withRequest('GET', `${def.api}/export`, (b) => b.query({ menuId }).headers(headers))
        .willRespondWith(200, (b) =>
          b.headers({
            'Content-Type': XLSX,
            'Content-Disposition': regex(
              /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
              `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent(`${def.title}.xlsx`)}`,
            ),
          }),
        )
        .executeTest(async (mock) => {
          await port(mock.url).exportWidget(name, {});
          expect(saver.save).toHaveBeenCalledTimes(1);
          expect(saver.save.mock.calls[0]?.[1]).toBe(`${def.title}.xlsx`);
        });
    });
  }

  it('finance exports the whole dashboard as one workbook', async () => {
    saver.save.mockClear();
    await createPact()
      .addInteraction()
      .given(LendingState.repaying)
      .uponReceiving('the workbook of the whole dashboard')
      .withRequest('GET', DASHBOARD_EXPORT_API, (b) => b.query({ menuId }).headers(headers))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent(`${DASHBOARD_TITLE}.xlsx`)}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        await port(mock.url).exportDashboard({});
        expect(saver.save).toHaveBeenCalledTimes(1);
        expect(saver.save.mock.calls[0]?.[1]).toBe(`${DASHBOARD_TITLE}.xlsx`);
      });
  });

  it('finance reads the KPI cards for a period', async () => {
    await createPact()
      .addInteraction()
      .given(LendingState.repaying)
      .uponReceiving('the KPI cards of a period')
      .withRequest('GET', KPI_API, (b) =>
        b.query({ menuId, periodFrom: '2026-01-01', periodTo: '2099-12-31' }).headers(headers),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            cumulativeLoan: integer(800_000_00),
            outstanding: integer(800_000_00),
            monthLoan: integer(0),
            overdueAmount: integer(0),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const kpi = await port(mock.url).kpi({ periodFrom: '2026-01-01', periodTo: '2099-12-31' });
        expect(kpi.cumulativeLoan).toBeGreaterThan(0);
      });
  });
});
