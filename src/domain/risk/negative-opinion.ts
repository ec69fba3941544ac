// 负面舆情 (/risk/negativePublicOpinion): what the list shows and filters by.
export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW';
export type OpinionStatus = 'PENDING' | 'FOLLOWING' | 'CLOSED';

export interface NegativeOpinion {
  keyId: string;
  enterpriseName: string;
  title: string;
  source: string;
  riskLevel: RiskLevel;
  status: OpinionStatus;
  /** 'YYYY-MM-DD' */
  publishedOn: string;
}

export interface NegativeOpinionQuery {
  enterpriseName: string;
  riskLevel: RiskLevel | '';
}

export const EMPTY_OPINION_QUERY: NegativeOpinionQuery = { enterpriseName: '', riskLevel: '' };

export const RISK_LEVEL_LABEL: Record<RiskLevel, string> = { HIGH: '高', MEDIUM: '中', LOW: '低' };
export const OPINION_STATUS_LABEL: Record<OpinionStatus, string> = { PENDING: '待处理', FOLLOWING: '跟进中', CLOSED: '已关闭' };
