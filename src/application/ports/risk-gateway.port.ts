import type { ServiceIdentifier } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { NegativeOpinion, NegativeOpinionQuery } from '../../domain/risk/negative-opinion';

/** The risk area's resources (SPEC §2.2 风险管理). */
export interface RiskGateway {
  pageNegativeOpinions(query: NegativeOpinionQuery, page: PageRequest): Promise<Page<NegativeOpinion>>;
}

export const RiskGatewayId: ServiceIdentifier<RiskGateway> = Symbol.for('RiskGateway');
