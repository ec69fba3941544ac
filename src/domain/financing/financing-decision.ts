// 融资决议 (BUSINESS.md §2 FinancingDecision, §4 /business/financingDecisionManage, /business/decisionMake,
// /business/resolutionReview and business/resolutionReview/audit): stage 5 of the lifecycle on the stage kit,
// one per business, made when the chair's review of the minutes moves the business here. Its status is the
// business's state in the stage (草稿, 待审核, 已退回), 已通过 once the business left through the review, or how
// the business ended (否决 by the approver is 已终止) — read from the business, never stored twice. 提交 is the
// make page's, through the business transition; 通过 / 退回 / 否决 are the review page's.
import type { ResourceDef, StatusDef } from '../resource/resource';
import {
  CHILD_STATUSES,
  type ChildStatus,
  type StageDef,
  childStatusOf,
  editableStatuses,
  stageMessages,
  STAGE_BUSINESS_FIELDS,
} from '../stage/stage';

export const DECISION_LIST_PATH = '/business/financingDecisionManage';
export const DECISION_MAKE_PATH = '/business/decisionMake';
export const DECISION_EXAMINE_PATH = '/business/resolutionReview';
export const DECISION_AUDIT_PATH = 'business/resolutionReview/audit';

export type DecisionStatus = ChildStatus;

/** The decision's status: the kit's one function of the business's state and whether it passed the review. */
export const decisionStatusOf = (state: string, passed = false): DecisionStatus =>
  childStatusOf('DECISION', state, passed);

const STATUSES: Record<DecisionStatus, StatusDef> = CHILD_STATUSES;

export const FINANCING_DECISION: ResourceDef<DecisionStatus> = {
  name: 'financingDecision',
  api: '/api/business/decision',
  menuPath: DECISION_LIST_PATH,
  title: '融资决议管理',
  noun: '融资决议',
  // A view over financing_decision and financing_business: the status and version are the business's.
  storage: { table: 'financing_decision_view', id: 'decision_id', softDelete: true, createdBy: true },
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
    ...STAGE_BUSINESS_FIELDS,
    { key: 'submittedAt', label: '提交时间', type: 'datetime' },
    { key: 'createdAt', label: '创建时间', type: 'datetime' },
    { key: 'createdDate', label: '创建日期', type: 'date', search: 'range', detail: false },
  ],
  statuses: STATUSES,
  initialStatus: 'DRAFT',
  // What may be edited is the table's (the states the maker submits from). A decision is made by the
  // chair's approval of the minutes and never deleted: the business stays in the stage until it leaves.
  update: { when: editableStatuses('DECISION') as DecisionStatus[], op: 'edit' },
  makePath: DECISION_MAKE_PATH,
  sample: {},
  titleField: 'decisionNo',
};

/** 融资决议 on the stage kit: its list (the view), its make page and its words. */
export const DECISION_STAGE: StageDef<DecisionStatus> = {
  stage: 'DECISION',
  resource: FINANCING_DECISION,
  makePath: DECISION_MAKE_PATH,
  messages: stageMessages('融资决议'),
};
