// 还款登记 (BUSINESS.md "Decisions for the lifecycle's second half": Repayment; §3 allocation, early repayment) on
// the stage kit's items: a repaying business has many repayments, each with its own status and version. FINANCE
// registers one (payer, amount in 分, value date not after today, bank flow number, receipt); a different FINANCE
// user confirms or rejects it — whoever the review type REPAYMENT (审核类型配置) names, as configured when the
// repayment was registered, the registrar never among them (reviewed-items.ts). The last level's confirmation
// applies it to the stored installments (`applyRepayment`, repayment-apply.ts, of the money library). A rejection
// changes nothing but the repayment.
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import { childStage } from '../stage/stage';
import type { ItemFacts } from '../workflow/items';
import { type ReviewedItem, reviewedStanding, reviewedTransitions } from '../workflow/reviewed-items';
import type { WorkflowTable } from '../workflow/workflow';
import { isCalendarDate } from '../calendar/calendar-date';
import type { StateKey } from './lifecycle';

export const REPAYMENT_API = '/api/business/repayment';
export const REPAYMENT_LIST_PATH = '/business/paymentRegistration';
/** The name under which the repayments hand the plan every part allocated to an installment. */
export const REPAYMENT_ALLOCATIONS_SOURCE = 'repayment.allocations';

/** One part of a confirmed repayment on one installment, as the plan shows it (分 as numbers). */
export interface AllocationView {
  periodNo: number;
  repaymentNo: string;
  valueDate: string;
  kind: 'DUE' | 'EARLY';
  fee: number;
  penalty: number;
  interest: number;
  principal: number;
}

/** 还款登记's list: every registered loan (the plan's view), whose 查看 opens its repayments on the same page. */
export const REPAYMENT_STAGE = childStage({
  stage: 'REPAYING',
  name: 'repayment',
  api: REPAYMENT_API,
  listPath: REPAYMENT_LIST_PATH,
  makePath: REPAYMENT_LIST_PATH,
  title: '还款登记',
  view: { table: 'repayment_plan_view', id: 'plan_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'loanNo', label: '放款编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    { key: 'loanAmount', label: '放款额', type: 'money', list: { width: 110 } },
    { key: 'remainingPrincipal', label: '剩余本金', type: 'money', list: { width: 110 } },
    { key: 'totalOwed', label: '未还合计', type: 'money', list: { width: 110 } },
    { key: 'nextDueDate', label: '下期日期', type: 'date', list: { width: 100 } },
    { key: 'overdueDays', label: '逾期天数', type: 'int', list: { width: 80 } },
    { key: 'repaymentMethod', label: '还款方式', type: 'enum', options: REPAYMENT_METHOD_LABEL },
    { key: 'maturityDate', label: '到期日', type: 'date' },
  ],
  titleField: 'loanNo',
  order: { key: 'loanDate', direction: 'desc' },
});

/** The business states in which repayments are registered and confirmed. */
export const REPAYMENT_STATES: readonly StateKey[] = ['REPAYING/NORMAL', 'REPAYING/OVERDUE'];

export type RepaymentStatus = ReviewedItem['status'];

export const REPAYMENT_STATUS_LABEL: Readonly<Record<RepaymentStatus, string>> = {
  PENDING: '待确认',
  CONFIRMED: '已确认',
  REJECTED: '已驳回',
};

/** A repayment; its review is REPAYMENT's as configured at registration (null before one was read). */
export interface Repayment extends ReviewedItem {
  payer: string;
  amountFen: bigint;
  valueDate: string;
  flowNo: string;
  receiptFileId: string;
}

export const RepaymentMessage = {
  notFound: '还款登记不存在',
  stale: '还款登记已被他人处理，请刷新后重试',
  own: '不能确认或驳回本人登记的还款',
  payer: '请填写付款方（不超过60个字）',
  amount: '还款金额须大于0',
  date: '起息日不是合法的日期',
  future: '起息日不能晚于今天',
  beforeLoan: '起息日不能早于放款日',
  flowNo: '请填写银行流水号（不超过40个字）',
  flowTaken: '该银行流水号已登记',
  receipt: '请上传还款回单',
  backdated: (last: string) => `起息日不能早于已确认的提前还款起息日 ${last}`,
  nothingOwed: '该笔贷款已无未还款项',
} as const;

/** What a registration carries. */
export interface RepaymentDraft {
  payer: string;
  amountFen: bigint;
  valueDate: string;
  flowNo: string;
  receiptFileId: string;
}

/** Every refusal of a registration on the app's day `today` for a loan lent on `loanDate`. */
export function registrationProblems(d: RepaymentDraft, today: string, loanDate: string): string[] {
  const out: string[] = [];
  const payer = d.payer.trim();
  if (!payer || [...payer].length > 60) out.push(RepaymentMessage.payer);
  if (d.amountFen <= 0n) out.push(RepaymentMessage.amount);
  if (!isCalendarDate(d.valueDate)) out.push(RepaymentMessage.date);
  else if (d.valueDate > today) out.push(RepaymentMessage.future);
  else if (d.valueDate < loanDate) out.push(RepaymentMessage.beforeLoan);
  const flow = d.flowNo.trim();
  if (!flow || [...flow].length > 40) out.push(RepaymentMessage.flowNo);
  if (!d.receiptFileId) out.push(RepaymentMessage.receipt);
  return out;
}

export const REPAYMENT_ITEMS: WorkflowTable<RepaymentStatus, Repayment, ItemFacts> = {
  noun: '还款登记',
  statusOf: (r) => r.status,
  // The last level's confirmation applies the repayment (the gateway's store).
  transitions: reviewedTransitions({ menu: REPAYMENT_LIST_PATH, confirmLabel: '确认', own: RepaymentMessage.own }),
};

/** Where a repayment stands, as its row and the message after a move say it (第1级已确认，待第2级确认). */
export const repaymentStanding = (r: Pick<Repayment, 'status' | 'review'>) =>
  reviewedStanding(REPAYMENT_STATUS_LABEL, r);
