import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { NegativeOpinion, NegativeOpinionQuery } from '../../domain/risk/negative-opinion';
import type { RiskGateway } from '../../application/ports/risk-gateway.port';
import { HttpClient, HttpClientId } from './http-client';

@injectable()
export class RiskGatewayAdapter implements RiskGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  pageNegativeOpinions(query: NegativeOpinionQuery, page: PageRequest): Promise<Page<NegativeOpinion>> {
    const params: Record<string, unknown> = { current: page.current, size: page.size };
    if (query.enterpriseName.trim()) params.enterpriseName = query.enterpriseName.trim();
    if (query.riskLevel) params.riskLevel = query.riskLevel;
    return this.http.get<Page<NegativeOpinion>>('api/risk/negativePublicOpinion/page', { params });
  }
}
