import type { ServiceIdentifier } from 'inversify';
import type { ServerMenuItem } from '../../domain/menu/menu';
import type {
  Credentials,
  CurrentUser,
  DictionaryEntry,
  EncryptionSetting,
  SignedIn,
  TenantEntry,
} from '../../domain/session/session';

/** The gateway calls a session is built from (SPEC §7.2 "Session and gateway"). */
export interface SessionGateway {
  /** Reads the encryption setting and makes every later call use it. */
  loadEncryption(): Promise<EncryptionSetting>;
  signIn(credentials: Credentials): Promise<SignedIn>;
  signOut(): Promise<void>;
  loadMenus(): Promise<ServerMenuItem[]>;
  loadCurrentUser(): Promise<CurrentUser>;
  loadDictionaries(): Promise<DictionaryEntry[]>;
  loadTenants(): Promise<TenantEntry[]>;
}

export const SessionGatewayId: ServiceIdentifier<SessionGateway> = Symbol.for('SessionGateway');
