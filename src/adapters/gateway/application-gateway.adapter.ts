import { inject, injectable } from 'inversify';
import type {
  ApplicationCandidate,
  ApplicationDetail,
  ApplicationGateway,
  ApplicationOrder,
  ApplicationSave,
} from '../../application/ports/application-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

const API = '/api/business/financingApplication';
const BUSINESS = '/api/business/business';
const one = (keyId: string) => `${API}/${encodeURIComponent(keyId)}`;

@injectable()
export class ApplicationGatewayAdapter implements ApplicationGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  candidates(): Promise<ApplicationCandidate[]> {
    return this.http.get(`${API}/candidates`);
  }

  create(businessId: string): Promise<ApplicationDetail> {
    return this.http.post(API, { data: { businessId } });
  }

  get(keyId: string): Promise<ApplicationDetail> {
    return this.http.get(one(keyId));
  }

  review(keyId: string): Promise<ApplicationDetail> {
    return this.http.get(`${one(keyId)}/review`);
  }

  orders(keyId: string): Promise<{ records: ApplicationOrder[]; ratio: string }> {
    return this.http.get(`${one(keyId)}/orders`);
  }

  save(keyId: string, form: ApplicationSave, version: number): Promise<ApplicationDetail> {
    return this.http.put(one(keyId), { data: { ...form, version } });
  }

  async submit(keyId: string, version: number): Promise<void> {
    await this.http.post(`${BUSINESS}/${encodeURIComponent(keyId)}/transition`, {
      data: { action: 'submit', version },
    });
  }
}
