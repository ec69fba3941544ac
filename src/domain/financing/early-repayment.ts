// Early and partial repayment (BUSINESS.md "Repayment" and §3): what a repayment leaves unapplied once every
// installment due is paid prepays principal. On the value date the borrower pays the interest the whole
// balance has run up since the current period began, I = round(Bal·R·d/B), and the early-repayment fee,
// Bal × earlyRepayFeeRate — on the balance before the prepayment, as §3 writes it, not on the part prepaid.
// Neither depends on how much is prepaid, so the rest of the payment, up to the balance, is principal. The
// installments not yet due keep their dates and are recomputed on the smaller balance by the loan's method;
// the current period restarts on the value date and, its interest already paid up to then, runs from there by
// actual days over the basis (a broken period), the later ones as the schedule computes them.
import {
  addMonths,
  annuityPaymentFen,
  daysBetween,
  type Installment,
  interestForDays,
  monthlyRate,
  type RepaymentMethod,
  rateFraction,
  roundHalfUp,
} from './repayment-schedule';

export interface EarlyRepaymentInput {
  method: RepaymentMethod;
  annualRate: string;
  dayCountBasis: 360 | 365;
  /** The product's early-repayment fee rate on the balance, e.g. '0.0050'. */
  earlyRepayFeeRate: string;
  /** The loan date: the regular start of monthly period k is loanDate + (k − 1) months. */
  loanDate: string;
  /** The installments whose due date is after the value date, in order; their principal is the balance. */
  remaining: Installment[];
  valueDate: string;
  /** What is left of the payment once everything due is paid, 分. */
  amountFen: bigint;
}

export interface EarlyRepaymentResult {
  /** Interest on the balance from the current period's start to the value date. */
  interestFen: bigint;
  feeFen: bigint;
  /** Principal prepaid. */
  principalFen: bigint;
  /** What not even the whole balance used up (to be refunded). */
  unappliedFen: bigint;
  /** The recomputed installments; none when the balance is paid off. */
  installments: Installment[];
}

export function earlyRepayment(input: EarlyRepaymentInput): EarlyRepaymentResult {
  if (input.amountFen < 0n) throw new Error('还款金额不能为负');
  const first = input.remaining[0];
  const balance = input.remaining.reduce((sum, i) => sum + i.principalFen, 0n);
  if (balance === 0n || !first) throw new Error('没有未还的本金，无须提前还款');
  if (input.valueDate < first.startDate || input.valueDate >= first.dueDate) throw new Error('起息日须在当期之内');
  const R = rateFraction(input.annualRate);
  const fee = rateFraction(input.earlyRepayFeeRate);
  const interestFen = interestForDays(balance, R, daysBetween(first.startDate, input.valueDate), input.dayCountBasis);
  const feeFen = roundHalfUp(balance * fee.n, fee.d);
  // Too little to cover the interest and the fee prepays nothing and charges nothing.
  if (input.amountFen <= interestFen + feeFen)
    return {
      interestFen: 0n,
      feeFen: 0n,
      principalFen: 0n,
      unappliedFen: input.amountFen,
      installments: input.remaining,
    };
  const rest = input.amountFen - interestFen - feeFen;
  const principalFen = rest < balance ? rest : balance;
  return {
    interestFen,
    feeFen,
    principalFen,
    unappliedFen: rest - principalFen,
    installments: recompute(input, balance - principalFen),
  };
}

function recompute(input: EarlyRepaymentInput, balance: bigint): Installment[] {
  if (balance === 0n) return [];
  const R = rateFraction(input.annualRate);
  const r = monthlyRate(R);
  const n = input.remaining.length;
  const monthly = input.method === 'EQUAL_INSTALLMENT' || input.method === 'EQUAL_PRINCIPAL';
  const payment = annuityPaymentFen(balance, r, n);
  const part = balance / BigInt(n);
  let left = balance;
  return input.remaining.map((old, i) => {
    const startDate = i === 0 ? input.valueDate : old.startDate;
    const regular = monthly && startDate === addMonths(input.loanDate, old.periodNo - 1);
    const interestFen = regular
      ? roundHalfUp(left * r.n, r.d)
      : interestForDays(left, R, daysBetween(startDate, old.dueDate), input.dayCountBasis);
    let principalFen: bigint;
    if (i === n - 1) principalFen = left;
    else if (input.method === 'EQUAL_PRINCIPAL') principalFen = part;
    else if (input.method === 'EQUAL_INSTALLMENT') {
      // A broken period is at most 30 days, so its interest never exceeds r·Bal, nor the payment; a tiny
      // balance over many periods could over-pay by rounding: never more than what is left.
      const due = payment - interestFen;
      principalFen = due > left ? left : due;
    } else principalFen = 0n;
    left -= principalFen;
    return {
      periodNo: old.periodNo,
      startDate,
      dueDate: old.dueDate,
      principalFen,
      interestFen,
      totalFen: principalFen + interestFen,
    };
  });
}
