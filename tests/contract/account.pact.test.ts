// The signed-in user's own account calls, as the client's AccountGatewayAdapter makes them.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { AccountGatewayAdapter } from '../../src/adapters/gateway/account-gateway.adapter';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';

const { like, string } = MatchersV3;
const OPERATOR_ID = '1300000000000000002';

describe('account gateway contract', () => {
  it('changes the own password', async () => {
    const body = {
      userId: OPERATOR_ID,
      oldPassword: 'Operator@2026',
      newPassword: 'Operator@2027',
      rePassword: 'Operator@2027',
    };
    await createPact()
      .addInteraction()
      .given(State.operatorWithDemoPassword)
      .uponReceiving('a change of the own password')
      .withRequest('PUT', `/api/authcenter/base/user/pwd/${OPERATOR_ID}`, (b) =>
        b.headers(bearer(PACT_TOKEN.operator)).jsonBody(body),
      )
      .willRespondWith(200, (b) => b.jsonBody({ code: 0, message: string('操作成功'), data: like(null) }))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.operator);
        await expect(new AccountGatewayAdapter(http).changePassword(body)).resolves.toBeUndefined();
      });
  });

  it('is refused a weak new password with the spec message', async () => {
    const body = { userId: OPERATOR_ID, oldPassword: 'Operator@2026', newPassword: 'abcdefgh', rePassword: 'abcdefgh' };
    await createPact()
      .addInteraction()
      .given(State.operatorWithDemoPassword)
      .uponReceiving('a change of the own password to a weak one')
      .withRequest('PUT', `/api/authcenter/base/user/pwd/${OPERATOR_ID}`, (b) =>
        b.headers(bearer(PACT_TOKEN.operator)).jsonBody(body),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({ code: 160300400, message: '密码强度不够,大写字母、小写字母、数字和符号至少包含3种', data: null }),
      )
      .executeTest(async (mock) => {
        const { http, notifier } = httpClientFor(mock.url, PACT_TOKEN.operator);
        const error = await new AccountGatewayAdapter(http).changePassword(body).catch((e: unknown) => e);
        expect((error as GatewayError).code).toBe(160300400);
        expect(notifier.error).toHaveBeenCalledWith('密码强度不够,大写字母、小写字母、数字和符号至少包含3种');
      });
  });
});
