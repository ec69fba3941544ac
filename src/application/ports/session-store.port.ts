import type { ServiceIdentifier } from 'inversify';
import type { CurrentUser, StoredSession } from '../../domain/session/session';

/** Session-storage flags named by SPEC §3. */
export type SessionFlag = 'authStatus' | 'capitalSideCode' | 'routerList' | 'activeNames' | 'sublevel';

/** Where a session survives a reload: cookies for the credentials, local storage for userInfo. */
export interface SessionStore {
  read(): StoredSession | null;
  write(session: StoredSession): void;
  readUser(): CurrentUser | null;
  writeUser(user: CurrentUser): void;
  getFlag(flag: SessionFlag): string | null;
  setFlag(flag: SessionFlag, value: string): void;
  removeFlag(flag: SessionFlag): void;
  /** Removes token, tenant, system id, org id, user info and the session flags. */
  clear(): void;
}

export const SessionStoreId: ServiceIdentifier<SessionStore> = Symbol.for('SessionStore');
