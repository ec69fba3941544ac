// The decision is prefilled from the report's 方案建议 (BUSINESS.md, Decisions: Decision): the report module
// tells the decision where it is. On a seeded tenant, every business with a saved proposal answers that
// proposal as its last revision holds it, and a business with no report answers none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, type TestGateway } from '../../testing/test-gateway';
import { reportProposal } from '../decision/store';

const T = DEMO_TENANT_ID;

describe.each(databasesUnderTest())('the report’s proposal for the decision on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  }, 120_000);
  afterAll(async () => gw?.close());

  it('answers the last revision’s 方案建议, and nothing for a business without a report', async () => {
    const saved = await gw.db
      .selectFrom('due_diligence_report_step as s')
      .innerJoin('due_diligence_report as r', (j) =>
        j.onRef('r.report_id', '=', 's.report_id').onRef('r.revision', '=', 's.revision'),
      )
      .select(['s.report_id', 's.content'])
      .where('s.tenant_id', '=', T)
      .where('s.step_key', '=', 'PROPOSAL')
      .execute();
    expect(saved.length).toBeGreaterThan(0);
    for (const row of saved) {
      const content = typeof row.content === 'string' ? JSON.parse(row.content) : row.content;
      const answered = await reportProposal(gw.db, T, row.report_id);
      expect(answered).toEqual(content);
      expect(typeof answered?.proposedAmount).toBe('number');
    }
    const withReport = new Set(saved.map((r) => r.report_id));
    const none = await gw.db
      .selectFrom('financing_business')
      .select('business_id')
      .where('tenant_id', '=', T)
      .where('stage', '=', 'PRE_CREDIT')
      .executeTakeFirstOrThrow();
    expect(withReport.has(none.business_id)).toBe(false);
    expect(await reportProposal(gw.db, T, none.business_id)).toBeUndefined();
  }, 60_000);
});
