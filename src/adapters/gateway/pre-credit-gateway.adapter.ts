import { inject, injectable } from 'inversify';
import type {
  OrderChoice,
  PreCreditDraft,
  PreCreditForm,
  PreCreditGateway,
} from '../../application/ports/pre-credit-gateway.port';
import type { RefOption } from '../../application/ports/resource-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

const API = '/api/business/preCredit';
const BUSINESS = '/api/business/business';

@injectable()
export class PreCreditGatewayAdapter implements PreCreditGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  options(key: 'supplierId' | 'projectCompanyId'): Promise<RefOption[]> {
    return this.http.get(`${API}/options/${key}`, { silent: true });
  }

  orders(supplierId: string, projectCompanyId: string | null): Promise<OrderChoice> {
    const params = { supplierId, ...(projectCompanyId ? { projectCompanyId } : {}) };
    return this.http.get(`${API}/orders`, { params });
  }

  get(keyId: string): Promise<PreCreditDraft> {
    return this.http.get(`${API}/${encodeURIComponent(keyId)}`);
  }

  create(form: PreCreditForm): Promise<PreCreditDraft> {
    return this.http.post(API, { data: form });
  }

  update(keyId: string, form: PreCreditForm, version: number): Promise<PreCreditDraft> {
    const { supplierId: _fixed, ...rest } = form;
    return this.http.put(`${API}/${encodeURIComponent(keyId)}`, { data: { ...rest, version } });
  }

  async submit(keyId: string, version: number): Promise<void> {
    await this.http.post(`${BUSINESS}/${encodeURIComponent(keyId)}/transition`, {
      data: { action: 'submit', version },
    });
  }
}
