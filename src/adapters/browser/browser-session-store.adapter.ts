// SPEC §3: token, tenant, system id and organisation id live in cookies with the __WSF__ prefixes, the
// user in local storage under userInfo, the flags in session storage.
import { injectable } from 'inversify';
import type { CurrentUser, StoredSession } from '../../domain/session/session';
import type { SessionFlag, SessionStore } from '../../application/ports/session-store.port';

export const SessionCookie = {
  token: '__WSF__token__',
  tenantId: '__WSF__tenantId',
  sysId: '__WSF__sysId__',
  orgId: '__WSF__orgId__',
} as const;

const USER_INFO_KEY = 'userInfo';
const FLAGS: readonly SessionFlag[] = ['authStatus', 'capitalSideCode', 'routerList', 'activeNames', 'sublevel'];

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

function writeCookie(name: string, value: string | undefined): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === undefined
      ? `${name}=; path=/; max-age=0; SameSite=Strict${secure}`
      : `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure}`;
}

@injectable()
export class BrowserSessionStore implements SessionStore {
  read(): StoredSession | null {
    const token = readCookie(SessionCookie.token);
    if (!token) return null;
    const session: StoredSession = { token, tenantId: readCookie(SessionCookie.tenantId) ?? '' };
    const sysId = readCookie(SessionCookie.sysId);
    const orgId = readCookie(SessionCookie.orgId);
    if (sysId) session.sysId = sysId;
    if (orgId) session.orgId = orgId;
    return session;
  }

  write(session: StoredSession): void {
    writeCookie(SessionCookie.token, session.token);
    writeCookie(SessionCookie.tenantId, session.tenantId || undefined);
    writeCookie(SessionCookie.sysId, session.sysId);
    writeCookie(SessionCookie.orgId, session.orgId);
  }

  readUser(): CurrentUser | null {
    try {
      const text = localStorage.getItem(USER_INFO_KEY);
      return text ? (JSON.parse(text) as CurrentUser) : null;
    } catch {
      return null;
    }
  }

  writeUser(user: CurrentUser): void {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  }

  getFlag(flag: SessionFlag): string | null {
    return sessionStorage.getItem(flag);
  }

  setFlag(flag: SessionFlag, value: string): void {
    sessionStorage.setItem(flag, value);
  }

  removeFlag(flag: SessionFlag): void {
    sessionStorage.removeItem(flag);
  }

  clear(): void {
    for (const name of Object.values(SessionCookie)) writeCookie(name, undefined);
    localStorage.removeItem(USER_INFO_KEY);
    for (const flag of FLAGS) sessionStorage.removeItem(flag);
  }
}
