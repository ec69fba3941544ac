import { inject, injectable } from 'inversify';
import type { PasswordChangeRequest } from '../../domain/password/password-change-form';
import type { AccountGateway } from '../../application/ports/account-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class AccountGatewayAdapter implements AccountGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  async changePassword(request: PasswordChangeRequest): Promise<void> {
    await this.http.put<null>(`api/authcenter/base/user/pwd/${encodeURIComponent(request.userId)}`, { data: request });
  }
}
