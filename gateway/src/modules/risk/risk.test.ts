import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { NEGATIVE_OPINION_COUNT } from '../../db/seed/negative-opinion.seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

describe.each(databasesUnderTest())('负面舆情 page on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Record<string, string>;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const page = (query: string, headers = admin) =>
    gw.app.inject({ method: 'GET', url: `/api/risk/negativePublicOpinion/page${query}`, headers });

  it('pages the seeded rows, newest first, 10 by default', async () => {
    const body = (await page('')).json();
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(NEGATIVE_OPINION_COUNT);
    expect(body.data.records).toHaveLength(10);
    expect(body.data).toMatchObject({ current: 1, size: 10 });
    const dates = body.data.records.map((r: { publishedOn: string }) => r.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const last = (await page('?current=4&size=10')).json();
    expect(last.data.records).toHaveLength(NEGATIVE_OPINION_COUNT - 30);
  });

  it('filters by enterprise name (literally) and risk level', async () => {
    const byName = (await page(`?enterpriseName=${encodeURIComponent('华东')}&size=100`)).json();
    expect(byName.data.total).toBeGreaterThan(0);
    for (const r of byName.data.records) expect(r.enterpriseName).toContain('华东');
    const byLevel = (await page('?riskLevel=HIGH&size=100')).json();
    for (const r of byLevel.data.records) expect(r.riskLevel).toBe('HIGH');
    expect((await page(`?enterpriseName=${encodeURIComponent('%')}`)).json().data.total).toBe(0);
  });

  it('refuses bad paging, an unknown level and an over-long name with 160300400', async () => {
    for (const query of [
      '?size=101',
      '?current=0',
      '?riskLevel=SEVERE',
      '?size=abc',
      `?enterpriseName=${'名'.repeat(101)}`,
    ]) {
      const res = await page(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(ResultCode.invalidInput);
    }
  });

  it('is refused to a user without the menu, and to no one signed in', async () => {
    const operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    expect((await page('', operator)).json().code).toBe(ResultCode.forbidden);
    expect((await page('', {})).json().code).toBe(ResultCode.sessionExpired);
  });
});
