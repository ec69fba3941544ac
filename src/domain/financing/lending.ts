// 放款 (BUSINESS.md §2 Loan; §4 /business/lendingRegistration; "Decisions for the lifecycle's second half": Lending) on the stage kit. FINANCE registers the
// loan (登记放款 is the LENDING review stage's 提交) and OPS reviews it (复核 通过 / 退回, never the registrar: the
// review snapshot excludes its writers); the approval makes the business repay, with the schedule of
// `buildRepaymentSchedule` stored (repayment-plan.ts). What is pure lives here: the list on the kit, the
// registration's rule, 实际到账, the schedule's input from the approved terms and the 中登 deadline.
import { type RepaymentMethod, type ScheduleInput, addDays, buildRepaymentSchedule } from './repayment-schedule';
import { type ChildStatus, childStage } from '../stage/stage';
import { formatFen } from '../format/money-format';

export const LENDING_LIST_PATH = '/business/lendingRegistration';
export const LENDING_API = '/api/business/lending';

/** The 中登 transfer registration is due within this many days after the loan date (S10, S13). */
export const ZHONGDENG_DAYS = 10;

/** 放款登记's list: every business that reached 放款, its loan once registered. */
export const LENDING_STAGE = childStage({
  stage: 'LENDING',
  name: 'lending',
  api: LENDING_API,
  listPath: LENDING_LIST_PATH,
  makePath: LENDING_LIST_PATH,
  title: '放款登记',
  view: { table: 'lending_view', id: 'lending_id' },
  fields: [
    { key: 'businessNo', label: '业务编号', type: 'text', max: 20, search: 'like', list: { width: 150 } },
    { key: 'supplierId', label: '供应商', type: 'text', detail: false },
    { key: 'supplierName', label: '供应商', type: 'text', search: 'like', list: { width: 130 } },
    { key: 'capitalSideName', label: '资金方', type: 'text', list: { width: 120 } },
    { key: 'approvedAmount', label: '批复额', type: 'money', list: { width: 110 } },
    { key: 'decisionValidUntil', label: '决议有效期至', type: 'date', list: { width: 100 } },
    { key: 'loanNo', label: '放款编号', type: 'text', search: 'like', list: { width: 150 } },
    { key: 'loanAmount', label: '放款额', type: 'money', list: { width: 110 } },
    { key: 'loanDate', label: '放款日', type: 'date', search: 'range', list: { width: 100 } },
    { key: 'maturityDate', label: '到期日', type: 'date', list: { width: 100 } },
    { key: 'zhongdengRegNo', label: '中登登记编号', type: 'text' },
    { key: 'updatedAt', label: '更新时间', type: 'datetime' },
  ],
  titleField: 'businessNo',
  order: { key: 'updatedAt', direction: 'desc' },
});

export type LendingStatus = ChildStatus;

export const LOAN_STATUS_LABEL = { PENDING: '待复核', CANCELLED: '已撤销', REGISTERED: '已登记' } as const;
export type LoanStatus = keyof typeof LOAN_STATUS_LABEL;

/** What 登记放款 sends: money in 分, the loan date, the receipt's file. */
/** A loan registration as the rule reads it; amounts in 分. */
export interface LoanRegistration {
  amount: bigint;
  loanDate: string;
  upfrontInterest: bigint;
  serviceFee: bigint;
  receiptFileId: string;
}

/** What the registration is held to: the amounts approved, today, the decision's validity. */
export interface LoanBounds {
  /** 批复额, 分. */
  approvedFen: bigint;
  /** 资金方批复额 (the capital side's approval; the approved amount while the push records none), 分. */
  capitalApprovedFen: bigint;
  /** The app's today, YYYY-MM-DD. */
  today: string;
  /** The decision's approval day and the last day it may be lent on. */
  validFrom: string | null;
  validUntil: string | null;
}

export const LendingMessage = {
  amount: '放款金额须大于0',
  overCapital: (limit: bigint) => `放款金额不能超过资金方批复额 ${formatFen(limit)} 元`,
  overApproved: (limit: bigint) => `资金方批复额不能超过批复金额 ${formatFen(limit)} 元`,
  future: '放款日不能晚于今天',
  beforeDecision: '放款日不能早于决议通过日',
  lapsed: (until: string) => `放款日须在决议有效期内（至 ${until}）`,
  deductions: '前置利息与服务费不能为负数',
  net: '实际到账金额须大于0',
  receipt: '请上传放款回单',
  missing: '尚未登记放款',
  noTerms: '业务缺少批复的利率、期限或还款方式',
  regNo: '请填写中登登记编号（不超过30个字）',
  regDate: (due: string) => `中登登记日期须在放款日至 ${due} 之间，且不晚于今天`,
  notRegistered: '放款尚未复核通过，不能登记中登信息',
  quota: '资金产品可用额度不足',
} as const;

/** 实际到账 = 放款金额 − 前置利息 − 服务费 (§2, S1). */
export const netAmountFen = (amount: bigint, upfrontInterest: bigint, serviceFee: bigint) =>
  amount - upfrontInterest - serviceFee;

/** Every refusal of a loan registration (the REGISTER_LOAN rule and the make form, in this order). */
export function loanProblems(loan: LoanRegistration, b: LoanBounds): string[] {
  const out: string[] = [];
  const amount = loan.amount;
  if (amount <= 0n) out.push(LendingMessage.amount);
  if (b.capitalApprovedFen > b.approvedFen) out.push(LendingMessage.overApproved(b.approvedFen));
  if (amount > b.capitalApprovedFen) out.push(LendingMessage.overCapital(b.capitalApprovedFen));
  if (loan.loanDate > b.today) out.push(LendingMessage.future);
  if (b.validFrom && loan.loanDate < b.validFrom) out.push(LendingMessage.beforeDecision);
  if (b.validUntil && loan.loanDate > b.validUntil) out.push(LendingMessage.lapsed(b.validUntil));
  if (loan.upfrontInterest < 0n || loan.serviceFee < 0n) out.push(LendingMessage.deductions);
  else if (netAmountFen(amount, loan.upfrontInterest, loan.serviceFee) <= 0n) {
    out.push(LendingMessage.net);
  }
  if (!loan.receiptFileId) out.push(LendingMessage.receipt);
  return out;
}

/** The approved terms the schedule is built from. */
export interface LoanTerms {
  amountFen: bigint;
  annualRate: string;
  method: RepaymentMethod;
  loanDate: string;
  termDays: number;
  dayCountBasis: 360 | 365;
}

/** Monthly periods of a term in days (30 days a month, at least one). */
export const periodsOf = (termDays: number) => Math.max(1, Math.round(termDays / 30));

/** The schedule's input: BULLET due after the term's days, the other methods in monthly periods. */
export function scheduleInputOf(t: LoanTerms): ScheduleInput {
  const base = {
    principalFen: t.amountFen,
    annualRate: t.annualRate,
    method: t.method,
    loanDate: t.loanDate,
    dayCountBasis: t.dayCountBasis,
  };
  return t.method === 'BULLET'
    ? { ...base, dueDate: addDays(t.loanDate, t.termDays) }
    : { ...base, periods: periodsOf(t.termDays) };
}

/** The loan's schedule from its terms: the one pure function, on both sides. */
export const scheduleOf = (t: LoanTerms) => buildRepaymentSchedule(scheduleInputOf(t));

/** The last day the 中登 registration may carry. */
export const zhongdengDueDate = (loanDate: string) => addDays(loanDate, ZHONGDENG_DAYS);

/** The refusal of a 中登 registration, or null. */
export function zhongdengProblem(regNo: string, regDate: string, loanDate: string, today: string): string | null {
  const no = regNo.trim();
  if (!no || [...no].length > 30) return LendingMessage.regNo;
  const due = zhongdengDueDate(loanDate);
  return regDate < loanDate || regDate > due || regDate > today ? LendingMessage.regDate(due) : null;
}
