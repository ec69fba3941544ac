// 风控汇总参数's calls beyond the kit, as the client's ParametersGatewayAdapter makes them: the version in
// force, its save as the next version, and the refusal of a save made from a stale version. The versions'
// list, detail and export, and every call of 子公司参数 and 资金方管理, are the generated resource cases.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ParametersGatewayAdapter } from '../../src/adapters/gateway/parameters-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { RISK_SUMMARY, RISK_SUMMARY_ACTIVE_API } from '../../src/domain/parameters/risk-summary.resource';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';
import { SUMMARY_STATE, SUMMARY_VERSION } from './support/params-funds-fixtures';

const { integer, like, string } = MatchersV3;

const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const adapter = (url: string) => new ParametersGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http);
/** A version's values as the sample writes them, each matched by type. */
const values = Object.fromEntries(
  Object.entries(RISK_SUMMARY.sample).map(([k, v]) => [k, typeof v === 'number' ? integer(v) : string(String(v))]),
);
const form = { ...RISK_SUMMARY.sample, maxFinancingRatio: '0.8200', graceDays: 10 };

describe('risk summary contract', () => {
  it('reads the version in force', async () => {
    await createPact()
      .addInteraction()
      .given(SUMMARY_STATE)
      .uponReceiving('the risk summary version in force')
      .withRequest('GET', RISK_SUMMARY_ACTIVE_API, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            keyId: string('1000RS000003'),
            status: 'ACTIVE',
            version: integer(SUMMARY_VERSION),
            versionNo: integer(SUMMARY_VERSION),
            ...values,
            changeSummary: string('最高融资比例：80.00% → 85.00%'),
            approvedByName: string('平台管理员'),
            approvedAt: string('2026-09-01T02:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const active = await adapter(mock.url).activeSummary();
        expect(active.status).toBe('ACTIVE');
        expect(active.version).toBe(SUMMARY_VERSION);
      });
  });

  it('saves the form as the next version', async () => {
    await createPact()
      .addInteraction()
      .given(SUMMARY_STATE)
      .uponReceiving('a save of the risk summary as a new version')
      .withRequest('PUT', RISK_SUMMARY_ACTIVE_API, (b) =>
        b.headers(admin()).jsonBody({ ...form, version: SUMMARY_VERSION }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            like({
              keyId: string('1763800000000000001'),
              status: 'ACTIVE',
              version: SUMMARY_VERSION + 1,
              versionNo: SUMMARY_VERSION + 1,
              maxFinancingRatio: '0.8200',
              graceDays: 10,
              changeSummary: string('最高融资比例：85.00% → 82.00%'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const saved = await adapter(mock.url).saveSummary(Object.fromEntries(Object.entries(form)), SUMMARY_VERSION);
        expect(saved.version).toBe(SUMMARY_VERSION + 1);
      });
  });

  it('refuses a save made from a stale version', async () => {
    await createPact()
      .addInteraction()
      .given(SUMMARY_STATE)
      .uponReceiving('a save of the risk summary from a stale version')
      .withRequest('PUT', RISK_SUMMARY_ACTIVE_API, (b) =>
        b.headers(admin()).jsonBody({ ...form, version: SUMMARY_VERSION - 1 }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('数据已被他人修改，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).saveSummary(form, SUMMARY_VERSION - 1)).rejects.toBeInstanceOf(GatewayError);
      });
  });
});
