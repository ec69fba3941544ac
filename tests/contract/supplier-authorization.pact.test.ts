// The supplier's data-query authorization calls of SPEC §7.2, as SupplierAuthorizationGatewayAdapter makes
// them. Each interaction starts from a known consent state, so the pact replays the same way every time.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { SupplierAuthorizationGatewayAdapter } from '../../src/adapters/gateway/supplier-authorization-gateway.adapter';
import { AUTHORIZATION_TEMPLATE_ID } from '../../src/domain/constants';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';

const { eachLike, like, string } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const GYS_ID = 'GYS202400001';
const CAPITAL_SIDES = ['1100000000000000021', '1100000000000000022'];

describe('supplier authorization gateway contract', () => {
  it('gets the authorization letter while the consent is pending', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierConsentPending)
      .uponReceiving('a check of a supplier whose data-query consent is pending')
      .withRequest('POST', '/api/product/supplier/checkAuthorization', (b) =>
        b.query({ gysId: GYS_ID }).headers(bearer(PACT_TOKEN.supplier)).jsonBody({ gysId: GYS_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            templateId: AUTHORIZATION_TEMPLATE_ID,
            title: string('数据查询授权书'),
            content: string('致：为本企业提供供应链金融服务的各银行及金融机构（以下简称"贵行"）\n一、身份信息'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        const letter = await new SupplierAuthorizationGatewayAdapter(http).checkAuthorization(GYS_ID);
        expect(letter?.templateId).toBe(AUTHORIZATION_TEMPLATE_ID);
        expect(letter?.content).toContain('身份信息');
      });
  });

  it('gets nothing once the supplier has consented', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierConsented)
      .uponReceiving('a check of a supplier that has consented')
      .withRequest('POST', '/api/product/supplier/checkAuthorization', (b) =>
        b.query({ gysId: GYS_ID }).headers(bearer(PACT_TOKEN.supplier)).jsonBody({ gysId: GYS_ID }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        await expect(new SupplierAuthorizationGatewayAdapter(http).checkAuthorization(GYS_ID)).resolves.toBeNull();
      });
  });

  it('reads the capital sides the consent covers', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierConsentPending)
      .uponReceiving("a request for the capital sides of the supplier's consent")
      .withRequest('GET', '/api/product/supplier/getCapitalSideCode', (b) =>
        b.query({ gysId: GYS_ID }).headers(bearer(PACT_TOKEN.supplier)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(eachLike(string(CAPITAL_SIDES[0]!)))))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        const codes = await new SupplierAuthorizationGatewayAdapter(http).getCapitalSideCodes(GYS_ID);
        expect(codes).toEqual([CAPITAL_SIDES[0]]);
      });
  });

  it('consents for the capital sides', async () => {
    const body = { gysId: GYS_ID, authState: '1' as const, capitalSideCodeList: CAPITAL_SIDES };
    await createPact()
      .addInteraction()
      .given(State.supplierConsentPending)
      .uponReceiving("the supplier's consent to the data-query authorization")
      .withRequest('POST', '/api/product/supplier/updateSupplierAuth', (b) =>
        b.headers(bearer(PACT_TOKEN.supplier)).jsonBody(body),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ code: '0', message: '授权成功' })))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        await expect(new SupplierAuthorizationGatewayAdapter(http).updateSupplierAuth(body)).resolves.toEqual({
          code: '0',
          message: '授权成功',
        });
      });
  });

  it("is answered code '1' with the reason for a capital side that does not exist", async () => {
    const body = { gysId: GYS_ID, authState: '1' as const, capitalSideCodeList: ['9999999999999999999'] };
    await createPact()
      .addInteraction()
      .given(State.supplierConsentPending)
      .uponReceiving('a consent naming a capital side that does not exist')
      .withRequest('POST', '/api/product/supplier/updateSupplierAuth', (b) =>
        b.headers(bearer(PACT_TOKEN.supplier)).jsonBody(body),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ code: '1', message: like('资金方不存在：9999999999999999999') })))
      .executeTest(async (mock) => {
        const { http, notifier } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        const result = await new SupplierAuthorizationGatewayAdapter(http).updateSupplierAuth(body);
        expect(result.code).toBe('1');
        expect(result.message).toContain('资金方不存在');
        // A refusal inside the data is the flow's to show, not the HTTP client's.
        expect(notifier.error).not.toHaveBeenCalled();
      });
  });
});
