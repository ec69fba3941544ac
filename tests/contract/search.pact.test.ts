// Search every number as the client's search port makes it (SearchGatewayAdapter): finance types the pact
// business's 业务编号 and finds it, with the page that opens it (lending-fixtures.ts).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { SearchGatewayAdapter } from '../../src/adapters/gateway/search-gateway.adapter';
import { SEARCH_API } from '../../src/domain/search/document-search';
import { bearer, createPact, httpClientFor } from './support/consumer';
import { LENDING_TOKEN, LendingState, PACT_LENDING_ID } from './support/lending-fixtures';

const { eachLike, string } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const NUMBER = 'RZ202611289903';

describe('search contract', () => {
  it('finance finds a business by its 业务编号', async () => {
    await createPact()
      .addInteraction()
      .given(LendingState.waiting)
      .uponReceiving('a search for the pact business’s number')
      .withRequest('GET', SEARCH_API, (b) => b.query({ q: NUMBER }).headers(bearer(LENDING_TOKEN.finance)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              kind: 'business',
              keyId: PACT_LENDING_ID,
              no: NUMBER,
              title: string('华东建材有限公司'),
              path: `/business/newDetails?id=${PACT_LENDING_ID}`,
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const port = new SearchGatewayAdapter(httpClientFor(mock.url, LENDING_TOKEN.finance).http);
        const hits = await port.documents(NUMBER);
        expect(hits[0]?.path).toContain(PACT_LENDING_ID);
      });
  });
});
