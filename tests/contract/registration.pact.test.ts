// /register's call, as the client's RegistrationGatewayAdapter makes it: an application accepted, and one
// refused because its user name is taken (the gateway's words reach the person).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { RegistrationGatewayAdapter } from '../../src/adapters/gateway/registration-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { RegistrationMessage } from '../../src/domain/registration/registration';
import { createPact, httpClientFor } from './support/consumer';
import { PACT_APPLICANT, REGISTRATION_STATE } from './support/registration-fixtures';

const { string } = MatchersV3;
const adapter = (url: string) => new RegistrationGatewayAdapter(httpClientFor(url).http);

describe('registration contract', () => {
  it('sends an application and reads its id', async () => {
    await createPact()
      .addInteraction()
      .given(REGISTRATION_STATE)
      .uponReceiving('a supplier registration')
      .withRequest('POST', '/api/authcenter/register', (b) => b.jsonBody(PACT_APPLICANT))
      .willRespondWith(200, (b) =>
        b.jsonBody({ code: 0, message: string('操作成功'), data: { registrationId: string('1763800000000000001') } }),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).register({ ...PACT_APPLICANT })).registrationId).toBeTruthy();
      });
  });

  it("is refused, in the gateway's words, for a user name already taken", async () => {
    const taken = { ...PACT_APPLICANT, userName: 'admin' };
    await createPact()
      .addInteraction()
      .given(REGISTRATION_STATE)
      .uponReceiving('a supplier registration under a taken user name')
      .withRequest('POST', '/api/authcenter/register', (b) => b.jsonBody(taken))
      .willRespondWith(400, (b) =>
        b.jsonBody({ code: 160300400, message: RegistrationMessage.userNameTaken, data: null }),
      )
      .executeTest(async (mock) => {
        await expect(adapter(mock.url).register(taken)).rejects.toBeInstanceOf(GatewayError);
      });
  });
});
