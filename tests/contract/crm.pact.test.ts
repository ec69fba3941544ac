// 企业信息's calls, as the kit's ResourceGatewayAdapter makes them for /CRM/enterpriseInformation: a page over
// the organisations filtered by role, the detail, the profile's edit with the version read, and the export.
// Its routes are hand-written (the organisation join), so its contract is not generated from a `*.resource.ts`.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { ResourceGatewayAdapter } from '../../src/adapters/gateway/resource-gateway.adapter';
import { ENTERPRISE_INFORMATION as DEF } from '../../src/domain/crm/enterprise-information';
import { formFields } from '../../src/domain/resource/resource';
import { ENTERPRISE_STATE, PACT_ENTERPRISE_ID } from './support/crm-fixtures';
import { bearer, createPact, httpClientFor, PACT_TOKEN } from './support/consumer';

const { eachLike, integer, like, regex, string } = MatchersV3;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const saver = { save: vi.fn() };
const adapter = (url: string) => new ResourceGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http, saver);
const record = (version: number) => ({
  keyId: string(PACT_ENTERPRISE_ID),
  enterpriseName: string('华东建材有限公司'),
  creditCode: string('91310000MA1FL8XQ37'),
  role: 'SUPPLIER',
  status: 'PROFILED',
  version: integer(version),
  ...DEF.sample,
});
const profile = Object.fromEntries(formFields(DEF, 'update').map((f) => [f.key, DEF.sample[f.key] ?? null]));

describe('企业信息 contract', () => {
  it('pages the suppliers with their profiles', async () => {
    await createPact()
      .addInteraction()
      .given(ENTERPRISE_STATE)
      .uponReceiving('a page of the supplier enterprises')
      .withRequest('GET', `${DEF.api}/page`, (b) =>
        b.query({ role: 'SUPPLIER', current: '1', size: '10' }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike(
              like({
                keyId: string(PACT_ENTERPRISE_ID),
                enterpriseName: string('华东建材有限公司'),
                role: 'SUPPLIER',
                status: string('PROFILED'),
                version: integer(1),
              }),
            ),
            total: integer(4),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).page(DEF, { role: 'SUPPLIER', status: '' }, { current: 1, size: 10 });
        expect(page.records[0]?.role).toBe('SUPPLIER');
      });
  });

  it('reads one enterprise and saves its profile with the version read', async () => {
    await createPact()
      .addInteraction()
      .given(ENTERPRISE_STATE)
      .uponReceiving('the enterprise information of 华东建材')
      .withRequest('GET', `${DEF.api}/${PACT_ENTERPRISE_ID}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(like(record(2)))))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).get(DEF, PACT_ENTERPRISE_ID)).status).toBe('PROFILED');
      });
    await createPact()
      .addInteraction()
      .given(ENTERPRISE_STATE)
      .uponReceiving('an edit of the enterprise profile of 华东建材')
      .withRequest('PUT', `${DEF.api}/${PACT_ENTERPRISE_ID}`, (b) =>
        b.headers(admin()).jsonBody({ ...profile, version: 2 }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(like(record(3)))))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).update(DEF, PACT_ENTERPRISE_ID, profile, 2)).version).toBe(3);
      });
  });

  it('exports the filtered list as .xlsx', async () => {
    await createPact()
      .addInteraction()
      .given(ENTERPRISE_STATE)
      .uponReceiving('an export of the enterprise information')
      .withRequest('GET', `${DEF.api}/export`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent(`${DEF.title}.xlsx`)}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).exportList(DEF, { status: '' })).toBe(`${DEF.title}.xlsx`);
      });
  });
});
