// 退还 of an overpayment (BUSINESS.md §2 还款登记: what a confirmed repayment could not apply is 待退还): FINANCE
// registers a refund of a confirmed repayment — the amount in 分, at most what is still to refund, the day it was
// paid back (not after today, not before the repayment's value date), the bank flow number and the receipt — and
// whoever the review type REPAYMENT names confirms it (the registrar never), as a repayment is confirmed; then it is
// 已退还. A rejection changes nothing. Refunds are items of the loan's business, as its repayments are.
import type { ItemFacts } from '../workflow/items';
import { type ReviewedItem, reviewedStanding, reviewedTransitions } from '../workflow/reviewed-items';
import type { WorkflowTable } from '../workflow/workflow';
import { isCalendarDate } from '../calendar/calendar-date';
import { formatFen } from '../format/money-format';
import type { StateKey } from './lifecycle';
import { REPAYMENT_API, REPAYMENT_LIST_PATH } from './repayment';

/** The refunds' routes: `${REFUND_API}/:businessId/items`, `${REFUND_API}/items/:id/transition`. */
export const REFUND_API = `${REPAYMENT_API}/refund`;
/** The same calls from 还款登记's stage port, under its api. */
export const REFUND_PATH = '/refund';

/** An overpayment is refunded while the loan repays and after it is settled. */
export const REFUND_STATES: readonly StateKey[] = [
  'REPAYING/NORMAL',
  'REPAYING/OVERDUE',
  'SETTLED/DONE',
  'SETTLED_EARLY/DONE',
];

export type RefundStatus = ReviewedItem['status'];

export const REFUND_STATUS_LABEL: Readonly<Record<RefundStatus, string>> = {
  PENDING: '待确认',
  CONFIRMED: '已退还',
  REJECTED: '已驳回',
};

export interface Refund extends ReviewedItem {
  repaymentId: string;
  amountFen: bigint;
  refundDate: string;
  flowNo: string;
  receiptFileId: string;
}

export const RefundMessage = {
  notFound: '退还登记不存在',
  stale: '退还登记已被他人处理，请刷新后重试',
  repayment: '请选择已确认的还款',
  amount: '退还金额须大于0',
  over: (leftFen: bigint) => `退还金额超过待退还金额（尚可退还 ${formatFen(leftFen)} 元）`,
  date: '退还日期不是合法的日期',
  future: '退还日期不能晚于今天',
  beforeRepayment: (valueDate: string) => `退还日期不能早于还款起息日 ${valueDate}`,
  flowNo: '请填写银行流水号（不超过40个字）',
  flowTaken: '该银行流水号已登记退还',
  receipt: '请上传退款回单',
  own: '不能确认或驳回本人登记的退还',
} as const;

export interface RefundDraft {
  amountFen: bigint;
  refundDate: string;
  flowNo: string;
  receiptFileId: string;
}

/**
 * Every refusal of a refund of a repayment with value date `valueDate` of which `leftFen` is still to refund (its
 * 待退还 less what other refunds, confirmed or waiting, take), on the app's day `today`.
 */
export function refundProblems(d: RefundDraft, today: string, valueDate: string, leftFen: bigint): string[] {
  const out: string[] = [];
  if (d.amountFen <= 0n) out.push(RefundMessage.amount);
  else if (d.amountFen > leftFen) out.push(RefundMessage.over(leftFen < 0n ? 0n : leftFen));
  if (!isCalendarDate(d.refundDate)) out.push(RefundMessage.date);
  else if (d.refundDate > today) out.push(RefundMessage.future);
  else if (d.refundDate < valueDate) out.push(RefundMessage.beforeRepayment(valueDate));
  const flow = d.flowNo.trim();
  if (!flow || [...flow].length > 40) out.push(RefundMessage.flowNo);
  if (!d.receiptFileId) out.push(RefundMessage.receipt);
  return out;
}

/** Confirmed as a repayment is: the reviewers REPAYMENT names, level by level, never the registrar. */
export const REFUND_ITEMS: WorkflowTable<RefundStatus, Refund, ItemFacts> = {
  noun: '退还登记',
  statusOf: (r) => r.status,
  transitions: reviewedTransitions({ menu: REPAYMENT_LIST_PATH, confirmLabel: '确认退还', own: RefundMessage.own }),
};

/** Where a refund stands, as its row and the message after a move say it. */
export const refundStanding = (r: Pick<Refund, 'status' | 'review'>) => reviewedStanding(REFUND_STATUS_LABEL, r);
