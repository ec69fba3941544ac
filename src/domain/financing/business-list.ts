// 融资业务管理's list (BUSINESS.md §4 `/business/financingBusinessManage`): which stages each tab holds, and
// the shapes the gateway answers and the screens read. A business before its loan is 进行中; a loaned one
// repays (已放款) until it is settled (已结清); a terminated one is 已终止 whatever its reason.
import type { StateKey } from './lifecycle';
import type { Conclusion, MeetingStatus } from './meeting-rules';
import type { AgendaTally, Opinion } from './meeting-tally';
import type { ApproveMethod } from './review';
import { STAGES, type Stage, type ReviewType } from './stages';

export const BUSINESS_TABS = ['ACTIVE', 'LOANED', 'SETTLED', 'TERMINATED'] as const;
export type BusinessTab = (typeof BUSINESS_TABS)[number];

export const BUSINESS_TAB_LABEL: Readonly<Record<BusinessTab, string>> = {
  ACTIVE: '进行中',
  LOANED: '已放款',
  SETTLED: '已结清',
  TERMINATED: '已终止',
};

/** The table's stages from one to another, in its order (the stage list exists once: stages.ts). */
const between = (from: Stage, to: Stage): Stage[] => STAGES.slice(STAGES.indexOf(from), STAGES.indexOf(to) + 1);

export const TAB_STAGES: Readonly<Record<BusinessTab, readonly Stage[]>> = {
  ACTIVE: between('PRE_CREDIT', 'LENDING'),
  LOANED: ['REPAYING'],
  SETTLED: ['SETTLED', 'SETTLED_EARLY'],
  TERMINATED: ['TERMINATED'],
};

/**
 * Until its decision is approved, a business's 批复金额 is the pre-credit's 批复额度 (the decision writes its own
 * on approval): the screens name it so, and the decision's pages show the decision's 批复金额 beside it.
 */
const PRE_CREDIT_AMOUNT_STAGES: readonly Stage[] = between('APPLICATION', 'DECISION');
export const isPreCreditAmount = (state: string): boolean =>
  PRE_CREDIT_AMOUNT_STAGES.includes(state.split('/')[0] as Stage);
export const approvedAmountLabel = (state: string): string =>
  isPreCreditAmount(state) ? '预授信批复额度' : '批复金额';

/** The stages a business passes on its way, in order, for the detail's stage bar. */
export const STAGE_BAR: readonly Stage[] = between('PRE_CREDIT', 'SETTLED');

/** One row of the list, as the gateway answers it. */
export interface BusinessListItem {
  keyId: string;
  businessNo: string;
  supplierId: string;
  supplierName: string | null;
  projectCompanyId: string | null;
  projectCompanyName: string | null;
  capitalSideName: string | null;
  productName: string | null;
  /** 分 */
  applyAmount: number;
  /** 分 */
  approvedAmount: number | null;
  stage: Stage;
  state: StateKey;
  stateLabel: string;
  reviewLevel: number | null;
  reviewLevels: number | null;
  suspended: boolean;
  ownerId: string | null;
  ownerName: string | null;
  updatedAt: string;
  version: number;
  /** What the signed-in user may do on it now (the lifecycle table's answer). */
  actions: string[];
}

export interface BusinessReviewView {
  type: ReviewType;
  typeLabel: string;
  level: number;
  levels: { level: number; approveMethod: ApproveMethod; reviewerNames: string[] }[];
  opinions: { level: number; actorId: string; actorName: string; result: 'APPROVE' | 'RETURN' | 'REJECT' }[];
}

export interface BusinessDetail extends BusinessListItem {
  capitalSideId: string | null;
  review: BusinessReviewView | null;
  demandId: string | null;
  terminateReason: string | null;
  suspendReason: string | null;
  reconsiderCount: number;
  reviewArrivedAt: string | null;
  createdAt: string;
  /** The stages' own parts of the business, one tab each on 业务详情. */
  sections: BusinessSections;
}

/** 预授信 as the detail shows it. */
export interface PreCreditSection {
  preCreditNo: string;
  applyAmount: number;
  approvedAmount: number | null;
  validDays: number;
  validFrom: string | null;
  validTo: string | null;
  /** Each basis order with what it may still finance and its own project company's financing ratio. */
  orders: {
    orderNo: string;
    projectCompanyName: string | null;
    dueDate: string;
    eligibleAmount: number;
    ratio: string;
  }[];
}

/** 融资申请 as the detail shows it: lines by order number, documents by type with how many files each holds. */
export interface FinancingApplicationSection {
  applicationNo: string;
  totalAmount: number;
  termDays: number | null;
  repaymentSource: string | null;
  submittedAt: string | null;
  lines: { orderNo: string; financeAmount: number }[];
  docs: {
    label: string;
    required: boolean;
    fileCount: number;
    /** Each file of the document, to open in 文件预览. */
    files: { keyId: string; name: string }[];
    validTo: string | null;
  }[];
}

/**
 * 评审会 as the detail shows it: each meeting that heard the business, latest first (after a 复议 it is heard
 * again). The named votes and the tally are there once voting closed; before that, only the meeting.
 */
export interface MeetingSection {
  hearings: {
    meetingId: string;
    meetingNo: string;
    title: string;
    scheduledAt: string;
    status: MeetingStatus;
    seq: number;
    conclusion: Conclusion | null;
    conditions: string[];
    minutes: string | null;
    votes: {
      memberId: string;
      name: string;
      opinion: Opinion;
      conditions: string[];
      comment: string;
      votedAt: string;
    }[];
    tally: AgendaTally | null;
  }[];
}

export interface BusinessSections {
  preCredit?: PreCreditSection;
  application?: FinancingApplicationSection;
  meeting?: MeetingSection;
}

export interface BusinessEventView {
  keyId: string;
  stage: Stage;
  fromState: StateKey | null;
  toState: StateKey;
  fromLabel: string | null;
  toLabel: string;
  action: string;
  actionLabel: string;
  level: number | null;
  actorId: string;
  actorName: string;
  actorRole: string;
  comment: string;
  fileIds: string[];
  at: string;
}
