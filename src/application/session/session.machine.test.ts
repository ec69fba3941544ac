import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ServerMenuItem } from '../../domain/menu/menu';
import type { CurrentUser, StoredSession, TenantEntry } from '../../domain/session/session';
import type { SessionFlag, SessionStore } from '../ports/session-store.port';
import type { SessionGateway } from '../ports/session-gateway.port';
import { GatewayError } from '../ports/gateway-error';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../domain/constants';
import { createSessionMachine, type SessionPorts } from './session.machine';

const user: CurrentUser = {
  userId: 'u1',
  userName: 'admin',
  nickName: '平台管理员',
  organizationId: 'o1',
  orgName: '远景控股集团',
  tenantId: 't1',
  clientId: 'wsf_web',
  userType: 'STAFF',
  gysId: null,
  authStatus: false,
};
const tenants: TenantEntry[] = [
  {
    tenantId: 't1',
    tenantName: '远景控股集团',
    appLists: [{ appCode: 'wsf_app', appId: 'app1', appName: '供应链金融', website: '/' }],
  },
];
const menus: ServerMenuItem[] = [
  {
    menuId: '/business/examine',
    menuName: '业务审核',
    component: '',
    path: '/business/examine',
    params: '{}',
    query: '{}',
    parentKid: '0',
    icon: '',
    menuCode: '',
    hidden: false,
    sortNo: 1,
    opAuthorityDTOList: [],
  },
];

function memoryStore(
  initial: StoredSession | null = null,
): SessionStore & { session: StoredSession | null; user: CurrentUser | null; flags: Map<SessionFlag, string> } {
  return {
    session: initial,
    user: null,
    flags: new Map(),
    read() {
      return this.session;
    },
    write(s) {
      this.session = s;
    },
    readUser() {
      return this.user;
    },
    writeUser(u) {
      this.user = u;
    },
    getFlag(f) {
      return this.flags.get(f) ?? null;
    },
    setFlag(f, v) {
      this.flags.set(f, v);
    },
    removeFlag(f) {
      this.flags.delete(f);
    },
    clear() {
      this.session = null;
      this.user = null;
      this.flags.clear();
    },
  };
}

function fakes(
  over: Partial<SessionGateway> = {},
  urlSession: StoredSession | null = null,
  stored: StoredSession | null = null,
) {
  const gateway: SessionGateway = {
    loadEncryption: vi.fn(async () => ({ key: 'k'.repeat(32), enabled: false })),
    signIn: vi.fn(async () => ({
      token: 'tok',
      tenantId: 't1',
      userId: 'u1',
      clientId: 'wsf_web',
      nickName: '平台管理员',
      expiresIn: 7200,
    })),
    signOut: vi.fn(async () => undefined),
    loadMenus: vi.fn(async () => menus),
    loadCurrentUser: vi.fn(async () => user),
    loadDictionaries: vi.fn(async () => []),
    loadTenants: vi.fn(async () => tenants),
    ...over,
  };
  const store = memoryStore(stored);
  const ports: SessionPorts = {
    gateway,
    store,
    notifier: { error: vi.fn(), warning: vi.fn(), success: vi.fn() },
    browser: {
      takeSessionFromUrl: vi.fn(() => urlSession),
      setTitle: vi.fn(),
      redirect: vi.fn(),
      readPreference: vi.fn(() => null),
      writePreference: vi.fn(),
      toggleFullscreen: vi.fn(() => true),
    },
    requests: { cancelPending: vi.fn(), onSessionExpired: vi.fn() },
  };
  const actor = createActor(createSessionMachine(ports)).start();
  return { ports, store, actor };
}

afterEach(() => vi.useRealTimers());

describe('session machine', () => {
  it('signs in, initialises and keeps the session in the store', async () => {
    const { actor, store, ports } = fakes();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(ports.gateway.loadEncryption).toHaveBeenCalledOnce();
    actor.send({ type: 'LOGIN', credentials: { username: 'admin', password: 'Admin@2026' } });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.menus).toEqual(menus);
    expect(ready.context.user?.nickName).toBe('平台管理员');
    expect(store.session).toEqual({ token: 'tok', tenantId: 't1', sysId: 'app1', orgId: 'o1' });
    expect(store.user).toEqual(user);
  });

  it('draws the login page without waiting for the encryption setting; 登录 waits for it', async () => {
    let answer: (value: { key: string; enabled: boolean }) => void = () => undefined;
    const loadEncryption = vi.fn(() => new Promise<{ key: string; enabled: boolean }>((r) => (answer = r)));
    const { actor, ports } = fakes({ loadEncryption });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'LOGIN', credentials: { username: 'admin', password: 'Admin@2026' } });
    await new Promise((r) => setTimeout(r, 10));
    expect(ports.gateway.signIn).not.toHaveBeenCalled();
    answer({ key: 'k'.repeat(32), enabled: true });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadEncryption).toHaveBeenCalledOnce();
  });

  it('asks for the encryption setting again at 登录 when the boot could not get it', async () => {
    const loadEncryption = vi
      .fn()
      .mockRejectedValueOnce(new Error('网络异常'))
      .mockResolvedValue({ key: 'k'.repeat(32), enabled: false });
    const { actor, ports } = fakes({ loadEncryption });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'LOGIN', credentials: { username: 'admin', password: 'Admin@2026' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadEncryption).toHaveBeenCalledTimes(2);
    expect(ports.gateway.signIn).toHaveBeenCalledOnce();
  });

  it('waits for the encryption setting before a stored session initialises', async () => {
    let answer: (value: { key: string; enabled: boolean }) => void = () => undefined;
    const loadEncryption = vi.fn(() => new Promise<{ key: string; enabled: boolean }>((r) => (answer = r)));
    const { actor, ports } = fakes({ loadEncryption }, null, { token: 'cookie-tok', tenantId: 't1' });
    await new Promise((r) => setTimeout(r, 10));
    expect(ports.gateway.loadMenus).not.toHaveBeenCalled();
    answer({ key: 'k'.repeat(32), enabled: true });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('restores a token from the URL before the stored one and initialises without a login', async () => {
    const { actor, store, ports } = fakes(
      {},
      { token: 'url-tok', tenantId: 't1', sysId: 'app1' },
      { token: 'old', tenantId: 't1' },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    expect(store.session?.token).toBe('url-tok');
    expect(ports.gateway.signIn).not.toHaveBeenCalled();
  });

  it('restores a stored session from cookies', async () => {
    const { actor } = fakes({}, null, { token: 'cookie-tok', tenantId: 't1' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.session?.token).toBe('cookie-tok');
  });

  it('asks for the supplier authorization prompt unless it was declined in this browser session', async () => {
    const pending = { ...user, userType: 'SUPPLIER' as const, gysId: 'GYS202400001', authStatus: true };
    const fresh = fakes({ loadCurrentUser: vi.fn(async () => pending) }, null, { token: 'tok', tenantId: 't1' });
    await waitFor(fresh.actor, (s) => s.matches('ready'));
    expect(fresh.store.flags.get('authStatus')).toBe('true');

    const reloaded = fakes({ loadCurrentUser: vi.fn(async () => pending) }, null, { token: 'tok', tenantId: 't1' });
    reloaded.store.flags.set('authStatus', 'false');
    await waitFor(reloaded.actor, (s) => s.matches('ready'));
    expect(reloaded.store.flags.get('authStatus')).toBe('false');

    const staff = fakes({}, null, { token: 'tok', tenantId: 't1' });
    await waitFor(staff.actor, (s) => s.matches('ready'));
    expect(staff.store.flags.has('authStatus')).toBe(false);
  });

  it('stays signed out with the reason when sign-in is refused', async () => {
    const { actor } = fakes({
      signIn: vi.fn(async () => {
        throw new GatewayError(160300001, '用户名或密码错误');
      }),
    });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'LOGIN', credentials: { username: 'admin', password: 'x' } });
    const out = await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);
    expect(out.context.error).toBe('用户名或密码错误');
  });

  it('clears the session when the menu cannot be loaded', async () => {
    const { actor, store } = fakes(
      {
        loadMenus: vi.fn(async () => {
          throw new Error('network');
        }),
      },
      null,
      { token: 'tok', tenantId: 't1' },
    );
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(store.session).toBeNull();
  });

  it("says '用户信息初始化失败：…' when the current user cannot be loaded", async () => {
    const { actor, ports, store } = fakes(
      {
        loadCurrentUser: vi.fn(async () => {
          throw new Error('boom');
        }),
      },
      null,
      { token: 'tok', tenantId: 't1' },
    );
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(ports.notifier.error).toHaveBeenCalledWith('用户信息初始化失败：boom');
    expect(store.session).toBeNull();
  });

  it("says '没有获取到应用权限' (and logs '没有获取到appId') when the application list lacks wsf_app", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, ports } = fakes(
      { loadTenants: vi.fn(async () => [{ tenantId: 't1', tenantName: 'x', appLists: [] }]) },
      null,
      { token: 'tok', tenantId: 't1' },
    );
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(ports.notifier.error).toHaveBeenCalledWith('没有获取到应用权限');
    expect(log).toHaveBeenCalledWith('没有获取到appId');
    log.mockRestore();
    expect(out.context.user).toBeNull();
  });

  it('on an expired session clears it, cancels requests, says so and signs out after 1 s', async () => {
    vi.useFakeTimers();
    const { actor, ports, store } = fakes({}, null, { token: 'tok', tenantId: 't1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(store.session).toBeNull();
    expect(ports.requests.cancelPending).toHaveBeenCalled();
    expect(ports.notifier.error).toHaveBeenCalledWith('用户信息过期,请重新登录');
    // The page stays as it was until the redirect: its menus are kept, only the stored session is gone.
    expect(actor.getSnapshot().context.menus.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS - 1);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.menus).toEqual([]);
  });

  it('logs out through the gateway and clears the session; a signed-out user cannot log out', async () => {
    const { actor, ports, store } = fakes({}, null, { token: 'tok', tenantId: 't1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'LOGOUT' });
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(ports.gateway.signOut).toHaveBeenCalledOnce();
    expect(store.session).toBeNull();
    expect(out.can({ type: 'LOGOUT' })).toBe(false);
    expect(out.can({ type: 'LOGIN', credentials: { username: 'a', password: 'b' } })).toBe(true);
  });
});
