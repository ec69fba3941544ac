// The session flow of SPEC §4: restore (URL token first, then cookies) → sign in → initialise (menu,
// current user, dictionaries and applications in parallel) → ready; log-out and an expired session (code
// 160300004: message, requests cancelled, back to sign-in after 1 s) lead back to signed-out.
// The encryption setting is loaded while booting, before any parameter is sent, including the login body.
import { assign, fromPromise, setup } from 'xstate';
import { LOGOUT_REDIRECT_DELAY_MS } from '../../domain/constants';
import type { ServerMenuItem } from '../../domain/menu/menu';
import { SESSION_EXPIRED_MESSAGE } from '../../domain/gateway/result-codes';
import {
  findProductApp,
  SessionMessage,
  type Credentials,
  type CurrentUser,
  type DictionaryEntry,
  type SessionData,
  type StoredSession,
  type TenantEntry,
} from '../../domain/session/session';
import type { BrowserWindow } from '../ports/browser.port';
import { errorReason } from '../ports/gateway-error';
import type { Notifier } from '../ports/notifier.port';
import type { RequestControl } from '../ports/request-control.port';
import type { SessionGateway } from '../ports/session-gateway.port';
import type { SessionStore } from '../ports/session-store.port';

export interface SessionPorts {
  gateway: SessionGateway;
  store: SessionStore;
  notifier: Notifier;
  browser: BrowserWindow;
  requests: RequestControl;
}

export interface SessionContext {
  session: StoredSession | null;
  menus: ServerMenuItem[];
  user: CurrentUser | null;
  dictionaries: DictionaryEntry[];
  tenants: TenantEntry[];
  /** Why the last sign-in or initialisation failed, for the login form. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'CLEAR_SESSION' };

/** Initialisation fails in two ways the spec tells apart (SPEC §8). */
export class InitialisationError extends Error {
  constructor(
    readonly stage: 'menus' | 'user',
    reason: string,
  ) {
    super(reason);
  }
}

const empty: SessionContext = { session: null, menus: [], user: null, dictionaries: [], tenants: [], error: null };

export function createSessionMachine(ports: SessionPorts) {
  const { gateway, store, notifier, requests } = ports;
  // The encryption setting is asked for once, at boot. A stored session waits for it (its first calls are
  // encrypted); the login page does not: it is drawn at once, and 登录 waits for the setting instead, which has
  // long come back by the time a person has typed. Waiting at boot put a round trip between the scripts and the
  // login form — on a phone on a slow network, a third of a second before the page is readable. A failed
  // request is asked again by the next sign-in.
  let encryption: Promise<unknown> | undefined;
  const encryptionReady = () => {
    encryption ??= gateway.loadEncryption().catch((error: unknown) => {
      encryption = undefined;
      throw error;
    });
    return encryption;
  };

  return setup({
    types: { context: {} as SessionContext, events: {} as SessionEvent },
    actors: {
      restore: fromPromise(async (): Promise<StoredSession | null> => {
        const fromUrl = ports.browser.takeSessionFromUrl();
        // A token in the URL starts a new session (another sub-system handed it over): it replaces the stored one.
        if (fromUrl) store.write(fromUrl);
        const session = fromUrl ?? store.read();
        const setting = encryptionReady();
        if (session?.token) await setting;
        else setting.catch(() => undefined);
        return session;
      }),
      signIn: fromPromise(async ({ input }: { input: Credentials }) => {
        await encryptionReady();
        return gateway.signIn(input);
      }),
      initialise: fromPromise(async (): Promise<SessionData> => {
        const [menus, user, dictionaries, tenants] = await Promise.allSettled([
          gateway.loadMenus(),
          gateway.loadCurrentUser(),
          gateway.loadDictionaries(),
          gateway.loadTenants(),
        ]);
        if (menus.status === 'rejected') throw new InitialisationError('menus', errorReason(menus.reason));
        if (user.status === 'rejected') throw new InitialisationError('user', errorReason(user.reason));
        if (dictionaries.status === 'rejected') throw new InitialisationError('user', errorReason(dictionaries.reason));
        return {
          menus: menus.value,
          user: user.value,
          dictionaries: dictionaries.value,
          tenants: tenants.status === 'fulfilled' ? tenants.value : [],
        };
      }),
      signOut: fromPromise(() => gateway.signOut()),
    },
    guards: {
      hasSession: (_, session: StoredSession | null) => session !== null && session.token !== '',
      lacksProductApp: (_, data: SessionData) => findProductApp(data.tenants, data.user.tenantId) === undefined,
      failedOnUser: (_, error: unknown) => error instanceof InitialisationError && error.stage === 'user',
    },
    actions: {
      clearSession: assign(() => {
        store.clear();
        return empty;
      }),
      // The stored session goes at once (no request may carry the dead token), while the context keeps the
      // menus until the redirect: with them gone, the current page would turn into 401 with an empty
      // sidebar for the second before /login.
      forgetStoredSession: () => store.clear(),
      cancelRequests: () => requests.cancelPending(),
      notifyError: (_, message: string) => notifier.error(message),
    },
    delays: { logoutRedirect: LOGOUT_REDIRECT_DELAY_MS },
  }).createMachine({
    id: 'session',
    context: empty,
    initial: 'booting',
    on: {
      CLEAR_SESSION: { actions: 'clearSession' },
    },
    states: {
      booting: {
        invoke: {
          src: 'restore',
          onDone: [
            {
              guard: { type: 'hasSession', params: ({ event }) => event.output },
              target: 'initialising',
              actions: assign({ session: ({ event }) => event.output }),
            },
            { target: 'signedOut' },
          ],
          onError: { target: 'signedOut' },
        },
      },
      signedOut: {
        on: { LOGIN: 'signingIn' },
      },
      signingIn: {
        entry: assign({ error: null }),
        invoke: {
          src: 'signIn',
          input: ({ event }) => (event.type === 'LOGIN' ? event.credentials : { username: '', password: '' }),
          onDone: {
            target: 'initialising',
            actions: assign({
              session: ({ event }) => {
                const session = { token: event.output.token, tenantId: event.output.tenantId };
                store.write(session);
                return session;
              },
            }),
          },
          onError: { target: 'signedOut', actions: assign({ error: ({ event }) => errorReason(event.error) }) },
        },
      },
      initialising: {
        on: { SESSION_EXPIRED: 'expired' },
        invoke: {
          src: 'initialise',
          onDone: [
            {
              guard: { type: 'lacksProductApp', params: ({ event }) => event.output },
              target: 'signedOut',
              actions: [
                'clearSession',
                { type: 'notifyError', params: SessionMessage.noAppPermission },
                // SPEC §8: shown as '没有获取到应用权限', logged as '没有获取到appId'.
                () => console.error('没有获取到appId'),
                assign({ error: SessionMessage.noAppPermission }),
              ],
            },
            {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const { user, tenants } = event.output;
                const session: StoredSession = {
                  ...context.session!,
                  tenantId: context.session?.tenantId || user.tenantId,
                  sysId: findProductApp(tenants, user.tenantId)!.appId,
                  orgId: user.organizationId,
                };
                store.write(session);
                store.writeUser(user);
                // A supplier's pending consent asks for the authorization prompt; one the user declined in
                // this browser session ('false', SPEC §4) stays declined when the page is reloaded.
                if (user.authStatus && store.getFlag('authStatus') !== 'false') store.setFlag('authStatus', 'true');
                return { ...event.output, session, error: null };
              }),
            },
          ],
          onError: [
            {
              guard: { type: 'failedOnUser', params: ({ event }: { event: { error: unknown } }) => event.error },
              target: 'signedOut',
              actions: [
                'clearSession',
                assign({ error: ({ event }) => SessionMessage.userInitFailed(errorReason(event.error)) }),
                { type: 'notifyError', params: ({ context }: { context: SessionContext }) => context.error ?? '' },
              ],
            },
            { target: 'signedOut', actions: 'clearSession' },
          ],
        },
      },
      ready: {
        on: { LOGOUT: 'signingOut', SESSION_EXPIRED: 'expired' },
      },
      signingOut: {
        entry: 'cancelRequests',
        invoke: {
          src: 'signOut',
          onDone: { target: 'signedOut', actions: 'clearSession' },
          onError: { target: 'signedOut', actions: 'clearSession' },
        },
      },
      expired: {
        entry: ['forgetStoredSession', 'cancelRequests', { type: 'notifyError', params: SESSION_EXPIRED_MESSAGE }],
        after: { logoutRedirect: { target: 'signedOut', actions: 'clearSession' } },
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
