// 审核类型配置 belongs to administrators and risk heads, not makers (BUSINESS.md §1.5): the seed's grants, an
// existing database brought in line by migration 0070, and the screen's 最近修改 naming who changed a type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { menuIdForPath } from '../../../../src/domain/menu/menu';
import { REVIEW_TYPE_CONFIG_PATH } from '../../../../src/domain/menu/route-catalogue';
import { up as takeMakersOff } from '../migrations/0070-makers-off-review-config';
import { callerOf, createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';
import { DemoRole } from './demo-seed';

const MENU = menuIdForPath(REVIEW_TYPE_CONFIG_PATH);

describe.each(databasesUnderTest())('审核类型配置 grants on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  const call = (...args: Parameters<ReturnType<typeof callerOf>>) => callerOf(gw.app)(...args);

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  });
  afterAll(async () => {
    await gw?.close();
  });

  const editors = async () =>
    (
      await gw.db
        .selectFrom('role_menu_operation as o')
        .innerJoin('role as r', 'r.role_id', 'o.role_id')
        .select('r.role_code')
        .where('o.menu_id', '=', MENU)
        .where('o.operation_code', '=', 'edit')
        .execute()
    )
      .map((r) => r.role_code)
      .sort();

  it('lets administrators and the risk head edit it, and no maker', async () => {
    const codes = await editors();
    expect(codes).toEqual(expect.arrayContaining(['PLATFORM_ADMIN', 'RISK_HEAD']));
    expect(codes).not.toContain('BUSINESS_OPERATOR');
    expect(codes).not.toContain('SUPPLIER_USER');
  });

  it('refuses the operator a change, and shows who changed a type and when', async () => {
    const operator = (await signIn(gw.app, 'operator', 'Operator@2026')).headers;
    const riskhead = (await signIn(gw.app, 'riskhead', 'Staff@2026')).headers;
    const list = await call('GET', '/api/business/auditType/list', riskhead);
    expect(list.code).toBe(0);
    const type = list.data.find((t: { code: string }) => t.code === 'PRE_CREDIT');
    const body = { enabled: type.enabled, levels: type.levels, version: type.version };
    expect((await call('PUT', '/api/business/auditType/PRE_CREDIT', operator, body)).code).toBe(ResultCode.forbidden);
    const saved = await call('PUT', '/api/business/auditType/PRE_CREDIT', riskhead, body);
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ updatedByName: '赵立新', version: type.version + 1 });
    expect(Date.now() - Date.parse(saved.data.updatedAt)).toBeLessThan(60_000);
  });

  it("takes the makers' old grant away from a database seeded before, once", async () => {
    await gw.db
      .insertInto('role_menu_operation')
      .values({ role_id: DemoRole.operator, menu_id: MENU, operation_code: 'edit' })
      .execute();
    expect(await editors()).toContain('BUSINESS_OPERATOR');
    await takeMakersOff(gw.db);
    const codes = await editors();
    expect(codes).not.toContain('BUSINESS_OPERATOR');
    expect(codes).toEqual(expect.arrayContaining(['PLATFORM_ADMIN', 'RISK_HEAD']));
  });
});
