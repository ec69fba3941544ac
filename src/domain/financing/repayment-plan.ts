// 还款计划 (BUSINESS.md §2 RepaymentPlan, §4 /business/repaymentplan, /repaymentPlanInfo): the REPAYING stage's list
// on the kit — every registered loan with its plan's totals — and an installment as stored and as a plan shows
// it: each component due and paid in 分, what is owed, the close of business's status (部分还款 shown, not stored)
// and the overdue days. Repayments and the daily penalty add to the paid and accrued amounts of these rows.
import { INSTALLMENT_STATUS_LABEL, type InstallmentStatus } from './installment-status';
import { type Installment, daysBetween } from './repayment-schedule';
import { childStage } from '../stage/stage';
import { REPAYMENT_METHOD_LABEL } from '../funds/fund-product.resource';
import { RISK_CLASS_LABEL } from './close-of-business';
import { fenToWire } from '../decimal/wire-fen';

/** The loan's flag for write-off review (overdue past 180 days), a code on the wire as every enum. */
export const WRITE_OFF_REVIEW_LABEL: Readonly<Record<'YES' | 'NO', string>> = { YES: '待核销审查', NO: '否' };

export const PLAN_LIST_PATH = '/business/repaymentplan';
export const PLAN_INFO_PATH = '/repaymentPlanInfo';
export const PLAN_API = '/api/business/repayment-plan';

/** 还款计划's list: every registered loan with its plan's totals. */
export const PLAN_STAGE = childStage({
  stage: 'REPAYING',
  name: 'repaymentPlan',
  api: PLAN_API,
  listPath: PLAN_LIST_PATH,
  makePath: PLAN_INFO_PATH,
  title: '还款计划',
  // The plan's rows with the risk class and write-off flag the close of business last stored on the loan.
  view: { table: 'repayment_plan_risk_view', id: 'plan_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'loanNo', label: '放款编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    // Beside the supplier, so a phone's card of the loan shows it among its key fields.
    {
      key: 'riskClass',
      label: '风险分类',
      type: 'enum',
      options: RISK_CLASS_LABEL,
      search: 'eq',
      optionTones: { NORMAL: 'success', SPECIAL_MENTION: 'warning', SUBSTANDARD: 'danger' },
      list: { width: 90 },
    },
    { key: 'capitalSideName', label: '资金方', type: 'text', list: { width: 120 } },
    { key: 'loanAmount', label: '放款额', type: 'money', list: { width: 110 } },
    { key: 'remainingPrincipal', label: '剩余本金', type: 'money', list: { width: 110 } },
    { key: 'nextDueDate', label: '下期日期', type: 'date', list: { width: 100 } },
    { key: 'nextDueAmount', label: '下期金额', type: 'money', list: { width: 110 } },
    { key: 'overdueDays', label: '逾期天数', type: 'int', list: { width: 80 } },
    {
      key: 'writeOffReview',
      label: '核销审查',
      type: 'enum',
      options: WRITE_OFF_REVIEW_LABEL,
      search: 'eq',
      optionTones: { YES: 'danger', NO: 'subtle' },
      list: { width: 100 },
    },
    { key: 'maturityDate', label: '到期日', type: 'date', search: 'range', list: { width: 100 } },
    { key: 'repaymentMethod', label: '还款方式', type: 'enum', options: REPAYMENT_METHOD_LABEL },
    { key: 'annualRate', label: '年利率', type: 'rate' },
    { key: 'totalInterest', label: '利息合计', type: 'money' },
    { key: 'totalOwed', label: '未还合计', type: 'money' },
    { key: 'loanDate', label: '放款日', type: 'date' },
  ],
  titleField: 'loanNo',
  order: { key: 'loanDate', direction: 'desc' },
});

/** An installment as stored: what is due and what was paid, per component, 分. */
export interface StoredInstallment {
  periodNo: number;
  startDate: string;
  dueDate: string;
  principalDue: bigint;
  interestDue: bigint;
  feeDue: bigint;
  penaltyAccrued: bigint;
  principalPaid: bigint;
  interestPaid: bigint;
  feePaid: bigint;
  penaltyPaid: bigint;
  status: InstallmentStatus;
  overdueDays: number;
}

/** The stored rows of a new schedule (nothing paid, nothing accrued). */
export const installmentsOf = (schedule: readonly Installment[]): StoredInstallment[] =>
  schedule.map((i) => ({
    periodNo: i.periodNo,
    startDate: i.startDate,
    dueDate: i.dueDate,
    principalDue: i.principalFen,
    interestDue: i.interestFen,
    feeDue: 0n,
    penaltyAccrued: 0n,
    principalPaid: 0n,
    interestPaid: 0n,
    feePaid: 0n,
    penaltyPaid: 0n,
    status: 'NOT_DUE',
    overdueDays: 0,
  }));

/** An installment as the plan page shows it: money in 分 as wire integers (checked, never rounded), owed per component. */
export function installmentView(i: StoredInstallment) {
  const owed = {
    principal: i.principalDue - i.principalPaid,
    interest: i.interestDue - i.interestPaid,
    fee: i.feeDue - i.feePaid,
    penalty: i.penaltyAccrued - i.penaltyPaid,
  };
  const paid = i.principalPaid + i.interestPaid + i.feePaid + i.penaltyPaid;
  const owedTotal = owed.principal + owed.interest + owed.fee + owed.penalty;
  return {
    periodNo: i.periodNo,
    startDate: i.startDate,
    dueDate: i.dueDate,
    days: daysBetween(i.startDate, i.dueDate),
    principalDue: fenToWire(i.principalDue),
    interestDue: fenToWire(i.interestDue),
    feeDue: fenToWire(i.feeDue),
    penaltyAccrued: fenToWire(i.penaltyAccrued),
    principalPaid: fenToWire(i.principalPaid),
    interestPaid: fenToWire(i.interestPaid),
    feePaid: fenToWire(i.feePaid),
    penaltyPaid: fenToWire(i.penaltyPaid),
    paidTotal: fenToWire(paid),
    owedPrincipal: fenToWire(owed.principal),
    owedInterest: fenToWire(owed.interest),
    owedFee: fenToWire(owed.fee),
    owedPenalty: fenToWire(owed.penalty),
    owedTotal: fenToWire(owedTotal),
    status: i.status,
    // 部分还款 (§2) is shown, not stored: something paid, something still owed. An overdue installment reads 逾期
    // however much of it was paid: what is late is what the risk head and the collector look for.
    statusLabel:
      paid > 0n && owedTotal > 0n && i.status !== 'OVERDUE' ? '部分还款' : INSTALLMENT_STATUS_LABEL[i.status],
    overdueDays: i.overdueDays,
  };
}
export type InstallmentView = ReturnType<typeof installmentView>;
