// The risk area's calls, as the client's RiskGatewayAdapter makes them.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { RiskGatewayAdapter } from '../../src/adapters/gateway/risk-gateway.adapter';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';

const { eachLike, integer, regex, string } = MatchersV3;

describe('risk gateway contract', () => {
  it('pages 负面舆情 by enterprise name and risk level', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a page of negative public opinion, filtered')
      .withRequest('GET', '/api/risk/negativePublicOpinion/page', (b) => b
        .query({ current: '1', size: '10', enterpriseName: '华东', riskLevel: 'HIGH' })
        .headers(bearer(PACT_TOKEN.admin)))
      .willRespondWith(200, (b) => b.jsonBody({
        code: 0,
        message: string('操作成功'),
        data: {
          records: eachLike({
            keyId: string('1000NO000001'), enterpriseName: string('华东建材有限公司'), title: string('华东建材有限公司被列为被执行人'),
            source: string('中国裁判文书网'), riskLevel: regex(/^(HIGH|MEDIUM|LOW)$/, 'HIGH'),
            status: regex(/^(PENDING|FOLLOWING|CLOSED)$/, 'PENDING'), publishedOn: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-11-20'),
          }),
          total: integer(2),
          current: 1,
          size: 10,
        },
      }))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.admin);
        const page = await new RiskGatewayAdapter(http).pageNegativeOpinions({ enterpriseName: ' 华东 ', riskLevel: 'HIGH' }, { current: 1, size: 10 });
        expect(page.records[0]!.riskLevel).toBe('HIGH');
        expect(page.current).toBe(1);
      });
  });
});
