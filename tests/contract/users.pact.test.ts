// 用户管理's calls (SPEC §7.2 Users) and the organisation lookups its list and form use, as the client's
// UserGatewayAdapter makes them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { UserGatewayAdapter } from '../../src/adapters/gateway/user-gateway.adapter';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';
import { PACT_USER } from './support/user-fixtures';

const { boolean, eachLike, integer, like, regex, string } = MatchersV3;

const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const admin = () => bearer(PACT_TOKEN.admin);
const json = { 'Content-Type': 'application/json' };
const PASSWORD = regex(/^(?=.*[0-9])(?=.*[A-Z])(?=.*[a-z]).{8,15}$/, 'Xy7@abcdEFGH');
const GROUP = '1100000000000000001';
const HUADONG = '1100000000000000011';
const OPERATOR_ROLE = '1200000000000000002';

const userRecord = {
  userId: string('1300000000000000001'),
  userName: string('admin'),
  nickName: string('平台管理员'),
  organizationId: string(GROUP),
  mobile: string('13800000001'),
  email: string(''),
  idNumber: string(''),
  oaAccount: string(''),
  status: regex(/^(ENABLED|DISABLED)$/, 'ENABLED'),
  userType: regex(/^(STAFF|SUPPLIER)$/, 'STAFF'),
  isAuthData: boolean(false),
  version: integer(1),
  createTime: string('2026-11-22T02:00:00.000Z'),
};

const saver = { save: vi.fn() };
const adapter = (url: string, token: string = PACT_TOKEN.admin) =>
  new UserGatewayAdapter(httpClientFor(url, token).http, saver);

describe('users gateway contract', () => {
  it('pages users by user name, nick name, mobile and status', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a page of users, filtered')
      .withRequest('GET', '/api/authcenter/base/user/page', (b) =>
        b
          .query({ current: '1', size: '10', userName: 'admin', nickName: '平台', mobile: '138', status: 'ENABLED' })
          .headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ records: eachLike(userRecord), total: integer(1), current: 1, size: 10 })),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).pageUsers(
          { userName: ' admin ', nickName: '平台', mobile: '138', status: 'ENABLED' },
          { current: 1, size: 10 },
        );
        expect(page.records[0]).toMatchObject({ userName: 'admin', orgName: '' });
      });
  });

  it('looks organisation names up with repeated keyIds', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('organisation names for two keyIds')
      .withRequest('GET', '/api/company/supplier/listcompany', (b) =>
        b.query({ keyIds: [GROUP, HUADONG] }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok([
            { keyId: GROUP, enterpriseName: string('远景控股集团') },
            { keyId: HUADONG, enterpriseName: string('华东建材有限公司') },
          ]),
        ),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).listCompanies([GROUP, HUADONG])).toEqual([
          { keyId: GROUP, enterpriseName: '远景控股集团' },
          { keyId: HUADONG, enterpriseName: '华东建材有限公司' },
        ]);
      });
  });

  it('looks one organisation name up with a single keyIds', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('organisation names for one keyId')
      .withRequest('GET', '/api/company/supplier/listcompany', (b) => b.query({ keyIds: HUADONG }).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok([{ keyId: HUADONG, enterpriseName: string('华东建材有限公司') }])))
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).listCompanies([HUADONG])).toHaveLength(1);
      });
  });

  it('lists the organisations a user may belong to', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('the organisations of the tenant for the user form')
      .withRequest('GET', '/api/authcenter/org/tenant/licensable/list', (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              keyId: string(GROUP),
              enterpriseName: string('远景控股集团'),
              orgType: regex(/^(GROUP|SUBSIDIARY|PROJECT_COMPANY|SUPPLIER|CAPITAL_SIDE)$/, 'GROUP'),
              parentId: string('0'),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const orgs = await adapter(mock.url).listOrganizations();
        // With its parent, so the user form shows the organisations as their tree.
        expect(orgs[0]).toEqual({ keyId: GROUP, enterpriseName: '远景控股集团', parentId: '0' });
      });
  });

  it('creates an account and answers its one-time password', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('a new user')
      .withRequest('POST', '/api/authcenter/base/user', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({
          userName: PACT_USER.newUserName,
          nickName: '新用户',
          organizationId: PACT_USER.organizationId,
          mobile: '13700008888',
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ userId: string('1763780000000123456'), password: PASSWORD })))
      .executeTest(async (mock) => {
        const created = await adapter(mock.url).createUser({
          userName: PACT_USER.newUserName,
          nickName: '新用户',
          organizationId: PACT_USER.organizationId,
          mobile: '13700008888',
        });
        expect(created.password).toBe('Xy7@abcdEFGH');
      });
  });

  it('creates a personnel record', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('a personnel record for a user')
      .withRequest('POST', '/api/company/personnel', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({
          userId: PACT_USER.userId,
          name: '契约用户',
          mobile: PACT_USER.mobile,
          email: 'pact@example.com',
          idNumber: '11010519491231002X',
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ keyId: string('pact-personnel-1') })))
      .executeTest(async (mock) => {
        expect(
          await adapter(mock.url).createPersonnel(PACT_USER.userId, {
            name: '契约用户',
            mobile: PACT_USER.mobile,
            email: 'pact@example.com',
            idNumber: '11010519491231002X',
          }),
        ).toBe('pact-personnel-1');
      });
  });

  it('updates a user and disables one', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('changes to a user')
      .withRequest('PUT', `/api/authcenter/base/user/${PACT_USER.userId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ nickName: '改名', mobile: '13700007777' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).updateUser(PACT_USER.userId, { nickName: '改名', mobile: '13700007777' });
      });
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('disabling a user')
      .withRequest('PUT', `/api/authcenter/base/user/${PACT_USER.userId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ status: 'DISABLED' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).updateUser(PACT_USER.userId, { status: 'DISABLED' });
      });
  });

  it('updates a personnel record', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('changes to a personnel record')
      .withRequest('PUT', `/api/company/personnel/${PACT_USER.userId}`, (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({
          userId: PACT_USER.userId,
          name: '改名',
          mobile: '13700007777',
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).updatePersonnel(PACT_USER.userId, { name: '改名', mobile: '13700007777' });
      });
  });

  it('refuses an edit to the read-only auditor with 160300003', async () => {
    await createPact()
      .addInteraction()
      .given(State.auditorSignedIn)
      .uponReceiving('an edit by a user without the edit operation')
      .withRequest('PUT', '/api/authcenter/base/user/1300000000000000002', (b) =>
        b.headers({ ...bearer(PACT_TOKEN.auditor), ...json }).jsonBody({ nickName: '改名' }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ code: 160300003, message: string('无权限访问'), data: null }))
      .executeTest(async (mock) => {
        await expect(
          adapter(mock.url, PACT_TOKEN.auditor).updateUser('1300000000000000002', { nickName: '改名' }),
        ).rejects.toBeTruthy();
      });
  });

  // One interaction per mock server, as the other contract files do.
  const quiet = (
    description: string,
    path: string,
    query: Record<string, string>,
    data: unknown,
    test: (users: UserGatewayAdapter) => Promise<void>,
  ) =>
    createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving(description)
      .withRequest('GET', path, (b) => b.query(query).headers(admin()))
      .willRespondWith(200, (b) => b.jsonBody(ok(data)))
      .executeTest(async (mock) => test(adapter(mock.url)));

  it('checks quietly whether a user name, a mobile and an OA account are in use', async () => {
    await quiet(
      'whether a user name exists',
      '/api/authcenter/base/user/exist',
      { userName: 'admin' },
      true,
      async (users) => expect(await users.userNameExists('admin')).toBe(true),
    );
    await quiet(
      'whether a user name exists beside the user being edited',
      '/api/authcenter/base/user/exist',
      { userName: PACT_USER.userName, excludeId: PACT_USER.userId },
      false,
      async (users) => expect(await users.userNameExists(PACT_USER.userName, PACT_USER.userId)).toBe(false),
    );
    await quiet(
      'the user with a mobile number',
      '/api/authcenter/base/user/getByPhone',
      { mobile: PACT_USER.mobile },
      { userId: PACT_USER.userId, userName: PACT_USER.userName, nickName: string(PACT_USER.nickName) },
      async (users) => expect(await users.userByPhone(PACT_USER.mobile)).toMatchObject({ userId: PACT_USER.userId }),
    );
    await quiet(
      'no user with a mobile number',
      '/api/authcenter/base/user/getByPhone',
      { mobile: '13700000000' },
      null,
      async (users) => expect(await users.userByPhone('13700000000')).toBeNull(),
    );
    await quiet(
      'whether an OA account exists',
      '/api/authcenter/base/user/exist/oa',
      { oaAccount: PACT_USER.oaAccount },
      true,
      async (users) => expect(await users.oaAccountExists(PACT_USER.oaAccount)).toBe(true),
    );
  });

  it('reads the roles of a user, assignable and own', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('the assignable roles of a user')
      .withRequest('GET', `/api/authcenter/base/user/roles/wsf/${PACT_USER.userId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            isAuthData: boolean(false),
            roles: eachLike({
              roleId: string(OPERATOR_ROLE),
              roleCode: string('BUSINESS_OPERATOR'),
              roleName: string('业务经办'),
              checked: boolean(true),
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await adapter(mock.url).assignableRoles(PACT_USER.userId)).roles.length).toBeGreaterThan(0);
      });
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('the roles a user has')
      .withRequest('GET', `/api/authcenter/base/user/roles/${PACT_USER.userId}`, (b) => b.headers(admin()))
      .willRespondWith(200, (b) =>
        b.jsonBody(ok([{ roleId: OPERATOR_ROLE, roleCode: 'BUSINESS_OPERATOR', roleName: string('业务经办') }])),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).rolesOfUser(PACT_USER.userId)).toEqual([
          { roleId: OPERATOR_ROLE, roleCode: 'BUSINESS_OPERATOR', roleName: '业务经办' },
        ]);
      });
  });

  it('saves the roles of a user with the data-authorisation flag', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('the roles of a user, with data authorisation')
      .withRequest('POST', '/api/authcenter/base/user/role', (b) =>
        b
          .query({ isAuthData: 'true' })
          .headers({ ...admin(), ...json })
          .jsonBody({ userId: PACT_USER.userId, roleIds: [OPERATOR_ROLE] }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok(null)))
      .executeTest(async (mock) => {
        await adapter(mock.url).saveRoles(PACT_USER.userId, [OPERATOR_ROLE], true);
      });
  });

  it('resets a password and answers the new one once', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('a password reset')
      .withRequest('POST', '/api/authcenter/base/user/pwd/post', (b) =>
        b.headers({ ...admin(), ...json }).jsonBody({ userId: PACT_USER.userId }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok({ password: PASSWORD })))
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).resetPassword(PACT_USER.userId)).toBe('Xy7@abcdEFGH');
      });
  });

  it('pages the operation log', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('a page of the operation log for a user')
      .withRequest('GET', '/api/authcenter/base/operlog/page', (b) =>
        b.query({ current: '1', size: '10', targetId: PACT_USER.userId }).headers(admin()),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            records: eachLike({
              keyId: string('pact-log-1'),
              userId: string('1300000000000000001'),
              userName: string('admin'),
              operateTime: string('2026-11-22T02:00:00.000Z'),
              action: string('user.create'),
              targetType: string('user'),
              targetId: PACT_USER.userId,
              targetName: string('契约用户（pact.user）'),
              before: null,
              after: like('{"user_name":"pact.user"}'),
            }),
            total: integer(1),
            current: 1,
            size: 10,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const page = await adapter(mock.url).pageOperationLog({ targetId: PACT_USER.userId }, { current: 1, size: 10 });
        expect(page.records[0]!.targetId).toBe(PACT_USER.userId);
        // The log names its record (操作日志's 对象 column).
        expect((page.records[0] as { targetName?: string }).targetName).toBe('契约用户（pact.user）');
      });
  });

  it("exports the query's users as .xlsx under the name the gateway gives", async () => {
    saver.save.mockClear();
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('an export of the enabled users')
      .withRequest('GET', '/api/authcenter/base/user/export', (b) => b.query({ status: 'ENABLED' }).headers(admin()))
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': XLSX,
          'Content-Disposition': regex(
            /^attachment; filename="[^"]*"; filename\*=UTF-8''\S+$/,
            `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`,
          ),
        }),
      )
      .executeTest(async (mock) => {
        expect(await adapter(mock.url).exportUsers({ userName: '', nickName: '', mobile: '', status: 'ENABLED' })).toBe(
          '用户列表.xlsx',
        );
        expect(saver.save).toHaveBeenCalledTimes(1);
      });
  });

  it('imports users from the filled template as multipart and reads the per-row report', async () => {
    const file = await importFixture();
    await createPact()
      .addInteraction()
      .given(State.adminWithPactUser)
      .uponReceiving('an import of one user from the template')
      .withRequest('POST', '/api/authcenter/base/user/import', (b) =>
        b.headers(admin()).multipartBody(ZIP, file.path, 'file', PACT_BOUNDARY),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            total: 1,
            imported: [{ row: 2, userName: PACT_USER.newUserName, password: PASSWORD }],
            errors: [],
          }),
        ),
      )
      .executeTest(async (mock) => {
        const report = await adapter(mock.url).importUsers(file.blob);
        expect(report.imported[0]).toMatchObject({ row: 2, userName: PACT_USER.newUserName });
      });
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Pact judges a binary part by its bytes, and an .xlsx is a zip to it.
const ZIP = 'application/zip';
// A fixed boundary keeps the recorded body the same from run to run (as in files.pact.test.ts).
const PACT_BOUNDARY = 'wsf-pact-multipart-boundary';

/**
 * The import template with one row (pact.new.user), committed as a file: an .xlsx written afresh carries
 * the time in its zip entries, which would change the recorded body on every run.
 */
async function importFixture(): Promise<{ path: string; blob: Blob & { name: string } }> {
  const path = join(__dirname, 'fixtures', 'users-import.xlsx');
  const bytes = readFileSync(path);
  return { path, blob: Object.assign(new Blob([bytes], { type: XLSX }), { name: 'users-import.xlsx' }) };
}
