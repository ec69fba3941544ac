// The amount of a payment order that a new financing may still rest on (BUSINESS.md §3 "Eligible amount per
// order"): what the project company confirmed, less what it already paid, what applications in flight reserve
// and what is already financed — never below zero. One function, so the list's column, the footer's sum and
// any later application form agree. Amounts are 分.
export interface EligibleInput {
  confirmedAmount: number | null;
  paidAmount: number | null;
  reservedAmount: number | null;
  financedAmount: number | null;
}

export function eligibleAmount(order: EligibleInput): number {
  const left =
    (order.confirmedAmount ?? 0) - (order.paidAmount ?? 0) - (order.reservedAmount ?? 0) - (order.financedAmount ?? 0);
  return left > 0 ? left : 0;
}

/** The most a confirmation may confirm: the receivable not yet paid (BUSINESS.md §2 "paid ≤ receivable"). */
export function confirmableAmount(order: { receivableAmount: number | null; paidAmount: number | null }): number {
  const left = (order.receivableAmount ?? 0) - (order.paidAmount ?? 0);
  return left > 0 ? left : 0;
}
