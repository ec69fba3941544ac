// 融资决议 (BUSINESS.md §2 FinancingDecision, §4 /business/financingDecisionManage, /business/decisionMake,
// /business/resolutionReview and business/resolutionReview/audit): stage 5 of the lifecycle on the stage kit,
// one per business, made when the chair's review of the minutes moves the business here. Its status is the
// business's state in the stage (草稿, 待审核, 已退回), 已通过 once the business left through the review, or how
// the business ended (否决 by the approver is 已终止) — read from the business, never stored twice. 提交 is the
// make page's, through the business transition; 通过 / 退回 / 否决 are the review page's.
import { type ChildStatus, childStage } from '../stage/stage';

export const DECISION_LIST_PATH = '/business/financingDecisionManage';
export const DECISION_MAKE_PATH = '/business/decisionMake';
export const DECISION_EXAMINE_PATH = '/business/resolutionReview';
export const DECISION_AUDIT_PATH = 'business/resolutionReview/audit';

export type DecisionStatus = ChildStatus;

/** 融资决议 on the stage kit: its list (a view over financing_decision and the business), its make page, its words. */
export const DECISION_STAGE = childStage({
  stage: 'DECISION',
  name: 'financingDecision',
  api: '/api/business/decision',
  listPath: DECISION_LIST_PATH,
  makePath: DECISION_MAKE_PATH,
  title: '融资决议管理',
  view: { table: 'financing_decision_view', id: 'decision_id', createdBy: true },
  fields: [
    { key: 'decisionNo', label: '决议编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 130 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    { key: 'meetingNo', label: '会议', type: 'text', list: { width: 130 } },
    { key: 'approvedAmount', label: '批复额', type: 'money', list: { width: 110 } },
    { key: 'annualRate', label: '利率', type: 'rate', list: { width: 80 } },
    { key: 'termDays', label: '期限（天）', type: 'int', list: { width: 70 } },
    { key: 'validUntil', label: '有效期至', type: 'date', list: { width: 100 } },
    { key: 'submittedAt', label: '提交时间', type: 'datetime' },
    { key: 'createdAt', label: '创建时间', type: 'datetime' },
    { key: 'createdDate', label: '创建日期', type: 'date', search: 'range', detail: false },
  ],
  titleField: 'decisionNo',
});
export const FINANCING_DECISION = DECISION_STAGE.resource;

/** What 保存 sends of a decision: the terms (money in 分, rates as decimal text) and the conditions. */
export interface DecisionTerms {
  approvedAmount: number | null;
  annualRate: string | null;
  termDays: number | null;
  financingRatio: string | null;
  repaymentMethod: string | null;
  guaranteeMeasures: string;
  conditions: string[];
}
