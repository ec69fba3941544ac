import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoOrg } from '../../db/seed/demo-seed';
import { createTestGateway, databasesUnderTest, signIn, type TestGateway } from '../../testing/test-gateway';

type Headers = Record<string, string>;

describe.each(databasesUnderTest())('操作日志 names its records on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let admin: Headers;
  let auditor: Headers;

  beforeAll(async () => {
    gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
    admin = (await signIn(gw.app, 'admin', 'Admin@2026')).headers;
    auditor = (await signIn(gw.app, 'auditor', 'Auditor@2026')).headers;
  });
  afterAll(async () => {
    await gw?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
    const res = await gw.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return res.json() as { code: number; data: any };
  };

  it("gives the user's and the role's name beside their ids, to the auditor as well", async () => {
    const user = await call('POST', '/api/authcenter/base/user', admin, {
      userName: 'log.name',
      nickName: '日志测试',
      organizationId: DemoOrg.group,
      mobile: '13700002222',
    });
    expect(user.code).toBe(0);
    const role = await call('POST', '/api/authcenter/base/role', admin, { roleName: '日志角色', roleCode: 'LOG_ROLE' });
    expect(role.code).toBe(0);
    const page = await call('GET', '/api/authcenter/base/operlog/page?size=20', auditor);
    expect(page.code).toBe(0);
    const byTarget = new Map(
      page.data.records.map((r: { targetId: string; targetName: string }) => [r.targetId, r.targetName]),
    );
    expect(byTarget.get(user.data.userId)).toBe('日志测试（log.name）');
    const roleLine = page.data.records.find((r: { action: string }) => r.action === 'role.create');
    expect(roleLine.targetName).toBe('日志角色');
  });

  it('names a record that is gone from the snapshot the log stored, and leaves an unknown one unnamed', async () => {
    const now = new Date();
    await gw.db
      .insertInto('operation_log')
      .values([
        {
          log_id: '9000000000000000001',
          tenant_id: '1000000000000000001',
          user_id: '1300000000000000001',
          user_name: 'admin',
          occurred_at: now,
          action: 'organization.update',
          target_type: 'organization',
          target_id: '9999',
          before_data: '{"org_name":"已删除的公司"}',
          after_data: null,
        },
        {
          log_id: '9000000000000000002',
          tenant_id: '1000000000000000001',
          user_id: '1300000000000000001',
          user_name: 'admin',
          occurred_at: now,
          action: 'organization.update',
          target_type: 'organization',
          target_id: '9998',
          before_data: null,
          after_data: '{"status":"DISABLED"}',
        },
      ])
      .execute();
    const named = await call('GET', '/api/authcenter/base/operlog/page?targetId=9999', admin);
    expect(named.data.records[0].targetName).toBe('已删除的公司');
    const unnamed = await call('GET', '/api/authcenter/base/operlog/page?targetId=9998', admin);
    expect(unnamed.data.records[0].targetName).toBe('');
  });
});
