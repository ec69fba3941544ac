import { inject, injectable } from 'inversify';
import type { SupplierAuthorizationGateway } from '../../application/ports/supplier-authorization.port';
import {
  letterToShow,
  type AuthorizationDocument,
  type SupplierAuthRequest,
  type SupplierAuthResult,
} from '../../domain/supplier-authorization/supplier-authorization';
import { HttpClient, HttpClientId } from './http-client';

/**
 * SPEC §7.2 "Supplier authorization", over the shared HTTP client. The check runs in the background after
 * entry, so it puts up no loading mask; the consent is the user's own action and does.
 */
@injectable()
export class SupplierAuthorizationGatewayAdapter implements SupplierAuthorizationGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  async checkAuthorization(gysId: string): Promise<AuthorizationDocument | null> {
    const data = await this.http.post<unknown>('/api/product/supplier/checkAuthorization', {
      params: { gysId },
      data: { gysId },
      silent: true,
    });
    return letterToShow(data);
  }

  getCapitalSideCodes(gysId: string): Promise<string[]> {
    return this.http.get<string[]>('/api/product/supplier/getCapitalSideCode', { params: { gysId }, silent: true });
  }

  updateSupplierAuth(request: SupplierAuthRequest): Promise<SupplierAuthResult> {
    return this.http.post<SupplierAuthResult>('/api/product/supplier/updateSupplierAuth', { data: request });
  }
}
