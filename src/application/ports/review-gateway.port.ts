import type { ServiceIdentifier } from 'inversify';
import type { PreCreditSection } from '../../domain/financing/business-list';
import type { ReviewLevelConfig } from '../../domain/financing/review';
import type { DoneRow, TodoRow, TodoTab } from '../../domain/financing/review-queue';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { ReviewType } from '../../domain/financing/stages';

/** One review type as 审核类型配置 lists it (BUSINESS.md §1.5). */
export interface AuditTypeRow {
  code: ReviewType;
  name: string;
  enabled: boolean;
  levels: ReviewLevelConfig[];
  version: number;
  updatedAt: string;
  updatedByName: string;
}

/** What a level may name: the tenant's roles (by code) and its staff. */
export interface AuditTypeCandidates {
  roles: Array<{ code: string; name: string }>;
  users: Array<{ userId: string; nickName: string; userName: string }>;
}

export interface AuditTypeChange {
  enabled: boolean;
  levels: ReviewLevelConfig[];
  version: number;
}

/** An item awaiting the signed-in reviewer (业务审核's list). */
export interface ExamineItem {
  businessId: string;
  businessNo: string;
  type: ReviewType;
  typeLabel: string;
  supplierName: string;
  /** 分 */
  amount: number;
  level: number;
  levels: number;
  makerName: string;
  arrivedAt: string;
  waitingMinutes: number;
  /** Past the level's 超时提醒 (a reminder only). */
  overdue: boolean;
  state: string;
  version: number;
}

export interface ExamineQuery {
  type: string;
  businessNo: string;
}

export interface ReviewLevelView {
  level: number;
  approveMethod: string;
  approveMethodLabel: string;
  rejectHandlerLabel: string;
  reviewerNames: string[];
  approvedNames: string[];
}

export interface BusinessEventView {
  keyId: string;
  stage: string;
  fromState: string | null;
  toState: string;
  fromLabel: string | null;
  toLabel: string;
  action: string;
  actionLabel: string;
  level: number | null;
  actorName: string;
  actorRole: string;
  comment: string;
  at: string;
}

/** The review page: the business read-only, its progress, its timeline and what the reviewer may do now. */
export interface ExamineDetail {
  businessId: string;
  businessNo: string;
  type: ReviewType | null;
  typeLabel: string;
  supplierName: string;
  projectCompanyName: string;
  capitalSideName: string;
  productName: string;
  applyAmount: number;
  approvedAmount: number | null;
  state: string;
  stateLabel: string;
  suspended: boolean;
  makerName: string;
  arrivedAt: string | null;
  version: number;
  review: { level: number; levels: ReviewLevelView[] } | null;
  events: BusinessEventView[];
  actions: string[];
  /** A pre-credit's item, read-only: basis orders with eligible amounts and ratios, validity, 申请/批复额度. */
  preCredit?: PreCreditSection | null;
}

/** The menu's badge and what each tab of 我的待办 holds. */
export interface TodoCount {
  count: number;
  tabs: Readonly<Record<TodoTab, number>>;
}

/** A row of 我的待办 as the client shows it: the review and make tabs' items. */
export type TodoItem = TodoRow & { itemType: 'REVIEW' | 'MAKE' };

/** A row of 我的已办 as the client shows it. */
export type DoneItem = DoneRow;

/** 审核类型配置, 业务审核 and the workbench (BUSINESS.md §1.5, §4). */
export interface ReviewGateway {
  auditTypes(): Promise<AuditTypeRow[]>;
  auditTypeCandidates(): Promise<AuditTypeCandidates>;
  saveAuditType(code: ReviewType, change: AuditTypeChange): Promise<AuditTypeRow>;
  examinePage(query: ExamineQuery, page: PageRequest): Promise<Page<ExamineItem>>;
  examineDetail(businessId: string, type: string): Promise<ExamineDetail>;
  todoPage(tab: TodoTab, page: PageRequest): Promise<Page<TodoItem>>;
  /** Quietly: the menu's badge must never raise the loading mask or a toast. */
  todoCount(): Promise<TodoCount>;
  donePage(page: PageRequest): Promise<Page<DoneItem>>;
}

export const ReviewGatewayId: ServiceIdentifier<ReviewGateway> = Symbol.for('ReviewGateway');
