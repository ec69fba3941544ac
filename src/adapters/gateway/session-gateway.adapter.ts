import { inject, injectable } from 'inversify';
import type { ServerMenuItem } from '../../domain/menu/menu';
import type {
  Credentials,
  CurrentUser,
  DictionaryEntry,
  EncryptionSetting,
  SignedIn,
  TenantEntry,
} from '../../domain/session/session';
import type { SessionGateway } from '../../application/ports/session-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

/** SPEC §7.2 "Session and gateway", over the shared HTTP client. */
@injectable()
export class SessionGatewayAdapter implements SessionGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  async loadEncryption(): Promise<EncryptionSetting> {
    const setting = await this.http.get<EncryptionSetting>('/api/gateway/encryptKey', { silent: true });
    this.http.setEncryption(setting);
    return setting;
  }

  signIn(credentials: Credentials): Promise<SignedIn> {
    return this.http.post<SignedIn>('/api/authcenter/login', { data: credentials });
  }

  async signOut(): Promise<void> {
    await this.http.post<unknown>('/api/authcenter/logout', { silent: true });
  }

  loadMenus(): Promise<ServerMenuItem[]> {
    return this.http.get<ServerMenuItem[]>('api/authcenter/authority/menu/list', {
      params: { loadOp: 1 },
      silent: true,
    });
  }

  loadCurrentUser(): Promise<CurrentUser> {
    return this.http.get<CurrentUser>('/api/authcenter/base/user', { silent: true });
  }

  loadDictionaries(): Promise<DictionaryEntry[]> {
    return this.http.get<DictionaryEntry[]>('/api/dict/dict/list', { silent: true });
  }

  loadTenants(): Promise<TenantEntry[]> {
    return this.http.get<TenantEntry[]>('/api/authcenter/base/tenant/user/curuser/tenants');
  }
}
