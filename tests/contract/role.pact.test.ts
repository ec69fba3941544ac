// 角色管理 and 角色权限 calls, as the client's RoleGatewayAdapter makes them (SPEC §7.2 Roles).
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { RoleGatewayAdapter } from '../../src/adapters/gateway/role-gateway.adapter';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';
import { PACT_ROLE } from './support/role-fixtures';

const { boolean, eachLike, integer, regex, string } = MatchersV3;

const ADMIN_ROLE_ID = '1200000000000000001';
const OPERATOR_USER_ID = '1300000000000000002';
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const roleBody = (overrides: Record<string, unknown> = {}) => ({
  roleId: string(PACT_ROLE.roleId),
  roleName: string(PACT_ROLE.roleName),
  roleCode: string(PACT_ROLE.roleCode),
  status: regex(/^(ENABLED|DISABLED)$/, 'ENABLED'),
  remark: string(''),
  version: integer(1),
  createTime: string('2026-11-22T03:00:00.000Z'),
  updateTime: string('2026-11-22T03:00:00.000Z'),
  platformAdmin: boolean(false),
  ...overrides,
});
const userBody = {
  userId: string(OPERATOR_USER_ID),
  userName: string('operator'),
  nickName: string('业务经办'),
  organizationId: string('1100000000000000002'),
  orgName: string('上海置业有限公司'),
  status: string('ENABLED'),
};
const resourceBody = {
  menuId: string('/risk/negativepublicopinion'),
  menuName: string('负面舆情'),
  path: string('/risk/negativePublicOpinion'),
  parentKid: string('/risk'),
  hidden: boolean(false),
  sortNo: integer(3),
  operationCodes: eachLike('export', 0),
  checked: boolean(false),
  checkedOperationCodes: eachLike('export', 0),
};
const adapter = (url: string) => new RoleGatewayAdapter(httpClientFor(url, PACT_TOKEN.admin).http);

describe('role gateway contract', () => {
  it('pages the roles by name, code and status', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('a page of roles, filtered')
      .withRequest('GET', '/api/authcenter/base/role/wsf/page', (b) =>
        b
          .query({ current: '1', size: '10', roleName: '契约', roleCode: 'PACT', status: 'ENABLED' })
          .headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({ records: eachLike(roleBody({ userCount: integer(0) })), total: integer(1), current: 1, size: 10 }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).pageRoles(
          { roleName: ' 契约 ', roleCode: 'PACT', status: 'ENABLED' },
          { current: 1, size: 10 },
        );
        expect(page.records[0]!.roleCode).toBe(PACT_ROLE.roleCode);
      });
  });

  it('lists every enabled role', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('all enabled roles')
      .withRequest('GET', '/api/authcenter/base/role/wsf/all', (b) => b.headers(bearer(PACT_TOKEN.admin)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              roleId: string(ADMIN_ROLE_ID),
              roleName: string('平台管理员'),
              roleCode: string('PLATFORM_ADMIN'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).allRoles())[0]!.roleId).toBeTruthy();
      });
  });

  it('says a taken code exists, excluding the role being edited', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('an existence check of a taken role code')
      .withRequest('GET', '/api/authcenter/base/role/exist', (b) =>
        b.query({ roleCode: 'PLATFORM_ADMIN', roleId: PACT_ROLE.roleId }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(true)))
      .executeTest(async (mock) => {
        expect(
          await adapter(mock.url).roleExists({ roleCode: 'PLATFORM_ADMIN', excludeRoleId: PACT_ROLE.roleId }),
        ).toBe(true);
      });
  });

  it('creates a role', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('a new role')
      .withRequest('POST', '/api/authcenter/base/role', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({
          roleName: PACT_ROLE.newRoleName,
          roleCode: PACT_ROLE.newRoleCode,
          status: 'ENABLED',
          remark: '契约测试',
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(roleBody({ roleName: PACT_ROLE.newRoleName, roleCode: PACT_ROLE.newRoleCode, remark: '契约测试' })),
        ),
      )
      .executeTest(async (mock) => {
        const role = await adapter(mock.url).createRole({
          roleName: PACT_ROLE.newRoleName,
          roleCode: PACT_ROLE.newRoleCode,
          status: 'ENABLED',
          remark: '契约测试 ',
        });
        expect(role.version).toBe(1);
      });
  });

  it('updates a role with the version it read', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('an update of the pact role at version 1')
      .withRequest('PUT', `/api/authcenter/base/role/${PACT_ROLE.roleId}`, (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({
          roleName: '契约角色（改）',
          roleCode: PACT_ROLE.roleCode,
          status: 'DISABLED',
          remark: '',
          version: 1,
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok(roleBody({ roleName: '契约角色（改）', status: 'DISABLED', version: integer(2) }))),
      )
      .executeTest(async (mock) => {
        const role = await adapter(mock.url).updateRole(
          PACT_ROLE.roleId,
          { roleName: '契约角色（改）', roleCode: PACT_ROLE.roleCode, status: 'DISABLED', remark: '' },
          1,
        );
        expect(role.status).toBe('DISABLED');
      });
  });

  it('refuses an update at a stale version with 160300409', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('an update of the pact role at a stale version')
      .withRequest('PUT', `/api/authcenter/base/role/${PACT_ROLE.roleId}`, (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({
          roleName: PACT_ROLE.roleName,
          roleCode: PACT_ROLE.roleCode,
          status: 'ENABLED',
          remark: '',
          version: 7,
        }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ code: 160300409, message: string('角色已被他人修改，请刷新后重试'), data: null }),
      )
      .executeTest(async (mock) => {
        await expect(
          adapter(mock.url).updateRole(
            PACT_ROLE.roleId,
            { roleName: PACT_ROLE.roleName, roleCode: PACT_ROLE.roleCode, status: 'ENABLED', remark: '' },
            7,
          ),
        ).rejects.toBeInstanceOf(GatewayError);
      });
  });

  it('deletes a role as a status change', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('deleting the pact role')
      .withRequest('PUT', '/api/authcenter/base/role/delstatus', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({ roleIds: [PACT_ROLE.roleId] }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).deleteRoles([PACT_ROLE.roleId]);
      });
  });

  it("pages a role's users", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving("a page of the platform administrator role's users")
      .withRequest('GET', `/api/authcenter/base/role/users/${ADMIN_ROLE_ID}`, (b) =>
        b.query({ current: '1', size: '10' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              ...userBody,
              userId: string('1300000000000000001'),
              userName: string('admin'),
              nickName: string('平台管理员'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect(
          (await adapter(mock.url).pageRoleUsers(ADMIN_ROLE_ID, '', { current: 1, size: 10 })).records.length,
        ).toBeGreaterThan(0);
      });
  });

  it('pages the users outside a role by name', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('a page of users not in the pact role, by name')
      .withRequest('GET', '/api/authcenter/base/tenant/user/users/wsf/exclude', (b) =>
        b
          .query({ roleId: PACT_ROLE.roleId, current: '1', size: '10', name: 'operator' })
          .headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(userBody), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).pageUsersOutsideRole(PACT_ROLE.roleId, 'operator', {
          current: 1,
          size: 10,
        });
        expect(page.records[0]!.userName).toBe('operator');
      });
  });

  it('adds users to a role', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('adding operator to the pact role')
      .withRequest('POST', '/api/authcenter/base/role/add/users', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({ roleId: PACT_ROLE.roleId, userIds: [OPERATOR_USER_ID] }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).addUsersToRole(PACT_ROLE.roleId, [OPERATOR_USER_ID]);
      });
  });

  it("reads the menu tree with the role's grants", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving("the menu resources with the pact role's grants")
      .withRequest('GET', '/api/authcenter/base/role/auth/resource', (b) =>
        b.query({ roleId: PACT_ROLE.roleId }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(eachLike(resourceBody))))
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).resources(PACT_ROLE.roleId)).length).toBeGreaterThan(0);
      });
  });

  it('pages the grantable pages by name', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('a page of menu resources named like 负面, for the pact role')
      .withRequest('GET', '/api/authcenter/base/role/auth/resourceByPage', (b) =>
        b
          .query({ roleId: PACT_ROLE.roleId, current: '1', size: '10', menuName: '负面' })
          .headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(resourceBody), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).pageResources(PACT_ROLE.roleId, ' 负面 ', { current: 1, size: 10 });
        expect(page.records[0]!.menuName).toBe('负面舆情');
      });
  });

  it('lists the role and user pairs of a user', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('the roles of operator as role and user pairs')
      .withRequest('GET', '/api/authcenter/base/role/user/list', (b) =>
        b.query({ userId: OPERATOR_USER_ID }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              roleId: string('1200000000000000002'),
              roleName: string('业务经办'),
              roleCode: string('BUSINESS_OPERATOR'),
              userId: string(OPERATOR_USER_ID),
              userName: string('operator'),
              nickName: string('业务经办'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).roleUserPairs({ userId: OPERATOR_USER_ID }))[0]!.userName).toBe('operator');
      });
  });

  it("saves a role's grants", async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('the pact role granted 负面舆情 with export')
      .withRequest('POST', '/api/authcenter/base/role/auth/roleAuth', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({
          roleId: PACT_ROLE.roleId,
          menus: [
            { menuId: '/risk', operationCodes: [] },
            { menuId: '/risk/negativepublicopinion', operationCodes: ['export'] },
          ],
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).saveGrants(PACT_ROLE.roleId, [
          { menuId: '/risk', operationCodes: [] },
          { menuId: '/risk/negativepublicopinion', operationCodes: ['export'] },
        ]);
      });
  });

  it('grants a selection to several roles', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactRole)
      .uponReceiving('a batch grant of 负面舆情 to the pact role')
      .withRequest('POST', '/api/authcenter/base/role/auth/batch', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)).jsonBody({
          roleIds: [PACT_ROLE.roleId],
          menus: [{ menuId: '/risk/negativepublicopinion', operationCodes: [] }],
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).grantInBatch(
          [PACT_ROLE.roleId],
          [{ menuId: '/risk/negativepublicopinion', operationCodes: [] }],
        );
      });
  });

  it('refuses the roles list to the operator with 160300003', async () => {
    await createPact()
      .addInteraction()
      .given(State.operatorSignedIn)
      .uponReceiving('a page of roles asked for by operator')
      .withRequest('GET', '/api/authcenter/base/role/wsf/page', (b) =>
        b.query({ current: '1', size: '10' }).headers(bearer(PACT_TOKEN.operator)),
      )
      .willRespondWith(403, (b) => b.jsonBody({ code: 160300003, message: string('无权限访问'), data: null }))
      .executeTest(async (mock) => {
        const roles = new RoleGatewayAdapter(httpClientFor(mock.url, PACT_TOKEN.operator).http);
        await expect(
          roles.pageRoles({ roleName: '', roleCode: '', status: '' }, { current: 1, size: 10 }),
        ).rejects.toBeInstanceOf(GatewayError);
      });
  });
});
