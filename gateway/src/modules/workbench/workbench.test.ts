// 我的待办's count on a real database: the menu's badge is the 待审核 and 待制作 lists together, and each tab's
// count is what that tab lists, so the page can open where the badge's items are.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

const TODO = '/api/business/workbench/todo';

describe.each(databasesUnderTest())('我的待办 count on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  });
  afterAll(async () => {
    await gw?.close();
  });

  it.each([
    ['reviewer1', 'Staff@2026'],
    ['operator', 'Operator@2026'],
  ])("counts %s's items per tab as the tabs list them", async (user, password) => {
    const call = callerOf(gw.app);
    const { headers } = await signIn(gw.app, user, password);
    const answer = await call('GET', `${TODO}/count`, headers);
    expect(answer.code).toBe(0);
    const listed = async (tab: string) => (await call('GET', `${TODO}?tab=${tab}&size=100`, headers)).data.total;
    const tabs = {
      REVIEW: await listed('REVIEW'),
      MAKE: await listed('MAKE'),
      VOTE: await listed('VOTE'),
      DUE: await listed('DUE'),
    };
    expect(answer.data.tabs).toEqual(tabs);
    expect(answer.data.count).toBe(tabs.REVIEW + tabs.MAKE + tabs.VOTE);
    expect(answer.data.count).toBeGreaterThan(0);
  });
});

describe('我的待办 by registration', () => {
  it('imports no stage module: each stage registers its to-do sources with the kit', () => {
    const source = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8');
    const modules = [...source.matchAll(/from '\.\.\/([\w-]+)\//g)].map((m) => m[1]);
    // The aggregate's caller and the to-do's wire schemas only.
    expect([...new Set(modules)].sort()).toEqual(['business', 'review']);
    expect(source).not.toMatch(/review\/queue|meeting\//);
  });
});
