// What the review queue and the workbench say about an item, shared by the gateway (which computes the to-do
// from the lifecycle table and the review snapshot) and the screens (which show it). The rules themselves stay
// in lifecycle.ts and review.ts; this file only names the places an item is handled and how long it waited.
import { REVIEW_STAGES, type StateKey, madeByDepartment, moveOwner } from './lifecycle';
import { STAGE_LABEL, type Stage, REVIEW_TYPES, REVIEW_TYPE_LABEL, type ReviewType } from './stages';

/** The generic review page (BUSINESS.md §4): it takes the review type and the business id. */
export const EXAMINE_PATH = '/business/examine';

/** Where a reviewer opens an item awaiting them: the generic review page, for every review type. */
export const examineLink = (type: ReviewType, businessId: string) =>
  `${EXAMINE_PATH}?type=${encodeURIComponent(type)}&id=${encodeURIComponent(businessId)}`;

/** Where a maker opens an item to make or submit it: the page granting the stage's 提交. */
export function makeLink(state: string, businessId: string): string | null {
  const stage = REVIEW_STAGES.find((s) => s.submitFrom.includes(state as StateKey));
  return stage ? `${stage.submit.menu}?id=${encodeURIComponent(businessId)}` : null;
}

/** The states an item waits for a reviewer in (one a review stage). */
export const PENDING_REVIEW_STATES: readonly StateKey[] = REVIEW_STAGES.map((s) => s.pending);

/** The states a maker prepares or resubmits an item in. */
export const MAKER_STATES: readonly StateKey[] = [...new Set(REVIEW_STAGES.flatMap((s) => s.submitFrom))];

/**
 * The maker states of a stage a department makes: whoever holds its maker role makes it, not the 经办人. The
 * minutes are the meeting's to send (its own to-do), never one business at a time: they are not among these.
 */
export const DEPARTMENT_MAKER_STATES: readonly StateKey[] = REVIEW_STAGES.filter(madeByDepartment)
  .flatMap((s) => s.submitFrom)
  .filter((state) => !moveOwner(state, 'submit'));

/** The maker states 我的待办's 待制作 lists one business at a time: not those whose 提交 another record owns. */
export const BUSINESS_MAKER_STATES: readonly StateKey[] = MAKER_STATES.filter((state) => !moveOwner(state, 'submit'));

/** The review type a business under review is in, from its state. */
export const reviewTypeOfState = (state: string): ReviewType | null =>
  REVIEW_STAGES.find((s) => s.pending === state || s.submitFrom.includes(state as StateKey))?.type ?? null;

export const isReviewType = (value: string): value is ReviewType => (REVIEW_TYPES as readonly string[]).includes(value);

/** Whole minutes from `since` to `now` (never negative: clocks of two processes may disagree slightly). */
export const waitingMinutes = (since: Date | string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));

/** 停留时长 as people say it: 35分钟, 5小时20分, 3天4小时. */
export function formatWaiting(minutes: number): string {
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours}小时${minutes % 60}分` : `${hours}小时`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days}天${hours % 24}小时` : `${days}天`;
}

/** 我的已办's action of a member's vote on an agenda item (a record of the meeting, not a business move). */
export const VOTE_DONE_ACTION = 'vote';

/** 我的已办's 事项: the review (and level) an opinion was given at, a vote, or the stage of any other step. */
export function doneItemLabel(stage: string, level: number | null, action?: string): string {
  if (action === VOTE_DONE_ACTION) return MEETING_TODO_LABEL.VOTE;
  const review = REVIEW_STAGES.find((s) => s.stage === stage);
  if (review && level) return `${REVIEW_TYPE_LABEL[review.type]}（第${level}级）`;
  return STAGE_LABEL[stage as Stage] ?? stage;
}

/** The workbench's tabs (BUSINESS.md §4 /workbench/technological/todo). */
export const TODO_TABS = ['REVIEW', 'MAKE', 'VOTE', 'DUE'] as const;
export type TodoTab = (typeof TODO_TABS)[number];
export const TODO_TAB_LABEL: Readonly<Record<TodoTab, string>> = {
  REVIEW: '待审核',
  MAKE: '待制作',
  VOTE: '待表决',
  DUE: '到期提醒',
};

/** Where a member casts a vote waiting for them (or reads a meeting they were told of): its room on 评审会执行. */
export const voteLink = (meetingId: string) =>
  `/business/approvalReviewMeetingImplementList?id=${encodeURIComponent(meetingId)}`;

/** Where the secretary writes or corrects a meeting's minutes: 审批材料制作. */
export const minutesLink = (meetingId: string) => `/business/approvalProduction?id=${encodeURIComponent(meetingId)}`;

/** 事项类型 of the meeting's to-dos, as the committee and its secretary name them. */
export const MEETING_TODO_LABEL = {
  VOTE: '评审会表决',
  NOTICE: '评审会通知',
  MINUTES: '会议纪要待提交',
  MINUTES_RETURNED: '会议纪要退回待修改',
} as const;

/** One row of 我的待办, whatever its stage: what the gateway lists and the workbench shows. */
export interface TodoRow {
  itemType: string;
  itemTypeLabel: string;
  businessId: string;
  businessNo: string;
  supplierName: string;
  amount: number;
  stage: string;
  state: string;
  stateLabel: string;
  level: number | null;
  levels: number | null;
  arrivedAt: string;
  waitingMinutes: number;
  overdue: boolean;
  /** The page where the person's action is granted. */
  link: string;
}

/** One row of 我的已办: what the person did, on which business, when — as the gateway lists it and the workbench shows it. */
export interface DoneRow {
  keyId: string;
  businessId: string;
  businessNo: string;
  action: string;
  actionLabel: string;
  comment: string;
  at: string;
  stage: string;
  stateLabel: string;
  level: number | null;
}
