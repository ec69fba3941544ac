// The session calls of SPEC §7.2 as the client's SessionGatewayAdapter makes them.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { GatewayError } from '../../src/application/ports/gateway-error';
import { SessionGatewayAdapter } from '../../src/adapters/gateway/session-gateway.adapter';
import { bearer, createPact, httpClientFor, PACT_TOKEN, State } from './support/consumer';

const { atLeastLike, boolean, eachLike, integer, like, string, regex } = MatchersV3;
const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });

describe('session gateway contract', () => {
  it('reads the encryption setting', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('a request for the parameter encryption key')
      .withRequest('GET', '/api/gateway/encryptKey')
      .willRespondWith(200, (b) =>
        b.jsonBody(ok({ key: regex(/^[A-Za-z0-9]{32}$/, 'A'.repeat(32)), enabled: boolean(false) })),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url);
        const setting = await new SessionGatewayAdapter(http).loadEncryption();
        expect(setting.key).toHaveLength(32);
        expect(typeof setting.enabled).toBe('boolean');
      });
  });

  it('signs in with the right password', async () => {
    await createPact()
      .addInteraction()
      .given(State.seeded)
      .uponReceiving('a sign-in with the right password')
      .withRequest('POST', '/api/authcenter/login', (b) => b.jsonBody({ username: 'admin', password: 'Admin@2026' }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            token: string('q8Zk3n'),
            tenantId: string('1000000000000000001'),
            userId: string('1'),
            clientId: string('wsf_web'),
            nickName: string('平台管理员'),
            expiresIn: integer(7200),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url);
        const signedIn = await new SessionGatewayAdapter(http).signIn({ username: 'admin', password: 'Admin@2026' });
        expect(signedIn.token).not.toBe('');
        expect(signedIn.nickName).toBe('平台管理员');
      });
  });

  it('is refused with a wrong password', async () => {
    await createPact()
      .addInteraction()
      .given(State.seeded)
      .uponReceiving('a sign-in with a wrong password')
      .withRequest('POST', '/api/authcenter/login', (b) => b.jsonBody({ username: 'admin', password: 'Wrong@2026x' }))
      .willRespondWith(401, (b) => b.jsonBody({ code: 160300001, message: string('用户名或密码错误'), data: null }))
      .executeTest(async (mock) => {
        const { http, notifier } = httpClientFor(mock.url);
        const error = await new SessionGatewayAdapter(http)
          .signIn({ username: 'admin', password: 'Wrong@2026x' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(GatewayError);
        expect((error as GatewayError).code).toBe(160300001);
        expect(notifier.error).toHaveBeenCalledWith('用户名或密码错误');
      });
  });

  it('loads the menu with operation codes', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving("a request for the signed-in user's menu with operation codes")
      .withRequest('GET', '/api/authcenter/authority/menu/list', (b) =>
        b.query({ loadOp: '1' }).headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              menuId: string('/business/examine'),
              menuName: string('业务审核'),
              component: string('/business/examine'),
              path: string('/business/examine'),
              params: string('{}'),
              query: string('{}'),
              parentKid: string('/business'),
              icon: string(''),
              menuCode: string('business_examine'),
              hidden: boolean(false),
              sortNo: integer(3),
              // Groups and pages without operations carry an empty list.
              opAuthorityDTOList: atLeastLike({ operationCode: string('examine') }, 0, 1),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.admin);
        const menus = await new SessionGatewayAdapter(http).loadMenus();
        expect(menus[0]!.opAuthorityDTOList[0]!.operationCode).toBe('examine');
      });
  });

  it('loads the current user', async () => {
    await createPact()
      .addInteraction()
      .given(State.supplierSignedIn)
      .uponReceiving('a request for the current user')
      .withRequest('GET', '/api/authcenter/base/user', (b) => b.headers(bearer(PACT_TOKEN.supplier)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            userId: string('3'),
            userName: 'supplier',
            nickName: string('华东建材'),
            organizationId: string('2001'),
            orgName: string('华东建材有限公司'),
            tenantId: string('1000000000000000001'),
            clientId: string('wsf_web'),
            userType: 'SUPPLIER',
            gysId: string('GYS0001'),
            authStatus: boolean(true),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.supplier);
        const user = await new SessionGatewayAdapter(http).loadCurrentUser();
        expect(user.userType).toBe('SUPPLIER');
        expect(user.gysId).not.toBeNull();
      });
  });

  it('loads the dictionaries', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving('a request for the dictionaries')
      .withRequest('GET', '/api/dict/dict/list', (b) => b.headers(bearer(PACT_TOKEN.admin)))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              dictTypeCode: string('yes_no'),
              dictTypeName: string('是否'),
              dictCode: string('1'),
              dictName: string('是'),
              sortNo: integer(1),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.admin);
        const dictionaries = await new SessionGatewayAdapter(http).loadDictionaries();
        expect(dictionaries.length).toBeGreaterThan(0);
      });
  });

  it('loads the tenants and their applications', async () => {
    await createPact()
      .addInteraction()
      .given(State.adminSignedIn)
      .uponReceiving("a request for the current user's tenants and applications")
      .withRequest('GET', '/api/authcenter/base/tenant/user/curuser/tenants', (b) =>
        b.headers(bearer(PACT_TOKEN.admin)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok(
            eachLike({
              tenantId: string('1000000000000000001'),
              tenantName: string('远景控股集团'),
              appLists: eachLike({
                appCode: string('wsf_app'),
                appId: string('1'),
                appName: string('供应链金融'),
                website: string('/'),
              }),
            }),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.admin);
        const tenants = await new SessionGatewayAdapter(http).loadTenants();
        expect(tenants[0]!.appLists[0]!.appCode).toBe('wsf_app');
      });
  });

  it('signs out', async () => {
    await createPact()
      .addInteraction()
      .given(State.operatorSignedIn)
      .uponReceiving('a sign-out')
      .withRequest('POST', '/api/authcenter/logout', (b) => b.headers(bearer(PACT_TOKEN.operator)))
      .willRespondWith(200, (b) => b.jsonBody({ code: 0, message: string('操作成功'), data: like(null) }))
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url, PACT_TOKEN.operator);
        await expect(new SessionGatewayAdapter(http).signOut()).resolves.toBeUndefined();
      });
  });

  it('hands an expired session to the session flow', async () => {
    await createPact()
      .addInteraction()
      .given(State.tokenRevoked)
      .uponReceiving('a request with a revoked token')
      .withRequest('GET', '/api/authcenter/authority/menu/list', (b) =>
        b.query({ loadOp: '1' }).headers(bearer(PACT_TOKEN.revoked)),
      )
      .willRespondWith(401, (b) => b.jsonBody({ code: 160300004, message: '用户信息过期,请重新登录', data: null }))
      .executeTest(async (mock) => {
        const { http, notifier } = httpClientFor(mock.url, PACT_TOKEN.revoked);
        const expired = vi.fn();
        http.onSessionExpired(expired);
        await expect(new SessionGatewayAdapter(http).loadMenus()).rejects.toBeInstanceOf(GatewayError);
        expect(expired).toHaveBeenCalledOnce();
        expect(notifier.error).not.toHaveBeenCalled();
      });
  });
});
