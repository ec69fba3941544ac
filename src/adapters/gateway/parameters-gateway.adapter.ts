import { inject, injectable } from 'inversify';
import type { ParametersGateway } from '../../application/ports/parameters-gateway.port';
import { RISK_SUMMARY_ACTIVE_API } from '../../domain/parameters/risk-summary-api';
import type { ResourceForm, ResourceRecord } from '../../domain/resource/resource';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class ParametersGatewayAdapter implements ParametersGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  activeSummary(): Promise<ResourceRecord> {
    return this.http.get(RISK_SUMMARY_ACTIVE_API);
  }

  saveSummary(form: ResourceForm, version: number): Promise<ResourceRecord> {
    return this.http.put(RISK_SUMMARY_ACTIVE_API, { data: { ...form, version } });
  }
}
