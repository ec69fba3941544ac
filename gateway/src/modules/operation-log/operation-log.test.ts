import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { SUPERVISED_ACCOUNT } from '../../../../src/domain/risk/supervised-account.resource';
import { DEMO_TENANT_ID, DemoOrg } from '../../db/seed/demo-seed';
import {
  createTestGateway,
  databasesUnderTest,
  issueToken,
  signIn,
  type TestGateway,
} from '../../testing/test-gateway';
import { insertUsers } from '../../testing/test-users';

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

  // BUSINESS.md §4: account, ID and mobile numbers are shown masked to whoever may not act on the record.
  it('masks account numbers and mobiles in the before and after it shows the auditor', async () => {
    const account = await call('POST', SUPERVISED_ACCOUNT.api, admin, {
      ...SUPERVISED_ACCOUNT.sample,
      accountName: '日志脱敏账户',
      accountNo: '6222021234567890123',
    });
    expect(account.code).toBe(0);
    const user = await call('POST', '/api/authcenter/base/user', admin, {
      userName: 'log.mask',
      nickName: '脱敏测试',
      organizationId: DemoOrg.group,
      mobile: '13711118888',
    });
    expect(user.code).toBe(0);
    const page = await call('GET', '/api/authcenter/base/operlog/page?size=50', auditor);
    const lines = page.data.records as Array<{ targetId: string; before: string | null; after: string | null }>;
    const accountLine = lines.find((r) => r.targetId === account.data.keyId);
    const userLine = lines.find((r) => r.targetId === user.data.userId);
    expect(JSON.parse(accountLine?.after ?? '{}')).toMatchObject({
      accountName: '日志脱敏账户',
      accountNo: '**** 0123',
    });
    expect(JSON.parse(userLine?.after ?? '{}')).toMatchObject({ mobile: '137****8888' });
    const shown = JSON.stringify(page.data);
    expect(shown).not.toContain('6222021234567890123');
    expect(shown).not.toContain('13711118888');
  });

  it('answers a transition with the account number masked to a user who may only freeze', async () => {
    const roleId = '1200000000000000981';
    await gw.db
      .insertInto('role')
      .values({ role_id: roleId, tenant_id: DEMO_TENANT_ID, role_code: 'LOCK_ONLY', role_name: '只可冻结' })
      .execute();
    const menuId = normalizeMenuPath(SUPERVISED_ACCOUNT.menuPath);
    await gw.db.insertInto('role_menu').values({ role_id: roleId, menu_id: menuId }).execute();
    await gw.db
      .insertInto('role_menu_operation')
      .values({ role_id: roleId, menu_id: menuId, operation_code: 'lock' })
      .execute();
    await insertUsers(gw.db, { user_id: '1300000000000000981', user_name: 'lock.only', nick_name: '冻结员' });
    await gw.db.insertInto('user_role').values({ user_id: '1300000000000000981', role_id: roleId }).execute();
    await issueToken(gw.db, { userName: 'lock.only', token: 'lock-only-token-000000000000000000000' });
    const locker = { authorization: 'Bearer lock-only-token-000000000000000000000' };
    const account = await call('POST', SUPERVISED_ACCOUNT.api, admin, {
      ...SUPERVISED_ACCOUNT.sample,
      accountName: '冻结脱敏账户',
      accountNo: '6222029876543210456',
    });
    expect(account.code).toBe(0);
    expect((await call('GET', `${SUPERVISED_ACCOUNT.api}/${account.data.keyId}`, locker)).data.accountNo).toBe(
      '**** 0456',
    );
    const frozen = await call('POST', `${SUPERVISED_ACCOUNT.api}/${account.data.keyId}/transition`, locker, {
      action: 'freeze',
      version: account.data.version,
      comment: '涉诉冻结',
    });
    expect(frozen.code).toBe(0);
    expect(frozen.data).toMatchObject({ status: 'FROZEN', accountNo: '**** 0456' });
    expect((await call('GET', `${SUPERVISED_ACCOUNT.api}/${account.data.keyId}`, admin)).data.accountNo).toBe(
      '6222029876543210456',
    );
  });
});
